import { desc, eq } from "drizzle-orm";
import {
  LEGAL_DOCUMENT_KINDS,
  LEGAL_DOCUMENTS,
  type LegalDocumentKind,
} from "@shared/legal/documents.ts";
import { message } from "@shared/messages.ts";
import type {
  AcceptLegalDocuments,
  LegalConsents,
  PendingLegalDocument,
} from "@shared/schemas/legal-consent.ts";
import { ADMINISTRATOR } from "../../auth/auth-user.ts";
import { actorOf, type ServiceContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { legalAcceptances } from "../../db/schema/legal-acceptances.ts";
import { AppError } from "../../errors.ts";
import { refuseDuringImpersonation } from "../users/reauthenticate.ts";

/**
 * Records that a user accepted the current version of each document, once per version (a second
 * acceptance of the same version changes nothing). Called in the transaction that creates the
 * account, and after sign-in for a new version.
 */
export async function recordAcceptance(
  tx: DbOrTx,
  { userId, documents, now }: {
    userId: string;
    documents: readonly LegalDocumentKind[];
    now: Date;
  },
): Promise<void> {
  if (documents.length === 0) return;
  await tx.insert(legalAcceptances).values(documents.map((document) => ({
    id: crypto.randomUUID(),
    userId,
    document,
    version: LEGAL_DOCUMENTS[document].version,
    acceptedAt: now,
  }))).onConflictDoNothing();
}

/**
 * The signed-in host's acceptances, newest first, and the documents waiting for one. Administrators
 * work for the operator rather than use the service as hosts, so nothing waits for them.
 */
export async function listLegalConsents(ctx: ServiceContext): Promise<LegalConsents> {
  const actor = actorOf(ctx);
  const userId = actor.id;
  const rows = await ctx.db
    .select()
    .from(legalAcceptances)
    .where(eq(legalAcceptances.userId, userId))
    .orderBy(desc(legalAcceptances.acceptedAt), legalAcceptances.document);
  return {
    consents: rows.map((row) => ({
      document: row.document,
      version: row.version,
      acceptedAt: row.acceptedAt.toISOString(),
    })),
    pending: actor.roles.includes(ADMINISTRATOR) ? [] : pendingOf(rows),
  };
}

/**
 * Documents whose current version the user has not accepted, with the version accepted before.
 * `rows` are newest first, so the first row of a document is its latest acceptance.
 */
function pendingOf(
  rows: readonly { document: LegalDocumentKind; version: string }[],
): PendingLegalDocument[] {
  return LEGAL_DOCUMENT_KINDS.flatMap((kind) => {
    const current = LEGAL_DOCUMENTS[kind];
    const accepted = rows.filter((row) => row.document === kind);
    if (accepted.some((row) => row.version === current.version)) return [];
    return [{
      document: kind,
      version: current.version,
      effectiveDate: current.effectiveDate,
      acceptedVersion: accepted[0]?.version ?? null,
    }];
  });
}

/**
 * The host accepts the documents shown to them. Each must name the version in force: a page left
 * open across a new version accepts nothing it did not show. Only the host can accept, never an
 * administrator acting as them.
 */
export async function acceptLegalDocuments(
  ctx: ServiceContext,
  { documents }: AcceptLegalDocuments,
): Promise<LegalConsents> {
  const actor = actorOf(ctx);
  refuseDuringImpersonation(actor);
  const stale = documents.filter(({ document, version }) =>
    LEGAL_DOCUMENTS[document].version !== version
  );
  if (stale.length > 0) {
    throw AppError.invalid({ documents: [message("legalAcceptanceRequired")] });
  }
  await recordAcceptance(ctx.db, {
    userId: actor.id,
    documents: [...new Set(documents.map((entry) => entry.document))],
    now: ctx.now,
  });
  return await listLegalConsents(ctx);
}
