import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { properties } from "./properties.ts";
import { users } from "./users.ts";

/**
 * The product's units: finer than eVisitor, which knows unit records with a count of identical
 * units. A record with three equivalent apartments becomes three units here, matched on re-sync
 * by (externalUnitId, externalUnitIndex); units a host adds by hand have no external id.
 * `code` is permanent and unguessable: the unit's QR code links to the check-in page with it.
 */
export const accommodationUnits = sqliteTable("accommodation_units", {
  id: text().primaryKey(),
  code: text().notNull().unique(),
  userId: text().notNull().references(() => users.id),
  propertyId: text().notNull().references(() => properties.id),
  externalUnitId: text(),
  externalUnitIndex: integer(),
  name: text().notNull(),
  description: text(),
  capacity: integer(),
  type: text(),
  category: text(),
  externalCalendarLink: text(),
  /**
   * The secret in the unit's own iCal export URL (/api/Calendars/Export/{token}.ics); null until
   * the host first asks for the link; replaced when the host revokes it.
   */
  calendarExportToken: text().unique(),
  defaultCheckInTime: text(),
  defaultCheckOutTime: text(),
  wifiName: text(),
  wifiPassword: text(),
  wifiEncryptionType: integer().notNull().default(0),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  updatedAt: integer({ mode: "timestamp_ms" }).notNull(),
}, (t) => [
  uniqueIndex("accommodation_units_external_idx").on(
    t.propertyId,
    t.externalUnitId,
    t.externalUnitIndex,
  ),
  index("accommodation_units_user_idx").on(t.userId),
]);
