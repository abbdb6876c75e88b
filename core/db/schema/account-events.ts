import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { AccountEventDetails, AccountEventKind } from "../../../shared/account-history.ts";
import { users } from "./users.ts";

/**
 * The account history (append-only): one row per sign-in, failed sign-in, security change,
 * impersonation, eVisitor account change, data export or plan change, written in the transaction
 * of the change it records (services/users/account-history.ts). Kept a year.
 */
export const accountEvents = sqliteTable("account_events", {
  id: text().primaryKey(),
  userId: text().notNull().references(() => users.id, { onDelete: "cascade" }),
  kind: text().$type<AccountEventKind>().notNull(),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  /** The caller's address, for changes made through the API. */
  address: text(),
  /**
   * The caller's browser and system as named from the User-Agent (`Chrome 131 · Windows`); rows
   * written before that kept the header itself, described when read.
   */
  userAgent: text(),
  /** The administrator who acted: impersonation, a plan assigned or paid. */
  actorEmail: text(),
  /** Only safe names (AccountEventDetails): never guest data, codes or secrets. */
  details: text({ mode: "json" }).$type<AccountEventDetails>().notNull().default({}),
}, (t) => [
  index("account_events_user_created_idx").on(t.userId, t.createdAt),
  index("account_events_created_idx").on(t.createdAt),
]);
