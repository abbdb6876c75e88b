/**
 * Statistics benchmark: GET /Statistics's service (hostStatistics, every query it makes) for the
 * host of a database seeded by bench/seed-statistics.ts (50 units, 20,000 reservations by
 * default), timed one call at a time after a warm-up.
 *
 *   deno run -A bench/statistics.ts [path/to/seeded.db] [--runs 200] [--warmup 20]
 *
 * Without a path a temporary database is seeded first (and removed afterwards). Target (issue 7):
 * under 100 ms at the median on the reference machine. Prints a JSON line and a Markdown row.
 */
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { createDatabase } from "@core/db/client.ts";
import { users } from "@core/db/schema/users.ts";
import { setLogLevel } from "@core/platform/logger.ts";
import { hostStatistics } from "@core/services/statistics/host-statistics.ts";
import { BENCH_HOST_EMAIL, seedStatistics } from "./seed-statistics.ts";

const { values, positionals } = parseArgs({
  args: Deno.args,
  allowPositionals: true,
  options: {
    runs: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
  },
});
const RUNS = Number(values.runs);
const WARMUP = Number(values.warmup);
setLogLevel("error");

let path = positionals[0];
let temporary: string | undefined;
if (!path) {
  temporary = await Deno.makeTempDir({ prefix: "bench-statistics-" });
  path = `${temporary}/app.db`;
  const seeded = await seedStatistics(path, { units: 50, reservations: 20_000 });
  console.log(JSON.stringify({ seeded: path, ...seeded }));
}

const { db, client } = createDatabase({ url: `file:${path}` });
try {
  const [host] = await db.select({ id: users.id }).from(users)
    .where(eq(users.email, BENCH_HOST_EMAIL));
  if (!host) throw new Error(`${path} was not seeded by bench/seed-statistics.ts`);

  const counts = async (table: string) =>
    Number((await client.execute(`select count(*) as n from ${table}`)).rows[0].n);
  const reservationCount = await counts("reservations");
  const guestCount = await counts("guests");

  const actor = { id: host.id, email: BENCH_HOST_EMAIL, language: "hr", roles: [] };
  const ctxNow = () => ({ db, now: new Date(), actor });
  for (let i = 0; i < WARMUP; i++) await hostStatistics(ctxNow());
  const times: number[] = [];
  let last;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    last = await hostStatistics(ctxNow());
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  const ms = (value: number) => Number(value.toFixed(1));
  const size = async (file: string) => (await Deno.stat(file).catch(() => ({ size: 0 }))).size;
  const bytes = await size(path) + await size(`${path}-wal`);

  const result = {
    reservations: reservationCount,
    guests: guestCount,
    runs: RUNS,
    medianMs: ms(at(0.5)),
    p95Ms: ms(at(0.95)),
    maxMs: ms(times[times.length - 1]),
    databaseMB: Number((bytes / 2 ** 20).toFixed(1)),
    rssMB: Math.round(Deno.memoryUsage().rss / 2 ** 20),
    answer: {
      totalReservations: last!.totalReservations,
      totalGuests: last!.totalGuests,
      reservationsCurrentlyHosting: last!.reservationsCurrentlyHosting,
      guestsCurrentlyHosting: last!.guestsCurrentlyHosting,
    },
  };
  console.log(JSON.stringify(result));
  console.log(
    `\n| reservations | guests | runs | median ms | p95 ms | max ms | database MB |\n` +
      `|---|---|---|---|---|---|---|\n` +
      `| ${reservationCount} | ${guestCount} | ${RUNS} | ${result.medianMs} | ${result.p95Ms} | ` +
      `${result.maxMs} | ${result.databaseMB} |`,
  );
} finally {
  client.close();
  if (temporary) await Deno.remove(temporary, { recursive: true });
}
