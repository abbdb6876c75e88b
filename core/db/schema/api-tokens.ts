import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { ApiTokenScope } from "../../../shared/schemas/api-token.ts";
import { users } from "./users.ts";

/**
 * Personal API tokens, hashed (SHA-256 of 32 random bytes behind a recognisable prefix): the token
 * is shown once at creation and never stored. A revoked or expired token is kept, so the list can
 * say so, until the host's account goes.
 */
export const apiTokens = sqliteTable("api_tokens", {
  id: text().primaryKey(),
  userId: text().notNull().references(() => users.id, { onDelete: "cascade" }),
  name: text().notNull(),
  tokenHash: text().notNull().unique(),
  /** The first characters of the token, to tell tokens apart in the list. */
  hint: text().notNull(),
  scopes: text({ mode: "json" }).$type<ApiTokenScope[]>().notNull(),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  expiresAt: integer({ mode: "timestamp_ms" }),
  lastUsedAt: integer({ mode: "timestamp_ms" }),
  revokedAt: integer({ mode: "timestamp_ms" }),
}, (t) => [index("api_tokens_user_idx").on(t.userId)]);
