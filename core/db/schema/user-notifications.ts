import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

/**
 * Something a host should know, created by the workers (a calendar conflict, a failing feed, ...).
 * The text is not stored: `template` names it and `placeholders` fill it in the reader's language.
 * `dedupeKey` makes creating it idempotent: a redelivered event or a re-run finds the same key
 * and adds nothing. `sentToAppAt` is set when the app reads it (unread while null).
 */
export const userNotifications = sqliteTable("user_notifications", {
  id: text().primaryKey(),
  userId: text().notNull().references(() => users.id),
  template: text().notNull(),
  notificationType: text().notNull(),
  placeholders: text({ mode: "json" }).$type<Record<string, string>>().notNull(),
  dedupeKey: text().notNull(),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  lastModifiedAt: integer({ mode: "timestamp_ms" }).notNull(),
  sentToAppAt: integer({ mode: "timestamp_ms" }),
  deletedAt: integer({ mode: "timestamp_ms" }),
}, (t) => [
  uniqueIndex("user_notifications_dedupe_idx").on(t.userId, t.dedupeKey),
  index("user_notifications_user_modified_idx").on(t.userId, t.lastModifiedAt),
]);
