import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accommodationUnits } from "./accommodation-units.ts";
import { properties } from "./properties.ts";
import { reservations } from "./reservations.ts";
import { users } from "./users.ts";

export const STAY_REQUEST_STATES = ["pending", "confirmed", "declined"] as const;

/**
 * A walk-in's request for a stay (issue 20 item 5): a guest at a door whose unit has no stay
 * today asks for the nights [startDate, endDate) for `guestCount` guests; the host confirms (a
 * stay is made then, `reservationId`) or declines. A pending request holds its nights until
 * `expiresAt` (2 hours; expiry is read, not written: a pending row past it is expired). The
 * guest's device polls with `tokenHash`'s token; the e-mailed one-tap link is `linkTokenHash`'s
 * (made by the notifications worker, single-use because an answered request takes no answer).
 * `name` and `phone` (optional, for the host) are cleared once the request is answered.
 */
export const stayRequests = sqliteTable("stay_requests", {
  id: text().primaryKey(),
  /** The unit's owner, whose plan a confirmed stay counts against. */
  userId: text().notNull().references(() => users.id),
  propertyId: text().notNull().references(() => properties.id, { onDelete: "cascade" }),
  accommodationUnitId: text().notNull()
    .references(() => accommodationUnits.id, { onDelete: "cascade" }),
  startDate: text().notNull(),
  endDate: text().notNull(),
  guestCount: integer().notNull(),
  name: text(),
  phone: text(),
  state: text({ enum: STAY_REQUEST_STATES }).notNull(),
  tokenHash: text().notNull().unique(),
  linkTokenHash: text(),
  reservationId: text().references(() => reservations.id, { onDelete: "set null" }),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
  answeredAt: integer({ mode: "timestamp_ms" }),
}, (t) => [
  index("stay_requests_unit_idx").on(t.accommodationUnitId, t.state, t.expiresAt),
  index("stay_requests_property_idx").on(t.propertyId, t.state),
  uniqueIndex("stay_requests_link_idx").on(t.linkTokenHash),
]);
