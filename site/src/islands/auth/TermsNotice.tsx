import type { Translate, TranslationKey } from "../../i18n/translate.ts";
import { withElements } from "../../i18n/with-elements.ts";
import { ComingSoonBadge } from "./ComingSoonBadge.tsx";

/**
 * "By signing in you accept the terms of use and the privacy policy": both pages are flagged as
 * not yet implemented (spec section 2), so they are named, not linked.
 */
export function TermsNotice({ t, textKey }: { t: Translate; textKey: TranslationKey }) {
  const text = t(textKey, { terms: "{terms}", privacy: "{privacy}" });
  return (
    <p className="text-sm text-fg-muted">
      {withElements(text, {
        terms: (
          <span className="whitespace-nowrap">
            <span className="font-semibold text-fg">{t("auth.terms")}</span>
            <ComingSoonBadge t={t} />
          </span>
        ),
        privacy: (
          <span className="whitespace-nowrap">
            <span className="font-semibold text-fg">{t("auth.privacy")}</span>
            <ComingSoonBadge t={t} />
          </span>
        ),
      })}
    </p>
  );
}
