/**
 * Where the read mix's time goes (bench/load.ts): the real app (createApp, every middleware)
 * in this process, without HTTP, on a copy of a database saved by `bench/load.ts --save-db`. Each
 * kind of request is called one at a time; for each it prints the service time (what one request
 * costs the API's single thread: 1000 / mean is the most requests/s it can serve), the SQL
 * statements it runs and the time spent inside the database driver (the embedded libSQL driver
 * is synchronous: that time blocks the thread).
 *
 *   deno run -A bench/load-profile.ts load.db [--runs 400]
 *   deno run -A --cpu-prof --cpu-prof-dir=prof bench/load-profile.ts load.db [--only checkin-data]
 *   deno run -A bench/load-profile.ts load.db --sql          # each kind's SQL and query plans
 *   deno run -A bench/load-profile.ts load.db --synchronous NORMAL   # commits without fsync
 */
import { parseArgs } from "node:util";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "@core/db/schema/mod.ts";
import { serializeClient } from "@core/db/serialized-client.ts";
import { withStatementCache } from "@core/db/statement-cache-client.ts";
import { setLogLevel } from "@core/platform/logger.ts";
import { createTestApp } from "../tests/support/app.ts";
import { todayIn } from "../shared/local-date.ts";
import { guestNumber } from "./load-guests.mjs";

const { values, positionals } = parseArgs({
  args: Deno.args,
  allowPositionals: true,
  options: {
    runs: { type: "string", default: "400" },
    /** Print each kind's SQL with SQLite's query plan. */
    sql: { type: "boolean", default: false },
    /** PRAGMA synchronous for this connection: FULL (SQLite's default, the product's) or NORMAL. */
    synchronous: { type: "string", default: "FULL" },
    /** Only this kind of request (for a CPU profile of one), e.g. checkin-data. */
    only: { type: "string" },
    /** Then the read mix (40/25/15/20) with this many requests in flight at once, for 10 s. */
    concurrency: { type: "string", default: "0" },
  },
});
const RUNS = Number(values.runs);
if (!positionals[0]) throw new Error("usage: bench/load-profile.ts <database saved by load.ts>");
setLogLevel("warn");

const dir = await Deno.makeTempDir({ prefix: "load-profile-" });
await Deno.copyFile(positionals[0], `${dir}/app.db`);

// The product's database handle (core/db/client.ts), with every statement counted and timed.
let statements = 0;
let dbMs = 0;
// As core/db/client.ts builds it: the statement cache over @libsql/client.
const opened = withStatementCache(
  createClient({ url: `file:${dir}/app.db`, timeout: 5000 }),
  `${dir}/app.db`,
  5000,
);
await opened.execute("PRAGMA journal_mode = WAL"); // as core/db/migrate.ts sets it
await opened.execute(`PRAGMA synchronous = ${values.synchronous === "NORMAL" ? "NORMAL" : "FULL"}`);
const timed = new Proxy(opened, {
  get(target, property, receiver) {
    const value = Reflect.get(target, property, receiver);
    if (typeof value !== "function") return value;
    if (property !== "execute" && property !== "batch") return value.bind(target);
    return async (...args: unknown[]) => {
      statements++;
      const started = performance.now();
      try {
        return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      } finally {
        dbMs += performance.now() - started;
      }
    };
  },
});
const seen = new Set<string>();
const db = drizzle({
  client: serializeClient(timed),
  schema,
  casing: "snake_case",
  logger: { logQuery: (query, params) => void (values.sql && queries.push({ query, params })) },
});
let queries: { query: string; params: unknown[] }[] = [];
const app = await createTestApp({ db });

const [user] = (await opened.execute(
  "select id, email from users where email like 'load.%' order by created_at desc limit 1",
)).rows;
if (!user) throw new Error("no load host in this database");
const login = await app.request("/api/Users/login", {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ email: user.email, password: "Jadran-Sunce-2026!" }),
});
const { accessToken } = await login.json();
const codes = (await opened.execute({
  sql: "select code from reservations where user_id = ?",
  args: [user.id],
})).rows.map((r) => String(r.code));
const since = new Date(Date.now() - 60 * 60_000).toISOString();
const today = todayIn("Europe/Zagreb");
// Today's stays with their room left, for the write mix's call.
const room = (await opened.execute({
  sql:
    "select r.code, u.capacity - (select count(*) from guests g where g.reservation_id = r.id) " +
    "as free from reservations r join accommodation_units u on u.id = r.accommodation_unit_id " +
    "where r.user_id = ? and r.start_date <= ? and r.end_date > ?",
  args: [user.id, today, today],
})).rows.flatMap((r) => Array.from({ length: Number(r.free) }, () => String(r.code)));
const runTag = Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => "QWXYZ"[b % 5]).join(
  "",
);
let guestIndex = 0;
const auth = { Authorization: `Bearer ${accessToken}` };

