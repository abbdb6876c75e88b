import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { LegalDocumentKind } from "../../../shared/legal/documents.ts";
import { users } from "./users.ts";

/**
 * What each host accepted: one row per legal document (terms, privacy, dpa) and version, written
 * at registration and whenever a new version is accepted after sign-in
 * (services/legal/consents.ts). Goes with the account.
 */
export const legalAcceptances = sqliteTable("legal_acceptances", {
  id: text().primaryKey(),
  userId: text().notNull().references(() => users.id, { onDelete: "cascade" }),
  document: text().$type<LegalDocumentKind>().notNull(),
  version: text().notNull(),
  acceptedAt: integer({ mode: "timestamp_ms" }).notNull(),
}, (t) => [
  uniqueIndex("legal_acceptances_user_document_version_idx").on(t.userId, t.document, t.version),
  index("legal_acceptances_user_idx").on(t.userId, t.acceptedAt),
]);
