import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Logins made to eVisitor per account in the last window, for the login cap
 * (core/evisitor/login-guard.ts, `loginCap`): one row per login, claimed by a single conditional insert so
 * that every copy of the workers counts the same logins. The account is a keyed fingerprint, as in
 * evisitor_login_guards; rows older than the window are deleted as new logins are claimed.
 */
export const evisitorLogins = sqliteTable("evisitor_logins", {
  id: integer().primaryKey(),
  accountKey: text().notNull(),
  loggedInAt: integer({ mode: "timestamp_ms" }).notNull(),
}, (table) => [index("evisitor_logins_account_at").on(table.accountKey, table.loggedInAt)]);
