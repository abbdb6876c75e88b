import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { externalAccounts } from "./external-accounts.ts";

/**
 * eVisitor's Croatian settlements (SettlementLookup), kept per eVisitor account so the check-in page
 * and the host's guest form search them without waiting for eVisitor. The evisitor worker replaces
 * an account's list whenever it syncs the account. `folded` is the name in lower case without
 * diacritics (`foldSettlementName`), what a search matches.
 */
export const evisitorSettlements = sqliteTable("evisitor_settlements", {
  externalAccountId: text().notNull().references(() => externalAccounts.id),
  id: text().notNull(),
  name: text().notNull(),
  folded: text().notNull(),
  zipCode: text(),
}, (t) => [
  primaryKey({ columns: [t.externalAccountId, t.id] }),
  index("evisitor_settlements_search_idx").on(t.externalAccountId, t.folded),
]);

/**
 * An account's list: when it was last read from eVisitor (null: never) and how many it had, and
 * when a search last asked for it to be read (so that asking is done once, not per keystroke).
 */
export const evisitorSettlementLists = sqliteTable("evisitor_settlement_lists", {
  externalAccountId: text().primaryKey().references(() => externalAccounts.id),
  count: integer().notNull().default(0),
  fetchedAt: integer({ mode: "timestamp_ms" }),
  requestedAt: integer({ mode: "timestamp_ms" }),
});
