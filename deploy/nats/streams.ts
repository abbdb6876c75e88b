/**
 * One-shot set-up of the product's JetStream streams on a NATS cluster, run by the `nats-streams`
 * service of docker-compose.yml before any worker starts: every stream of `STREAMS`
 * (shared/events.ts) is created with NATS_STREAM_REPLICAS replicas (3 in the compose cluster), or
 * an existing stream's replica count is raised to it. The workers' own `ensureStreams`
 * (workers/runner/streams.ts) then finds the streams in place and leaves their replicas alone:
 * it creates missing streams with the server's default of one replica, which would not survive
 * the loss of the node holding it.
 *
 * Settings: NATS_URL (the servers and the `tools` user, nats://tools:password@host:4222, as the API
 * and the workers read theirs) and NATS_STREAM_REPLICAS (default 3). Retries for up to a minute while the cluster elects its JetStream leader.
 *
 *   deno run -A deploy/nats/streams.ts
 */
import { connect } from "@nats-io/transport-node";
import {
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamManager,
  jetstreamManager,
} from "@nats-io/jetstream";
import { z } from "zod";
import { STREAMS } from "@shared/events.ts";
import { commonEnv, parseConfig, runMain } from "@core/platform/config.ts";
import { natsConnectOptions } from "@core/platform/nats.ts";
import { newStreamConfig } from "../../workers/runner/streams.ts";

const StreamsEnv = z.object({
  NATS_URL: commonEnv.NATS_URL,
  /** Copies of every stream; at most the number of nodes in the cluster. */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(3),
});

/** What happened to each stream: "created", "replicas raised" or "unchanged". */
export type StreamOutcome = "created" | "replicas raised" | "unchanged";

/** Creates each stream with `replicas` copies, or raises an existing one's replica count. */
export async function ensureReplicatedStreams(
  jsm: JetStreamManager,
  replicas: number,
): Promise<Record<string, StreamOutcome>> {
  const outcomes: Record<string, StreamOutcome> = {};
  for (const stream of STREAMS) {
    try {
      const info = await jsm.streams.info(stream.name);
      if ((info.config.num_replicas ?? 1) < replicas) {
        await jsm.streams.update(stream.name, { ...info.config, num_replicas: replicas });
        outcomes[stream.name] = "replicas raised";
      } else {
        outcomes[stream.name] = "unchanged";
      }
    } catch (error) {
      if (
        !(error instanceof JetStreamApiError) || error.code !== JetStreamApiCodes.StreamNotFound
      ) throw error;
      await jsm.streams.add(newStreamConfig(stream, replicas));
      outcomes[stream.name] = "created";
    }
  }
  // A stream just created or re-replicated elects its leader first; until then publishing to it
  // finds no responder. Wait for every leader so the workers start on a ready cluster.
  for (const stream of STREAMS) await waitForLeader(jsm, stream.name);
  return outcomes;
}

async function waitForLeader(jsm: JetStreamManager, name: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await jsm.streams.info(name)).cluster?.leader) {
    if (Date.now() > deadline) throw new Error(`stream ${name} has no leader`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

if (import.meta.main) {
  await runMain(async () => {
    const config = parseConfig(StreamsEnv, Deno.env.toObject(), "nats-streams");
    const deadline = Date.now() + 60_000;
    for (let attempt = 1;; attempt++) {
      try {
        const nc = await connect(natsConnectOptions(config.NATS_URL, "nats-streams"));
        try {
          const jsm = await jetstreamManager(nc, { timeout: 10_000 });
          const outcomes = await ensureReplicatedStreams(jsm, config.NATS_STREAM_REPLICAS);
          console.log(JSON.stringify({
            level: "info",
            msg: "streams ready",
            replicas: config.NATS_STREAM_REPLICAS,
            streams: outcomes,
          }));
          return;
        } finally {
          await nc.close();
        }
      } catch (error) {
        // A cluster that is still electing its leader answers "JetStream not enabled" or
        // "insufficient resources" for a few seconds.
        const message = error instanceof Error ? error.message : String(error);
        if (Date.now() > deadline) throw error;
        console.log(JSON.stringify({ level: "warn", msg: "streams not ready", attempt, message }));
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
  });
}
