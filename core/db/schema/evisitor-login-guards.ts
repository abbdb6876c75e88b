import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * What the eVisitor login guard (core/evisitor/login-guard.ts) knows of an account, shared by
 * every process that logs in to eVisitor (the API when a host connects an account, each copy of
 * the workers): a password eVisitor refused is not sent again by any of them, and after a lockout
 * none tries until it ends. Nothing readable: the account (address and username) and the refused
 * password are keyed fingerprints (SecretBox.fingerprint).
 */
export const evisitorLoginGuards = sqliteTable("evisitor_login_guards", {
  accountKey: text().primaryKey(),
  refusedPassword: text(),
  refusedUntil: integer({ mode: "timestamp_ms" }),
  lockedUntil: integer({ mode: "timestamp_ms" }),
  /** The API key eVisitor refused (a keyed fingerprint) and until when it is not sent again. */
  refusedApiKey: text(),
  refusedApiKeyUntil: integer({ mode: "timestamp_ms" }),
});
