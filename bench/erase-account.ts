/**
 * How long erasing one host holds the database's write lock (the erase job's transaction,
 * services/users/erase-account.ts) as the outbox grows: the events naming the host are found by
 * reading every outbox row's payload, since events carry only ids and the relay keeps published
 * rows.
 *
 *   deno run -A bench/erase-account.ts [outbox rows, 100000 by default]
 *
 * Prints the rows and the milliseconds of one erasure on a fresh libSQL file.
 */
import { sql } from "drizzle-orm";
import { users } from "@core/db/schema/users.ts";
import { eraseAccount } from "@core/services/users/erase-account.ts";
import { createTestDatabase } from "../tests/support/database.ts";

const rows = Number(Deno.args[0] ?? 100_000);
const database = await createTestDatabase();
const { db } = database;
const now = new Date();
try {
  // Published events of other hosts, as the relay leaves them.
  await db.run(sql.raw(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows})
    INSERT INTO outbox (id, subject, version, payload, occurred_at, published_at)
    SELECT 'e' || i, 'evisitor.guest.checkin.requested', 1,
           json_object('guestId', 'g' || i), ${now.getTime()}, ${now.getTime()} FROM n`));
  await db.insert(users).values({
    id: "leaving-host",
    email: "ana@example.com",
    passwordHash: "not-used",
    createdAt: now,
    deletionRequestedAt: now,
    deletionDueAt: now,
  });
  const started = performance.now();
  const erased = await eraseAccount(db, "leaving-host", now);
  console.log({ outboxRows: rows, erased, ms: Math.round(performance.now() - started) });
} finally {
  await database.dispose();
}
