import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { guests } from "./guests.ts";
import { reservations } from "./reservations.ts";

/**
 * The check-in receipt (issue 20): a random token the check-in POST returns to the device that
 * completed a check-in, bound to the stay; presented on later reads, it shows that device the
 * WiFi, the house notes and its own guests in full. Only its SHA-256 is stored. It expires at the
 * stay's check-out day's end or 24 h after it was issued, whichever comes later (a guest arriving
 * for one night still sees the WiFi the next morning).
 */
export const checkinReceipts = sqliteTable("checkin_receipts", {
  id: text().primaryKey(),
  reservationId: text().notNull().references(() => reservations.id, { onDelete: "cascade" }),
  tokenHash: text().notNull().unique(),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
}, (t) => [index("checkin_receipts_reservation_idx").on(t.reservationId)]);

/**
 * The single-use "not my guest" link of a notification e-mail: created by the notifications
 * worker when it writes the e-mail, stored as SHA-256, used once (or made useless when the guest
 * is gone), valid for 30 days.
 */
export const guestDisownTokens = sqliteTable("guest_disown_tokens", {
  id: text().primaryKey(),
  guestId: text().notNull().references(() => guests.id, { onDelete: "cascade" }),
  tokenHash: text().notNull().unique(),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
  usedAt: integer({ mode: "timestamp_ms" }),
}, (t) => [index("guest_disown_tokens_guest_idx").on(t.guestId)]);

/**
 * The single-use "approve the guests" link of a notification e-mail (issue 20): as the "not my
 * guest" link, made by the notifications worker, stored as SHA-256, valid for 30 days. It approves
 * the guests it names and no others (issue 30, N7): those of its stay held when the e-mail was
 * written, whom the e-mail lists. A link without names (made before; migration 0037 ended them)
 * approves nobody.
 */
export const stayApprovalTokens = sqliteTable("stay_approval_tokens", {
  id: text().primaryKey(),
  reservationId: text().notNull().references(() => reservations.id, { onDelete: "cascade" }),
  tokenHash: text().notNull().unique(),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
  usedAt: integer({ mode: "timestamp_ms" }),
  /** The ids of the guests the link approves, as JSON. */
  guestIds: text({ mode: "json" }).$type<string[]>(),
}, (t) => [index("stay_approval_tokens_reservation_idx").on(t.reservationId)]);
