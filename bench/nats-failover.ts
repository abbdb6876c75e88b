/**
 * NATS failover (issue 19 item 11): how long guest registrations stop when the NATS node the
 * workers use, and which leads the check-in consumer, is killed; and how /api/health follows a
 * cluster that loses its quorum.
 *
 *   deno run -A bench/nats-failover.ts [--runs 3] [--guests 30] [--pace 250] [--quorum]
 *
 * Each run starts the product on three local nats-server processes in one JetStream cluster,
 * streams with 3 replicas (tests/support/stack.ts `natsCluster`; the API, the workers and the
 * eVisitor simulator as for the chaos tests), moves the leadership of the check-in consumer and
 * of the EVISITOR stream to n1 (the node the workers are given), registers one guest, then checks
 * guests in one every --pace ms and SIGKILLs n1 a third of the way through
 * (tests/support/nats-failover.ts). Per run it prints:
 *   - new leader: seconds from the kill until the cluster named a new check-in consumer leader;
 *   - stall: the longest time without any registration after the kill;
 *   - worst guest: the longest a guest waited, from its check-in or the kill (the later one);
 *   - drained: seconds from the kill until every guest was registered;
 * and whether each guest was registered exactly once; then the NATS lines the processes logged.
 * With --quorum, one more stack: two nodes killed, then one started again; prints how long
 * /api/health took to say JetStream is down, and ready again, and when a guest who checked in
 * meanwhile was registered; then the check-in consumer's leader is asked to step down (every
 * node up) and a guest checks in right after: prints how long until it was registered.
 *
 * The figures in docs/benchmarks.md come from this script, before the change (the consume loop
 * of workers/runner/consume.ts without its watchdog) and after it.
 */
import { parseArgs } from "node:util";
import {
  runLeaderStepDown,
  runNodeFailover,
  runQuorumLoss,
  startFailoverStack,
} from "../tests/support/nats-failover.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    guests: { type: "string", default: "30" },
    pace: { type: "string", default: "250" },
    quorum: { type: "boolean", default: false },
  },
});
const runs = Number(values.runs);
const guests = Number(values.guests);
const paceMs = Number(values.pace);
const s = (n: number) => Number.isFinite(n) ? `${n.toFixed(1)} s` : "—";

const rows: string[] = [];
for (let run = 1; run <= runs; run++) {
  const env = await startFailoverStack(Math.ceil(guests / 2));
  try {
    const f = await runNodeFailover(env, {
      guests,
      paceMs,
      killAfter: Math.floor(guests / 3),
      timeoutMs: 120_000,
    });
    const worst = Math.max(...f.latenessSeconds);
    const once = f.missing.length === 0 && f.duplicates.length === 0;
    rows.push(
      `| ${run} | ${s(f.newLeaderSeconds)} | ${s(f.stallSeconds)} | ${s(worst)} | ` +
        `${s(f.drainedSeconds)} | ${
          once ? "yes" : `no (${f.missing.length} missing, ` +
            `${f.duplicates.length} twice)`
        } |`,
    );
    console.log(`run ${run}:\n${[...f.timeline, ...f.logLines].join("\n")}`);
  } finally {
    await env.stop();
  }
}
console.log(
  `\n${guests} guests, one every ${paceMs} ms, n1 SIGKILLed after ${Math.floor(guests / 3)}; ` +
    `load average ${Deno.loadavg().map((l) => l.toFixed(2)).join(" ")}`,
);
console.log("| run | new leader | stall | worst guest | drained | each registered once |");
console.log("|---|---|---|---|---|---|");
for (const row of rows) console.log(row);

if (values.quorum) {
  const env = await startFailoverStack(2);
  try {
    const q = await runQuorumLoss(env, 0);
    console.log(
      `\nquorum lost: /api/health said JetStream down after ${s(q.detectedSeconds)} ` +
        `(${JSON.stringify(q.downAnswer.body)}), ready ${s(q.recoveredSeconds)} after a node ` +
        `returned; the guest who checked in meanwhile was registered ` +
        `${s(q.registeredAfterRestoreSeconds)} after it (the node returned ` +
        `${s(q.restartedAfterSeconds)} after the kills)`,
    );
    console.log(q.logLines.join("\n"));
    const d = await runLeaderStepDown(env, 1);
    console.log(
      `\nleader step-down (${d.from} → ${d.to}): a guest checked in right after was registered ` +
        `${s(d.registeredSeconds)} after the request`,
    );
  } finally {
    await env.stop();
  }
}
