import assert from "node:assert/strict";
import { z } from "zod";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { runConsumer } from "../../workers/runner/consume.ts";
import { ensureStreams } from "../../workers/runner/streams.ts";
import { defineConsumer } from "../../workers/runner/worker.ts";
import { createTestDatabase } from "../support/database.ts";
import { natsConnectOptions } from "@core/platform/nats.ts";
import { startNatsServer } from "../support/nats-server.ts";
import { sleep, waitFor } from "../support/wait.ts";

const ThingHappened = {
  subject: "tests.thing.happened",
  version: 1,
  payload: z.object({ thingId: z.string() }),
};

const envelope = (id: string, payload: unknown) =>
  JSON.stringify({
    id,
    subject: ThingHappened.subject,
    version: 1,
    occurredAt: new Date().toISOString(),
    payload,
  });

/** A NATS server with the product's streams plus a TESTS stream, and a consumer runner on it. */
async function withRunner(
  handle: (payload: { thingId: string }) => void | Promise<void>,
  fn: (
    ctx: { publish(body: string): Promise<void>; deadLetters(): Promise<Record<string, string>[]> },
  ) => Promise<void>,
) {
  const server = await startNatsServer();
  const database = await createTestDatabase();
  const nc = await connect(natsConnectOptions(server.urls.test, "runner-test"));
  const controller = new AbortController();
  try {
    const jsm = await jetstreamManager(nc);
    await ensureStreams(jsm);
    await jsm.streams.add({ name: "TESTS", subjects: ["tests.>"] });
    const js = jetstream(nc);
    const consumer = defineConsumer({
      name: "tests_thing",
      stream: "TESTS",
      event: ThingHappened,
      handle: async (event) => await handle(event.payload),
    });
    const running = runConsumer(consumer, {
      js,
      pullJs: js,
      jsm,
      ctx: { db: database.db, clock: () => new Date() },
      maxDeliveries: 3,
      retry: { baseMs: 20, maxMs: 50 },
      signal: controller.signal,
    });
    await fn({
      publish: async (body) => void await js.publish(ThingHappened.subject, body),
      deadLetters: async () => {
        const info = await jsm.streams.info("DLQ");
        const letters: Record<string, string>[] = [];
        for (
          let seq = info.state.first_seq;
          seq <= info.state.last_seq && info.state.messages;
          seq++
        ) {
          const msg = await jsm.streams.getMessage("DLQ", { seq });
          if (!msg) continue;
          letters.push({
            subject: msg.subject,
            consumer: msg.header.get("Prijavko-Consumer"),
            reason: msg.header.get("Prijavko-Reason"),
            deliveries: msg.header.get("Prijavko-Deliveries"),
          });
        }
        return letters;
      },
    });
    controller.abort();
    await running;
  } finally {
    controller.abort();
    await nc.close();
    await server.dispose();
    await database.dispose();
  }
}

Deno.test({
  name: "a failing event is retried with backoff and acked once its handler succeeds",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    let calls = 0;
    await withRunner(() => {
      calls++;
      if (calls < 3) throw new Error("eVisitor is down");
    }, async ({ publish, deadLetters }) => {
      await publish(envelope("evt-1", { thingId: "a" }));
      await waitFor(() => calls === 3, { what: "the third delivery" });
      await sleep(300);
      assert.equal(calls, 3, "no delivery after success");
      assert.deepEqual(await deadLetters(), []);
    });
  },
});

Deno.test({
  name: "an event that keeps failing goes to the dead-letter subject after the last delivery",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    let calls = 0;
    await withRunner(() => {
      calls++;
      throw new Error("registration refused");
    }, async ({ publish, deadLetters }) => {
      await publish(envelope("evt-2", { thingId: "b" }));
      const letters = await waitFor(async () => {
        const found = await deadLetters();
        return found.length > 0 && found;
      }, { what: "a dead letter" });
      await sleep(300);
      assert.equal(calls, 3, "exactly maxDeliveries attempts");
      assert.deepEqual(letters, [{
        subject: "dlq.tests.thing.happened",
        consumer: "tests_thing",
        reason: "Error: registration refused",
        deliveries: "3",
      }]);
    });
  },
});

Deno.test({
  name: "an event with an invalid payload is dead-lettered at once, without calling the handler",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    let calls = 0;
    await withRunner(() => void calls++, async ({ publish, deadLetters }) => {
      await publish(envelope("evt-3", { thingId: 42 }));
      await publish("not json at all");
      const letters = await waitFor(async () => {
        const found = await deadLetters();
        return found.length === 2 && found;
      }, { what: "two dead letters" });
      assert.equal(calls, 0);
      assert.deepEqual(letters.map((l) => [l.reason, l.deliveries]), [
        ["invalid payload", "1"],
        ["invalid payload", "1"],
      ]);
    });
  },
});