const kinds: Record<string, () => Request> = {
  "checkin-data": () =>
    new Request(
      `http://localhost/api/Reservations/${codes[Math.floor(Math.random() * codes.length)]}`,
      { headers: { "Accept-Language": "hr" } },
    ),
  "reservations-list": () =>
    new Request(
      `http://localhost/api/Reservations?PageNumber=${
        1 + Math.floor(Math.random() * Math.ceil(codes.length / 20))
      }&PageSize=20&SortBy=startDate&SortDescending=false&ReservationFilter=0`,
      { headers: auth },
    ),
  statistics: () => new Request("http://localhost/api/Statistics", { headers: auth }),
  notifications: () =>
    new Request(
      `http://localhost/api/UserNotifications?lastSyncTimestamp=${
        encodeURIComponent(since)
      }&pageNumber=1&pageSize=50`,
      { headers: auth },
    ),
  "guest-checkin (write)": () => {
    const i = guestIndex++;
    if (i >= room.length) throw new Error("no room left in today's stays: use a smaller --runs");
    return new Request("http://localhost/api/Reservations/Guests", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "hr" },
      body: JSON.stringify({
        reservationCode: room[i],
        reservationGuests: [guestNumber(i, runTag)],
      }),
    });
  },
  // What every route pays before its handler: 404 from the API's catch-all after the middleware.
  "middleware only (404)": () => new Request("http://localhost/api/NoSuchRoute"),
};

console.log(
  `${codes.length} stays; ${RUNS} calls of each, one at a time, after 50 to warm up\n`,
);
console.log("| request | mean ms | p50 ms | p99 ms | → max req/s | SQL/request | in driver ms |");
console.log("| ------- | ------- | ------ | ------ | ----------- | ----------- | ------------ |");
for (const [kind, make] of Object.entries(kinds)) {
  if (values.only && !kind.startsWith(values.only)) continue;
  for (let i = 0; i < 50; i++) await (await app.request(make())).arrayBuffer();
  const times: number[] = [];
  statements = 0;
  dbMs = 0;
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const res = await app.request(make());
    const body = await res.text();
    times.push(performance.now() - started);
    bytes += body.length;
    if (kind !== "middleware only (404)" && res.status !== 200) {
      throw new Error(`${kind}: ${res.status} ${body}`);
    }
  }
  times.sort((a, b) => a - b);
  if (values.sql) {
    console.log(`\n${kind}:`);
    for (const { query, params } of queries) {
      if (seen.has(query)) continue;
      seen.add(query);
      const plan = await opened.execute({
        sql: `explain query plan ${query}`,
        args: params as never,
      });
      console.log(`  ${query}\n    plan: ${plan.rows.map((r) => r.detail).join("; ")}`);
    }
    queries = [];
  }
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `| ${kind} | ${mean.toFixed(2)} | ${times[Math.floor(RUNS / 2)].toFixed(2)} | ${
      times[Math.ceil(RUNS * 0.99) - 1].toFixed(2)
    } | ${Math.round(1000 / mean)} | ${(statements / RUNS).toFixed(1)} | ${
      (dbMs / RUNS).toFixed(2)
    } |  (${Math.round(bytes / RUNS)} B)`,
  );
}
const concurrency = Number(values.concurrency);
if (concurrency > 0) {
  const mix: [string, number][] = [
    ["checkin-data", 40],
    ["reservations-list", 25],
    ["statistics", 15],
    ["notifications", 20],
  ];
  const pick = () => {
    let r = Math.random() * 100;
    for (const [kind, w] of mix) if ((r -= w) < 0) return kinds[kind];
    return kinds["notifications"];
  };
  const times: number[] = [];
  const until = performance.now() + 10_000;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await (await app.request(pick()())).arrayBuffer();
      times.push(performance.now() - started);
    }
  }));
  times.sort((a, b) => a - b);
  console.log(
    `\nread mix in-process, ${concurrency} at once for 10 s: ${Math.round(times.length / 10)} ` +
      `requests/s, p50 ${times[Math.floor(times.length / 2)].toFixed(1)} ms, p99 ${
        times[Math.ceil(times.length * 0.99) - 1].toFixed(1)
      } ms`,
  );
}
opened.close();
await Deno.remove(dir, { recursive: true });
