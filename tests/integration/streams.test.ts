import assert from "node:assert/strict";
import { jetstreamManager, StorageType } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { STREAMS } from "@shared/events.ts";
import { ensureStreams } from "../../workers/runner/streams.ts";
import { natsConnectOptions } from "@core/platform/nats.ts";
import { startNatsServer } from "../support/nats-server.ts";

const DAY_NS = 24 * 60 * 60 * 1e9;

Deno.test({
  name: "the streams keep events 30 days and dead letters 90, on new streams and on older ones",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const server = await startNatsServer();
    const nc = await connect(natsConnectOptions(server.urls.workers, "streams-test"));
    try {
      const jsm = await jetstreamManager(nc);
      // A stream as an earlier release made it: no age limit.
      await jsm.streams.add({
        name: "EVISITOR",
        subjects: ["evisitor.>"],
        storage: StorageType.File,
      });
      await jsm.streams.add({ name: "DLQ", subjects: ["dlq.>"], storage: StorageType.File });
      await ensureStreams(jsm);
      await ensureStreams(jsm); // idempotent

      const ages: Record<string, number> = {};
      for (const stream of STREAMS) {
        const info = await jsm.streams.info(stream.name);
        ages[stream.name] = info.config.max_age / DAY_NS;
        assert.deepEqual(info.config.subjects, [...stream.subjects]);
      }
      assert.deepEqual(ages, {
        SUPPORT: 30,
        ACCOUNTS: 30,
        EVISITOR: 30,
        CALENDAR: 30,
        NOTIFICATIONS: 30,
        DLQ: 90,
      });
    } finally {
      await nc.close();
      await server.dispose();
    }
  },
});
