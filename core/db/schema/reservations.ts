import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accommodationUnits } from "./accommodation-units.ts";
import { properties } from "./properties.ts";
import { users } from "./users.ts";

export const RESERVATION_KINDS = ["booking", "block", "unknown"] as const;

/**
 * A stay (or a block of closed dates) in one unit: [startDate, endDate) as local dates in
 * Europe/Zagreb, so a check-out and the next check-in on the same day do not overlap. Imported
 * stays name their feed and the event's UID (and occurrence, for recurring blocks); manual ones
 * have no source. The status is derived from dates and registrations, never stored.
 */
export const reservations = sqliteTable("reservations", {
  id: text().primaryKey(),
  code: text().notNull().unique(),
  userId: text().notNull().references(() => users.id),
  propertyId: text().notNull().references(() => properties.id),
  accommodationUnitId: text().notNull().references(() => accommodationUnits.id),
  startDate: text().notNull(),
  endDate: text().notNull(),
  /** booking: guests arrive; block: dates closed, no check-in; unknown: the feed does not say. */
  kind: text({ enum: RESERVATION_KINDS }).notNull(),
  /** Where it came from: "Manual", or the calendar's platform (Airbnb, Booking.com, ...). */
  type: text().notNull(),
  description: text(),
  /** How many guests the host expects and the lead guest's name, as entered with the stay. */
  guestCount: integer(),
  leadGuestName: text(),
  sourceFeedId: text(),
  sourceUid: text(),
  sourceRecurrenceId: text(),
  /**
   * An imported stay's dates as its platform now has them, when the sync could not take them:
   * its guests are registered with eVisitor, which refuses a changed arrival (issue 19 item 3).
   * The host moves the stay to them in the app (cancel and register again); null otherwise.
   */
  platformStartDate: text(),
  platformEndDate: text(),
  canceledAt: integer({ mode: "timestamp_ms" }),
  /**
   * The stay's UID in the unit's exported iCal feed (`{exportUid}@prijavko.hr`): random, made
   * with the row and kept, so a platform sees the same event on every fetch. Never the code: the
   * feed goes to Airbnb, Booking.com and anyone else holding its address, and the code opens the
   * guests' check-in page (issue 30, N1). Null only for a row an older release inserted during an
   * upgrade; the export gives it one then.
   */
  exportUid: text().unique().$defaultFn(() => crypto.randomUUID()),
  /** When the host last opened it and its guests' state was asked of eVisitor (throttles that). */
  guestsRefreshedAt: integer({ mode: "timestamp_ms" }),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  updatedAt: integer({ mode: "timestamp_ms" }).notNull(),
}, (t) => [
  index("reservations_unit_dates_idx").on(t.accommodationUnitId, t.startDate),
  // A host's list by start date (ties by id) reads in this order, with no sort; the statistics
  // find every column they read here, without reading the stays themselves.
  index("reservations_user_dates_idx").on(
    t.userId,
    t.startDate,
    t.id,
    t.endDate,
    t.kind,
    t.canceledAt,
  ),
  uniqueIndex("reservations_source_idx").on(t.sourceFeedId, t.sourceUid, t.sourceRecurrenceId),
]);
