import { type LegalDocumentKind, legalPath } from "@shared/legal/documents.ts";
import type { Locale } from "../../i18n/locales.ts";
import { TEXT_LINK } from "../../ui/button-styles.ts";

/** A link to one of the legal pages in the reader's language, opened in a new tab from forms. */
export function LegalLink(
  { kind, lang, children }: { kind: LegalDocumentKind; lang: Locale; children: string },
) {
  return (
    <a href={legalPath(kind, lang)} target="_blank" rel="noopener" className={TEXT_LINK}>
      {children}
    </a>
  );
}
