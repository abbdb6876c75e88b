import {
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamManager,
  StorageType,
} from "@nats-io/jetstream";
import { nanos } from "@nats-io/nats-core";
import { STREAMS } from "@shared/events.ts";
import { describeError, log } from "@core/platform/logger.ts";
import { sleep } from "./sleep.ts";

/**
 * Creates the streams the product uses, or brings their subjects and age limit up to date and
 * their replica count up to `replicas` (NATS_STREAM_REPLICAS: 1 on a single server, 3 on a 3-node
 * cluster, so a stream survives the loss of a node). Never lowers the replicas: one process started
 * without the setting must not undo the cluster's. Idempotent.
 */
export async function ensureStreams(
  jsm: JetStreamManager,
  { replicas = 1 }: { replicas?: number } = {},
): Promise<void> {
  for (const stream of STREAMS) {
    const subjects = [...stream.subjects];
    const maxAge = maxAgeOf(stream);
    try {
      const info = await jsm.streams.info(stream.name);
      const current = info.config.subjects ?? [];
      const currentReplicas = info.config.num_replicas ?? 1;
      if (
        current.join() !== subjects.join() || currentReplicas < replicas ||
        info.config.max_age !== maxAge
      ) {
        await jsm.streams.update(stream.name, {
          ...info.config,
          subjects,
          num_replicas: Math.max(currentReplicas, replicas),
          max_age: maxAge,
        });
      }
    } catch (error) {
      if (
        !(error instanceof JetStreamApiError) || error.code !== JetStreamApiCodes.StreamNotFound
      ) throw error;
      await jsm.streams.add(newStreamConfig(stream, replicas));
    }
  }
}

/**
 * JetStream answers of a cluster that is still forming or electing: no suitable peers for
 * placement (10005: not every node has joined yet), JetStream temporarily unavailable (10008),
 * cluster cannot handle the request (10009: no meta leader), or no answer at all.
 */
const NOT_READY_CODES = new Set([10005, 10008, 10009]);

export function isClusterNotReady(error: unknown): boolean {
  if (error instanceof JetStreamApiError) {
    return NOT_READY_CODES.has(error.code) || error.status === 503;
  }
  return error instanceof Error && /timeout|no ?responders/i.test(`${error.name} ${error.message}`);
}

/**
 * ensureStreams, tried again while the cluster is not ready (a worker started with its nodes, or
 * while one is down): a stream of three replicas cannot be placed before three nodes have
 * joined, and a process that gave up then had no worker at all. Any other refusal (permissions,
 * a bad configuration) is thrown at once. Logs once every 10 s while it waits.
 */
export async function ensureStreamsWhenReady(
  jsm: JetStreamManager,
  options: { replicas?: number },
  signal: AbortSignal,
): Promise<void> {
  let attempts = 0;
  let lastLog = Number.NEGATIVE_INFINITY;
  while (true) {
    try {
      return await ensureStreams(jsm, options);
    } catch (error) {
      if (!isClusterNotReady(error) || signal.aborted) throw error;
      attempts++;
      if (performance.now() - lastLog >= 10_000) {
        lastLog = performance.now();
        log.warn("streams not ready, retrying", { attempts, ...describeError(error) });
      }
      await sleep(500, signal);
    }
  }
}

/** A product stream as it is created: on disk, its subjects, its age limit, `replicas` copies. */
export function newStreamConfig(stream: (typeof STREAMS)[number], replicas: number) {
  return {
    name: stream.name,
    subjects: [...stream.subjects],
    storage: StorageType.File,
    num_replicas: replicas,
    max_age: maxAgeOf(stream),
  };
}

function maxAgeOf(stream: (typeof STREAMS)[number]): number {
  return nanos(stream.maxAgeDays * 24 * 60 * 60 * 1000);
}
