import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Events waiting to be published. A row is written in the same transaction as the data change it
 * announces, so an event exists exactly when its change was committed. The relay publishes rows in
 * `seq` order and stamps `publishedAt`; rows stay (for audit) until a later clean-up.
 */
export const outbox = sqliteTable("outbox", {
  seq: integer().primaryKey({ autoIncrement: true }),
  id: text().notNull().unique(),
  subject: text().notNull(),
  version: integer().notNull(),
  payload: text({ mode: "json" }).notNull(),
  occurredAt: integer({ mode: "timestamp_ms" }).notNull(),
  publishedAt: integer({ mode: "timestamp_ms" }),
  attempts: integer().notNull().default(0),
  lastError: text(),
}, (t) => [index("outbox_unpublished_idx").on(t.publishedAt, t.seq)]);
