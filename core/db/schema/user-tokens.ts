import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

export const USER_TOKEN_PURPOSES = [
  "ConfirmEmail",
  "ChangeEmail",
  "ResetPassword",
  "RevertEmailChange",
  "CancelDeletion",
] as const;
export type UserTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];

/**
 * Single-use codes sent by e-mail (confirmation, e-mail change, password reset, undoing an e-mail
 * change from the old address). Only the
 * SHA-256 of a code is stored, so a database leak cannot be turned into working links.
 */
export const userTokens = sqliteTable("user_tokens", {
  id: text().primaryKey(),
  userId: text().notNull().references(() => users.id, { onDelete: "cascade" }),
  purpose: text({ enum: USER_TOKEN_PURPOSES }).notNull(),
  tokenHash: text().notNull().unique(),
  /**
   * For ChangeEmail: the address that becomes the sign-in e-mail once confirmed; for
   * RevertEmailChange: the old address the link restores.
   */
  newEmail: text(),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
  usedAt: integer({ mode: "timestamp_ms" }),
}, (t) => [index("user_tokens_user_idx").on(t.userId, t.purpose)]);
