import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Requests per key ("<route group>:<client address>") in the key's current fixed window. One row per
 * key: a request in a newer window starts the count again. In the database so that every API
 * replica counts the same requests; rows of finished windows are purged lazily.
 */
export const rateLimitCounters = sqliteTable("rate_limit_counters", {
  key: text().primaryKey(),
  /** Start of the window the count belongs to (ms since the epoch, a multiple of the window). */
  windowStart: integer().notNull(),
  hits: integer().notNull(),
});
