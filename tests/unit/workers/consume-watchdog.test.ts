import assert from "node:assert/strict";
import type { ConsumerMessages, ConsumerNotification } from "@nats-io/jetstream";
import { type StallReason, watchConsume } from "../../../workers/runner/consume-watchdog.ts";
import { sleep } from "../../support/wait.ts";

const TIMING = {
  heartbeatMs: 50,
  stallMs: 300,
  lookupTimeoutMs: 100,
  lookupPauseMs: 10,
  expiresMs: 1000,
  pendingCheckMs: 400,
};

/** A consume() as the watchdog sees it: status notifications pushed by the test, and stop(). */
function fakeMessages() {
  const queue: ConsumerNotification[] = [];
  let wake: (() => void) | undefined;
  let stopped = false;
  const messages = {
    stop: () => {
      stopped = true;
      wake?.();
    },
    status: () => ({
      async *[Symbol.asyncIterator]() {
        while (!stopped) {
          const next = queue.shift();
          if (next) yield next;
          else await new Promise<void>((r) => (wake = r));
        }
      },
    }),
  } as unknown as ConsumerMessages;
  return {
    messages,
    notify: (n: ConsumerNotification) => {
      queue.push(n);
      wake?.();
    },
    stopped: () => stopped,
  };
}

const heartbeat: ConsumerNotification = {
  type: "heartbeat",
  lastConsumerSequence: 0,
  lastStreamSequence: 0,
};

/** Resolves with the stall's reason, or "none" if there was none within `ms`. */
function within(stalled: Promise<StallReason>, ms: number): Promise<StallReason | "none"> {
  return Promise.race([stalled, sleep(ms).then(() => "none" as const)]);
}

Deno.test("a waiting consume that gets heartbeats is left alone", async () => {
  const fake = fakeMessages();
  const dog = watchConsume("tests_thing", fake.messages, () => Promise.resolve(0), TIMING);
  const beating = setInterval(() => fake.notify(heartbeat), TIMING.heartbeatMs);
  try {
    assert.equal(await within(dog.stalled, 1000), "none");
    assert.equal(fake.stopped(), false);
  } finally {
    clearInterval(beating);
    dog.dispose();
  }
});

Deno.test("a waiting consume with neither message nor heartbeat is stopped as stalled", async () => {
  const fake = fakeMessages();
  const dog = watchConsume("tests_thing", fake.messages, () => Promise.resolve(0), TIMING);
  const started = performance.now();
  assert.equal(await within(dog.stalled, 2000), "no heartbeat");
  const after = performance.now() - started;
  assert.ok(after >= TIMING.stallMs && after < TIMING.stallMs + 300, `after ${after} ms`);
  assert.equal(fake.stopped(), true, "its pull is stopped, so the loop starts a new one");
  dog.dispose();
});

Deno.test("a consume busy with a long message is not a stall", async () => {
  const fake = fakeMessages();
  const dog = watchConsume("tests_thing", fake.messages, () => Promise.resolve(5), TIMING);
  dog.received();
  try {
    assert.equal(await within(dog.stalled, 1000), "none");
  } finally {
    dog.dispose();
  }
});

Deno.test("a consumer deleted under the loop stops it at once", async () => {
  const fake = fakeMessages();
  const dog = watchConsume("tests_thing", fake.messages, () => Promise.resolve(0), TIMING);
  fake.notify({ type: "consumer_deleted", code: 409, description: "Consumer Deleted" });
  assert.equal(await within(dog.stalled, 200), "consumer gone");
  dog.dispose();
});

Deno.test("heartbeats but no message while the server holds pending ones: stalled", async () => {
  const fake = fakeMessages();
  const dog = watchConsume("tests_thing", fake.messages, () => Promise.resolve(3), TIMING);
  const beating = setInterval(() => fake.notify(heartbeat), TIMING.heartbeatMs);
  try {
    assert.equal(await within(dog.stalled, 2000), "messages pending but none delivered");
  } finally {
    clearInterval(beating);
    dog.dispose();
  }
});
