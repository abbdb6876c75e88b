import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Which host first connected an eVisitor account (its OIB: the username up to the first dot), so
 * the free trial is had once per eVisitor account, not once per Prijavko registration: a host on
 * a trial cannot connect an OIB another host connected first (services/plans/trial-claims.ts).
 * Kept when the account is disconnected, on purpose. The OIB is a keyed fingerprint
 * (SecretBox.fingerprint) with the eVisitor address, never readable.
 */
export const evisitorTrialClaims = sqliteTable("evisitor_trial_claims", {
  oibKey: text().primaryKey(),
  userId: text().notNull(),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
});
