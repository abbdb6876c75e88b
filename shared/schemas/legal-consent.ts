import { z } from "zod";
import { LEGAL_DOCUMENT_KINDS } from "../legal/documents.ts";
import { message } from "../messages.ts";
import { DateTime } from "./fields.ts";

/** Which legal document: terms of use, privacy policy, data-processing agreement. */
export const LegalDocumentKindSchema = z
  .enum(LEGAL_DOCUMENT_KINDS, { error: message("invalidType") })
  .meta({ id: "LegalDocumentKind" });

/** One acceptance the host gave: a document in one version, and when. */
export const LegalConsent = z
  .object({
    document: LegalDocumentKindSchema,
    version: z.string(),
    acceptedAt: DateTime,
  })
  .meta({ id: "LegalConsent" });
export type LegalConsent = z.infer<typeof LegalConsent>;

/** A document in force the host has not accepted in its current version. */
export const PendingLegalDocument = z
  .object({
    document: LegalDocumentKindSchema,
    version: z.string(),
    effectiveDate: z.iso.date(),
    /** The version the host accepted before, if any. */
    acceptedVersion: z.string().nullable(),
  })
  .meta({ id: "PendingLegalDocument" });
export type PendingLegalDocument = z.infer<typeof PendingLegalDocument>;

/**
 * GET /Users/manage/consents: every acceptance given (newest first) and what waits for one.
 * Cookie choices are kept only in the browser (local storage), so they are not listed here.
 */
export const LegalConsents = z
  .object({
    consents: z.array(LegalConsent),
    pending: z.array(PendingLegalDocument),
  })
  .meta({ id: "LegalConsents" });
export type LegalConsents = z.infer<typeof LegalConsents>;

/** POST /Users/manage/consents: the documents accepted, each in the version the host was shown. */
export const AcceptLegalDocuments = z
  .object({
    documents: z
      .array(
        z.object({ document: LegalDocumentKindSchema, version: z.string().trim().min(1).max(20) }),
      )
      .min(1, { error: message("legalAcceptanceRequired") })
      .max(LEGAL_DOCUMENT_KINDS.length),
  })
  .meta({ id: "AcceptLegalDocuments" });
export type AcceptLegalDocuments = z.infer<typeof AcceptLegalDocuments>;
