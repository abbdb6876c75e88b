import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** People who sign in: hosts and administrators. E-mail is stored lower-cased. */
export const users = sqliteTable("users", {
  id: text().primaryKey(),
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  emailConfirmedAt: integer({ mode: "timestamp_ms" }),
  /** A new address waiting for its confirmation link to be opened. */
  pendingEmail: text(),
  /** Language of the e-mails we send this person: "hr" or "en". */
  language: text().notNull().default("hr"),
  /** Important notifications (failed registrations, deadlines, conflicts) also go by e-mail. */
  emailNotifications: integer({ mode: "boolean" }).notNull().default(true),
  twoFactorEnabled: integer({ mode: "boolean" }).notNull().default(false),
  /** TOTP shared key, encrypted at rest (see core/platform/crypto/secret-box.ts). */
  twoFactorSecret: text(),
  /** The last TOTP time step accepted, so each step's code works once (and never an older one). */
  totpLastStep: integer(),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  lastLoginAt: integer({ mode: "timestamp_ms" }),
  /** Profile (GET/PUT /Users/manage/profile): printed on receipts and the payment slip. */
  fullName: text(),
  phone: text(),
  companyName: text(),
  /** Croatian personal identification number, checked with ISO 7064 MOD 11,10 (shared/oib.ts). */
  oib: text(),
  street: text(),
  postalCode: text(),
  city: text(),
  inVatSystem: integer({ mode: "boolean" }).notNull().default(false),
  /**
   * Settings (GET/PUT /Users/manage/settings): the app's theme (shared/themes.ts). Null until the
   * host saves the settings page; until then each browser keeps its own theme and language, and
   * once saved, signing in applies both.
   */
  theme: text(),
  /** Check-in and check-out times ("HH:mm") given to a new property that has none of its own. */
  defaultCheckInTime: text(),
  defaultCheckOutTime: text(),
  /** The guest languages of the host's door sheets, "hr,en" (issue 32); null: hr and en. */
  qrSheetLanguages: text(),
  /**
   * Account deletion (POST /Users/manage/delete): when it was asked for and when the erase job
   * removes the account (14 days' grace); both cleared when it is cancelled.
   */
  deletionRequestedAt: integer({ mode: "timestamp_ms" }),
  deletionDueAt: integer({ mode: "timestamp_ms" }),
  /**
   * The dashboard's first steps (GET /Users/manage/gettingStarted): when a QR sheet was first
   * printed or a QR code downloaded, and when the host hid the steps (null: shown).
   */
  qrPrintedAt: integer({ mode: "timestamp_ms" }),
  gettingStartedHiddenAt: integer({ mode: "timestamp_ms" }),
}, (t) => [
  index("users_created_idx").on(t.createdAt),
  index("users_deletion_due_idx").on(t.deletionDueAt),
]);

export const userRoles = sqliteTable("user_roles", {
  userId: text().notNull().references(() => users.id, { onDelete: "cascade" }),
  role: text().notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.role] })]);

/** Two-factor recovery codes, hashed; each works once. */
export const recoveryCodes = sqliteTable("recovery_codes", {
  userId: text().notNull().references(() => users.id, { onDelete: "cascade" }),
  codeHash: text().notNull(),
  usedAt: integer({ mode: "timestamp_ms" }),
}, (t) => [primaryKey({ columns: [t.userId, t.codeHash] })]);
