/**
 * The legal documents a host accepts, each with its version and the date it takes effect: the one
 * place these facts live. The pages print them, registration records them, and raising a version
 * here makes every host accept that document again at their next sign-in.
 */
export const LEGAL_DOCUMENT_KINDS = ["terms", "privacy", "dpa"] as const;
export type LegalDocumentKind = (typeof LEGAL_DOCUMENT_KINDS)[number];

export interface LegalDocument {
  kind: LegalDocumentKind;
  version: string;
  /** ISO date (YYYY-MM-DD) from which this version applies. */
  effectiveDate: string;
  /** The page in Croatian and in English. */
  paths: { hr: string; en: string };
}

export const LEGAL_DOCUMENTS: Record<LegalDocumentKind, LegalDocument> = {
  terms: {
    kind: "terms",
    version: "1.0",
    effectiveDate: "2026-11-26",
    paths: { hr: "/uvjeti-koristenja", en: "/en/terms" },
  },
  privacy: {
    kind: "privacy",
    version: "1.0",
    effectiveDate: "2026-11-26",
    paths: { hr: "/politika-privatnosti", en: "/en/privacy" },
  },
  dpa: {
    kind: "dpa",
    version: "1.0",
    effectiveDate: "2026-11-26",
    paths: { hr: "/obrada-podataka", en: "/en/data-processing" },
  },
};

/** The page of a document in a language; languages without a translation get the English one. */
export function legalPath(kind: LegalDocumentKind, language: string): string {
  const paths = LEGAL_DOCUMENTS[kind].paths;
  return language === "hr" ? paths.hr : paths.en;
}
