/**
 * The per-request cost of refusing access tokens of ended sessions (issue 17, L2): the signed-in
 * user's lookup before (`loadAuthUser`: the user by id, then the roles) and after
 * (`loadSessionUser`: the user joined with a live session, then the roles), on a real libSQL file
 * with many users and sessions, through the API's own prepared queries and statement cache.
 *
 *   deno run -A bench/session-check.ts [--users 10000] [--sessions-per-user 5] [--calls 20000]
 *
 * Prints the mean and the 50th/99th percentile per lookup of each, and the difference, which is
 * what the check adds to every authenticated request.
 */
import { parseArgs } from "node:util";
import { createDatabase } from "@core/db/client.ts";
import { migrateDatabase } from "@core/db/migrate.ts";
import { sessions } from "@core/db/schema/sessions.ts";
import { userRoles, users } from "@core/db/schema/users.ts";
import { loadAuthUser, loadSessionUser } from "@core/auth/auth-user.ts";
import { setLogLevel } from "@core/platform/logger.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    users: { type: "string", default: "10000" },
    "sessions-per-user": { type: "string", default: "5" },
    calls: { type: "string", default: "20000" },
  },
});
const USERS = Number(values.users);
const PER_USER = Number(values["sessions-per-user"]);
const CALLS = Number(values.calls);
setLogLevel("error");

const dir = await Deno.makeTempDir({ prefix: "bench-session-check-" });
const { db, client } = createDatabase({ url: `file:${dir}/bench.db` });
await migrateDatabase(db, client);

const now = new Date();
const picks: { userId: string; sessionId: string }[] = [];
for (let start = 0; start < USERS; start += 500) {
  const batch = Array.from({ length: Math.min(500, USERS - start) }, (_, i) => ({
    id: crypto.randomUUID(),
    email: `host${start + i}@example.com`,
    passwordHash: "x",
    createdAt: now,
  }));
  await db.insert(users).values(batch);
  await db.insert(userRoles).values(
    batch.filter((_, i) => i % 50 === 0).map((u) => ({
      userId: u.id,
      role: "Administrator",
    })),
  );
  const rows = batch.flatMap((u) =>
    Array.from({ length: PER_USER }, (_, k) => ({
      id: crypto.randomUUID(),
      userId: u.id,
      createdAt: now,
      // Most sessions of the past have ended; the last of each user is live.
      endedAt: k < PER_USER - 1 ? now : null,
    }))
  );
  await db.insert(sessions).values(rows);
  for (const u of batch) {
    picks.push({
      userId: u.id,
      sessionId: rows.findLast((r) => r.userId === u.id)!.id,
    });
  }
}

async function measure(name: string, lookup: (pick: (typeof picks)[number]) => Promise<unknown>) {
  for (let i = 0; i < 2000; i++) await lookup(picks[i % picks.length]); // warm-up
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const pick = picks[Math.floor(Math.random() * picks.length)];
    const start = performance.now();
    const found = await lookup(pick);
    times.push(performance.now() - start);
    if (!found) throw new Error(`${name}: a live session's user was not found`);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  const result = {
    name,
    meanUs: Math.round(mean * 1000),
    p50Us: Math.round(times[Math.floor(times.length * 0.5)] * 1000),
    p99Us: Math.round(times[Math.floor(times.length * 0.99)] * 1000),
  };
  console.log(JSON.stringify(result));
  return result;
}

const before = await measure("user by id (before)", (p) => loadAuthUser(db, p.userId));
const after = await measure("user in a live session (after)", (p) => loadSessionUser(db, p, now));
console.log(
  `\n| lookup | mean µs | p50 µs | p99 µs |\n|---|---|---|---|\n` +
    [before, after].map((r) => `| ${r.name} | ${r.meanUs} | ${r.p50Us} | ${r.p99Us} |`).join("\n") +
    `\n\nThe session check adds ${after.meanUs - before.meanUs} µs per request on average ` +
    `(${USERS} users, ${USERS * PER_USER} sessions).`,
);
client.close();
await Deno.remove(dir, { recursive: true });
