import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { withElements } from "../../i18n/with-elements.ts";
import { Icon } from "../../ui/Icon.tsx";
import { LegalLink } from "./LegalLink.tsx";

/**
 * The one explicit checkbox of registration that names and links the terms of use, the privacy
 * policy and the data-processing agreement; the account is made only with it ticked.
 */
export function LegalAcceptanceField(
  { t, lang, error }: { t: Translate; lang: Locale; error?: string },
) {
  const text = t("register.acceptLegal", { terms: "{terms}", privacy: "{privacy}", dpa: "{dpa}" });
  return (
    <div>
      <div
        className={`flex items-start gap-3 rounded-xl border p-3.5 ${
          error ? "border-error bg-error-soft/40" : "border-border bg-surface"
        }`}
      >
        <input
          id="acceptLegalDocuments"
          name="acceptLegalDocuments"
          type="checkbox"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={`acceptLegalDocuments-hint${
            error ? " acceptLegalDocuments-error" : ""
          }`}
          className="mt-0.5 size-6 shrink-0 accent-primary"
        />
        <div className="text-sm">
          <label htmlFor="acceptLegalDocuments" className="font-semibold text-fg">
            {withElements(text, {
              terms: <LegalLink kind="terms" lang={lang}>{t("auth.terms")}</LegalLink>,
              privacy: <LegalLink kind="privacy" lang={lang}>{t("auth.privacy")}</LegalLink>,
              dpa: <LegalLink kind="dpa" lang={lang}>{t("auth.dpa")}</LegalLink>,
            })}
          </label>
          <p id="acceptLegalDocuments-hint" className="mt-1 text-fg-muted">
            {t("register.acceptLegalHint")}
          </p>
        </div>
      </div>
      {error && (
        <p
          id="acceptLegalDocuments-error"
          className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-error"
        >
          <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
