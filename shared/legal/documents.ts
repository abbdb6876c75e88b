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

/**
 * The check-in languages without a full privacy policy of their own: their guests get a summary
 * of what the policy says about guests, in their language, at `/{lang}/privatnost-gosta`
 * (site/src/pages/[lang]/privatnost-gosta.astro); Croatian and English guests get the full one.
 */
export const GUEST_PRIVACY_SUMMARY_LANGUAGES = ["fr", "it", "de", "es", "ru"] as const;
export type GuestPrivacySummaryLanguage = (typeof GUEST_PRIVACY_SUMMARY_LANGUAGES)[number];

/** Where the check-in page's privacy notice leads a guest in a language. */
export function guestPrivacyPath(language: string): string {
  return (GUEST_PRIVACY_SUMMARY_LANGUAGES as readonly string[]).includes(language)
    ? `/${language}/privatnost-gosta`
    : legalPath("privacy", language);
}
