import {
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamManager,
  StorageType,
} from "@nats-io/jetstream";
import { nanos } from "@nats-io/nats-core";
import { STREAMS } from "@shared/events.ts";

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
