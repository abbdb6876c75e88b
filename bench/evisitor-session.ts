/**
 * eVisitor sessions of a batch (issue 19, item 6): ten guests of one host check in at once (three
 * stays, 4 + 4 + 2 guests, sent together as families at three doors), and the workers register
 * them. Measures, per run, the wall time from the first check-in request until every guest is
 * registered, and what eVisitor saw of the host: logins, logouts, lookups (code-list reads) and
 * calls in all, counted by the simulator.
 *
 *   deno run -A bench/evisitor-session.ts [--runs 3] [--latency 0,100]
 *
 * Everything real but eVisitor (the simulator, in this process, answering each call after
 * `--latency` ms, as a remote service would): the API, the relay, the evisitor worker, NATS and a
 * libSQL file. The batch starts 10 s after the account's provisioning and logouts are read 10 s
 * after the last registration, when any idle session has ended.
 */
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { guests } from "@core/db/schema/guests.ts";
import { setLogLevel } from "@core/platform/logger.ts";
import { addDays, todayIn } from "@shared/local-date.ts";
import { postWith } from "../tests/support/accounts.ts";
import {
  connectDemoAccount,
  type EVisitorPipeline,
  propertiesOf,
  withEVisitorPipeline,
} from "../tests/support/evisitor-pipeline.ts";
import { callsOf, DEMO_HOST } from "../tests/support/evisitor-sim.ts";
import { BIRGITTE } from "../tests/support/guests.ts";
import { waitFor } from "../tests/support/wait.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    runs: { type: "string", default: "3" },
    latency: { type: "string", default: "0,100" },
  },
});
const RUNS = Number(values.runs);
const LATENCIES = values.latency.split(",").map(Number);
const PARTIES = [4, 4, 2];
const GUESTS = PARTIES.reduce((a, b) => a + b, 0);
setLogLevel("error");

const LOOKUPS = [
  "CountryLookup",
  "DocumentTtypeLookup",
  "TTPaymentCategoryLookup2",
  "ArrivalOrganisationLookup",
  "OfferedServiceTypeLookup",
  "FacilityTouristCheckInLookup",
];

interface Run {
  latencyMs: number;
  wallMs: number;
  logins: number;
  logouts: number;
  lookups: number;
  calls: number;
}

async function batch(ctx: EVisitorPipeline, latencyMs: number): Promise<Run> {
  await connectDemoAccount(ctx);
  const [property] = await propertiesOf(ctx);
  const today = todayIn("Europe/Zagreb");
  const codes: string[] = [];
  for (const [i] of PARTIES.entries()) {
    const res = await postWith(ctx.app, "/api/Reservations", {
      accommodationUnitId: property.accommodationUnits[i].id,
      startDateUTC: `${today}T12:00:00.000Z`,
      endDateUTC: `${addDays(today, 3)}T12:00:00.000Z`,
    }, ctx.token);
    if (res.status !== 200) throw new Error(`stay: ${res.status} ${await res.text()}`);
    codes.push((await res.json()).code);
  }
  // The account's provisioning session has ended (idle) before the batch starts.
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const before = callsOf(await ctx.sim.control.state(), DEMO_HOST.username);
  let n = 0;
  const started = performance.now();
  await Promise.all(PARTIES.map(async (size, i) => {
    const party = Array.from({ length: size }, () => ({
      ...BIRGITTE,
      firstName: `Gost${++n}`,
      documentNumber: `B${String(n).padStart(8, "0")}`,
    }));
    const res = await ctx.app.request("/api/Reservations/Guests", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ reservationCode: codes[i], reservationGuests: party }),
    });
    if (res.status !== 200) throw new Error(`check-in: ${res.status} ${await res.text()}`);
  }));
  await waitFor(async () => {
    const done = await ctx.database.db.select({ id: guests.id }).from(guests)
      .where(eq(guests.registrationState, "registered"));
    return done.length === GUESTS;
  }, { what: "every guest registered", timeoutMs: 60_000, intervalMs: 10 });
  const wallMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const after = callsOf(await ctx.sim.control.state(), DEMO_HOST.username);
  const sum = (counts: Record<string, number>, names?: string[]) =>
    Object.entries(counts).filter(([name]) => !names || names.includes(name))
      .reduce((total, [, count]) => total + count, 0);
  return {
    latencyMs,
    wallMs,
    logins: after.logins - before.logins,
    logouts: after.logouts - before.logouts,
    lookups: sum(after.reads, LOOKUPS) - sum(before.reads, LOOKUPS),
    calls: after.logins + after.logouts + sum(after.reads) + sum(after.actions) -
      (before.logins + before.logouts + sum(before.reads) + sum(before.actions)),
  };
}

const runs: Run[] = [];
for (const latencyMs of LATENCIES) {
  for (let i = 0; i < RUNS; i++) {
    await withEVisitorPipeline(async (ctx) => {
      const run = await batch(ctx, latencyMs);
      runs.push(run);
      console.log(JSON.stringify({ ...run, wallMs: Math.round(run.wallMs) }));
    }, { simOptions: { latencyMs } });
  }
}

console.log(`\n${GUESTS} guests of one host, ${RUNS} runs per latency (median wall time):`);
console.log("| eVisitor latency | wall time | logins | logouts | lookups | eVisitor calls |");
console.log("| ---------------- | --------- | ------ | ------- | ------- | -------------- |");
for (const latencyMs of LATENCIES) {
  const mine = runs.filter((r) => r.latencyMs === latencyMs);
  const walls = mine.map((r) => r.wallMs).sort((a, b) => a - b);
  const range = (key: keyof Run) => {
    const all = mine.map((r) => r[key]);
    const [lo, hi] = [Math.min(...all), Math.max(...all)];
    return lo === hi ? String(lo) : `${lo}–${hi}`;
  };
  console.log(
    `| ${latencyMs} ms | ${(walls[Math.floor(walls.length / 2)] / 1000).toFixed(2)} s | ${
      range("logins")
    } | ${range("logouts")} | ${range("lookups")} | ${range("calls")} |`,
  );
}
