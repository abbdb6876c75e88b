import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

/**
 * A host's account at eVisitor (spec: managed user). The password and API key are encrypted at
 * rest and never returned. `environment` is the eVisitor service it belongs to, so the same
 * username on production and on the test service are different accounts.
 */
export const externalAccounts = sqliteTable("external_accounts", {
  id: text().primaryKey(),
  userId: text().notNull().references(() => users.id),
  type: integer().notNull(),
  environment: text().notNull(),
  username: text().notNull(),
  passwordSealed: text().notNull(),
  apiKeySealed: text(),
  email: text(),
  status: integer().notNull(),
  /** The last provisioning failure, in words a host can act on; null after a success. */
  lastError: text(),
  lastSyncedAt: integer({ mode: "timestamp_ms" }),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  updatedAt: integer({ mode: "timestamp_ms" }).notNull(),
}, (t) => [
  uniqueIndex("external_accounts_login_idx").on(t.environment, t.username),
  index("external_accounts_user_idx").on(t.userId),
]);
