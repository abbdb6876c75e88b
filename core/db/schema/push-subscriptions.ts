import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { PushKind } from "../../../shared/push-kinds.ts";
import { users } from "./users.ts";

/**
 * The devices that get a user's push notifications (issue 35): one row per browser that turned
 * push on. The endpoint is the push service's address for that browser, a bearer capability
 * (whoever knows it can post to the device), so it is stored encrypted (secret box) and found by
 * its SHA-256 (`endpointHash`), and never logged. `p256dh` and `auth` are the browser's public
 * key and auth secret the payload is encrypted to (RFC 8291). `label` names the browser and
 * system (`Chrome 131 · Android`, from the User-Agent, never its raw text) for the device list.
 * A push service's 404 or 410 deletes the row.
 */
export const pushSubscriptions = sqliteTable("push_subscriptions", {
  id: text().primaryKey(),
  userId: text().notNull().references(() => users.id, { onDelete: "cascade" }),
  endpointHash: text().notNull().unique(),
  endpoint: text().notNull(),
  p256dh: text().notNull(),
  auth: text().notNull(),
  label: text(),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  /** The last push the push service accepted for this device. */
  lastSentAt: integer({ mode: "timestamp_ms" }),
}, (t) => [index("push_subscriptions_user_idx").on(t.userId)]);

/**
 * Which kinds of notification a user wants by push (shared/push-kinds.ts); every kind while no
 * row exists. Kept per user, for all their devices alike.
 */
export const pushPreferences = sqliteTable("push_preferences", {
  userId: text().primaryKey().references(() => users.id, { onDelete: "cascade" }),
  kinds: text({ mode: "json" }).$type<PushKind[]>().notNull(),
  updatedAt: integer({ mode: "timestamp_ms" }).notNull(),
});
