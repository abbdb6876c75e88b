import type { Locale } from "../../i18n/locales.ts";
import type { Translate, TranslationKey } from "../../i18n/translate.ts";
import { withElements } from "../../i18n/with-elements.ts";
import { LegalLink } from "./LegalLink.tsx";

/** "By signing in you accept the terms of use and the privacy policy", both linked. */
export function TermsNotice(
  { t, lang, textKey }: { t: Translate; lang: Locale; textKey: TranslationKey },
) {
  const text = t(textKey, { terms: "{terms}", privacy: "{privacy}" });
  return (
    <p className="text-sm text-fg-muted">
      {withElements(text, {
        terms: <LegalLink kind="terms" lang={lang}>{t("auth.terms")}</LegalLink>,
        privacy: <LegalLink kind="privacy" lang={lang}>{t("auth.privacy")}</LegalLink>,
      })}
    </p>
  );
}
