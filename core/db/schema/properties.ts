import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { externalAccounts } from "./external-accounts.ts";
import { users } from "./users.ts";

/**
 * A property is one eVisitor facility (objekt): check-ins name it by `facilityCode`. The host's
 * settings (times, defaults, automation, WiFi) are the product's own and survive re-syncs.
 */
export const properties = sqliteTable("properties", {
  id: text().primaryKey(),
  userId: text().notNull().references(() => users.id),
  externalAccountId: text().notNull().references(() => externalAccounts.id),
  facilityId: text().notNull(),
  facilityCode: text().notNull(),
  name: text().notNull(),
  address: text(),
  facilityType: text(),
  category: text(),
  defaultCheckInTime: text(),
  defaultCheckOutTime: text(),
  maxNumberOfGuests: integer(),
  defaultNumberOfNights: integer(),
  automaticCheckIn: integer({ mode: "boolean" }).notNull().default(false),
  automaticCheckOut: integer({ mode: "boolean" }).notNull().default(false),
  /** WiFi is shown to guests and printed next to the QR code, so it is not treated as a secret. */
  wifiName: text(),
  wifiPassword: text(),
  wifiEncryptionType: integer().notNull().default(0),
  /**
   * How guests reach the host (issue 20): shown on every state of the check-in page instead of the
   * product's address; each is optional and none is made up when the host gave none.
   */
  guestContactPhone: text(),
  guestContactWhatsApp: text(),
  guestContactEmail: text(),
  /**
   * The tourist-tax categories eVisitor offers for the facility (TTPaymentCategoryLookup2), as the
   * evisitor worker last read them (at every sync and registration): what the host's guest form
   * offers and checks a chosen category against. Null until first read.
   */
  taxCategories: text({ mode: "json" }).$type<{ code: string; name: string }[]>(),
  /** Set when the facility is deactivated in eVisitor or no longer listed there. */
  deactivatedAt: integer({ mode: "timestamp_ms" }),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  updatedAt: integer({ mode: "timestamp_ms" }).notNull(),
}, (t) => [
  uniqueIndex("properties_facility_idx").on(t.externalAccountId, t.facilityId),
  index("properties_user_idx").on(t.userId, t.name),
]);
