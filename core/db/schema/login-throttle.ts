import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Failed sign-ins per key ("account:<email>", "pair:<email>|<address>" or "ip:<address>") in the current window, and until
 * when the key is locked. In the database so that every API replica sees the same counts.
 */
export const loginThrottle = sqliteTable("login_throttle", {
  key: text().primaryKey(),
  failures: integer().notNull(),
  windowStartedAt: integer({ mode: "timestamp_ms" }).notNull(),
  lockedUntil: integer({ mode: "timestamp_ms" }),
  /** The latest failure, from which an account's progressive delay is counted. */
  lastFailureAt: integer({ mode: "timestamp_ms" }),
});
