/**
 * Chaos: registrations keep flowing when a NATS node dies (issue 19 item 11).
 *
 * The product runs on three local nats-server processes in one JetStream cluster, streams with 3
 * replicas (tests/support/stack.ts `natsCluster`); the workers connect through node n1, which is
 * made the leader of the check-in consumer (and of the EVISITOR stream when the election allows).
 * Guests check in one every 250 ms; a third of the way through, n1 is SIGKILLed. Every guest must
 * be registered with the eVisitor simulator exactly once, and none later than 10 s after the kill
 * (or after its own check-in, for those who came later). Before the fix the check-in consumer
 * sat silent for 27–43 s (the client library's 30 s pull expiry); the consume watchdog
 * (workers/runner/consume-watchdog.ts) resumes it within seconds.
 *
 * Then the quorum is lost (two nodes killed): /api/health must say JetStream is down while the
 * API stays connected, a guest checking in meanwhile waits in the outbox, and once a node is back
 * health says ready and the guest is registered. Last, the check-in consumer's leader steps down
 * with the nodes up (a leadership change, as in a rolling restart): a guest checking in right
 * after is registered within 10 s (before the fix such a change also stalled it for ~40 s).
 *
 * Figures: bench/nats-failover.ts, docs/benchmarks.md.
 */
import assert from "node:assert/strict";
import { countLogLines } from "../support/chaos-stack.ts";
import {
  runLeaderStepDown,
  runNodeFailover,
  runQuorumLoss,
  startFailoverStack,
} from "../support/nats-failover.ts";
import { untilJetStreamAnswers } from "../support/nats-server.ts";

const GUESTS = 30;
const STAYS = 15;

Deno.test({
  name: "chaos: the NATS node leading the check-in consumer dies mid-stream; every guest is " +
    "registered once, none later than 10 s after; lost quorum shows in /api/health",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const env = await startFailoverStack(STAYS);
    try {
      await t.step("the workers' node, leading the check-in consumer, is killed", async () => {
        const figures = await runNodeFailover(env, { guests: GUESTS, paceMs: 250, killAfter: 10 });
        const worst = Math.max(...figures.latenessSeconds);
        console.log(
          `[nats-failover] ${figures.killed} killed (led the stream too: ${figures.ledStream}), ` +
            `${figures.pendingAtFault} guests waiting then; new consumer leader after ` +
            `${figures.newLeaderSeconds.toFixed(1)} s, no registration for ` +
            `${figures.stallSeconds.toFixed(1)} s, worst guest ` +
            `${worst.toFixed(1)} s, all registered ${figures.drainedSeconds.toFixed(1)} s after`,
        );
        assert.deepEqual(figures.missing, [], "every guest registered");
        assert.deepEqual(figures.duplicates, [], "no guest registered twice");
        assert.ok(
          worst <= 10,
          `every guest registered within 10 s of the kill or of its check-in: ${
            figures.latenessSeconds.map((s) => s.toFixed(1))
          }\n${[...figures.timeline, ...figures.logLines].join("\n")}`,
        );
        // What an operator reads afterwards: the workers lost and regained their server.
        assert.ok(await countLogLines(env.stack, "nats disconnected") >= 1, "disconnect logged");
        assert.ok(await countLogLines(env.stack, "nats reconnected") >= 1, "reconnect logged");
      });

      await t.step("quorum lost: health says JetStream is down, then ready again", async () => {
        const [n1] = env.stack.natsCluster!.nodes;
        await n1.start();
        await untilJetStreamAnswers(n1.urls.test);
        const figures = await runQuorumLoss(env, GUESTS);
        console.log(
          `[nats-failover] quorum lost: health said so after ${
            figures.detectedSeconds.toFixed(1)
          } s, ready ${figures.recoveredSeconds.toFixed(1)} s after a node returned; the guest ` +
            `who checked in meanwhile registered ${
              figures.registeredAfterRestoreSeconds.toFixed(1)
            } s after`,
        );
        assert.deepEqual(figures.downAnswer, {
          status: 503,
          body: { status: "degraded", database: "up", nats: "up", jetstream: "down" },
        });
        assert.ok(figures.detectedSeconds < 10, "health notices within seconds");
        assert.ok(await countLogLines(env.stack, "jetstream not ready") >= 1, "logged");
      });

      await t.step("the check-in consumer's leader steps down: no stall", async () => {
        const figures = await runLeaderStepDown(env, GUESTS + 1);
        console.log(
          `[nats-failover] leader moved ${figures.from} → ${figures.to}; a guest checked in ` +
            `right after registered ${figures.registeredSeconds.toFixed(1)} s after the step-down`,
        );
        assert.notEqual(figures.to, figures.from, "the leadership moved");
        assert.ok(figures.registeredSeconds < 10, "registered within seconds");
      });
    } finally {
      await env.stop();
    }
  },
});
