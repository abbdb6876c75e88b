import {
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamManager,
  StorageType,
} from "@nats-io/jetstream";
import { STREAMS } from "@shared/events.ts";

/** Creates the streams the product uses, or brings their subjects up to date. Idempotent. */
export async function ensureStreams(jsm: JetStreamManager): Promise<void> {
  for (const stream of STREAMS) {
    const subjects = [...stream.subjects];
    try {
      const info = await jsm.streams.info(stream.name);
      const current = info.config.subjects ?? [];
      if (current.join() !== subjects.join()) {
        await jsm.streams.update(stream.name, { ...info.config, subjects });
      }
    } catch (error) {
      if (
        !(error instanceof JetStreamApiError) || error.code !== JetStreamApiCodes.StreamNotFound
      ) throw error;
      await jsm.streams.add({ name: stream.name, subjects, storage: StorageType.File });
    }
  }
}
