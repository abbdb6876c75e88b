import assert from "node:assert/strict";
import { count } from "drizzle-orm";
import { ContactMessageSubmitted } from "@shared/events.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { appendEvent } from "@core/outbox/append-event.ts";
import { createTestDatabase } from "../support/database.ts";

// The embedded driver blocks the thread while it waits for SQLite's lock; without the client's
// own queue, a second transaction of the same process waits on the first, which cannot finish
// while the thread is blocked, and fails with SQLITE_BUSY after the busy timeout.
Deno.test("concurrent transactions and writes of one process all commit, none is refused as busy", async () => {
  const database = await createTestDatabase();
  try {
    const { db } = database;
    const now = new Date();
    const transactions = Array.from({ length: 8 }, () =>
      db.transaction(async (tx) => {
        await appendEvent(tx, ContactMessageSubmitted, { contactMessageId: "a" }, now);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await appendEvent(tx, ContactMessageSubmitted, { contactMessageId: "b" }, now);
      }));
    const plainWrites = Array.from(
      { length: 8 },
      () => appendEvent(db, ContactMessageSubmitted, { contactMessageId: "c" }, now),
    );
    await Promise.all([...transactions, ...plainWrites]);
    const [{ rows }] = await db.select({ rows: count() }).from(outbox);
    assert.equal(rows, 8 * 2 + 8);
  } finally {
    await database.dispose();
  }
});

Deno.test("a failed transaction rolls back and the next one still gets the database", async () => {
  const database = await createTestDatabase();
  try {
    const { db } = database;
    const now = new Date();
    await assert.rejects(db.transaction(async (tx) => {
      await appendEvent(tx, ContactMessageSubmitted, { contactMessageId: "a" }, now);
      throw new Error("changed my mind");
    }));
    await db.transaction((tx) =>
      appendEvent(tx, ContactMessageSubmitted, { contactMessageId: "b" }, now)
    );
    const [{ rows }] = await db.select({ rows: count() }).from(outbox);
    assert.equal(rows, 1);
  } finally {
    await database.dispose();
  }
});
