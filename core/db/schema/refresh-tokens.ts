import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

/**
 * Refresh tokens, hashed. Each use rotates the token within its family (one sign-in session);
 * a second use of a rotated token means it was stolen, and the whole family is revoked.
 */
export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: text().primaryKey(),
    userId: text().notNull().references(() => users.id, { onDelete: "cascade" }),
    familyId: text().notNull(),
    tokenHash: text().notNull().unique(),
    /** Set when an administrator's impersonation session issued it. */
    impersonatorId: text(),
    createdAt: integer({ mode: "timestamp_ms" }).notNull(),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    usedAt: integer({ mode: "timestamp_ms" }),
    revokedAt: integer({ mode: "timestamp_ms" }),
  },
  (
    t,
  ) => [
    index("refresh_tokens_family_idx").on(t.familyId),
    index("refresh_tokens_user_idx").on(t.userId),
  ],
);
