import { legalPath } from "@shared/legal/documents.ts";
import { useTranslator } from "./i18n-context.ts";

/**
 * The guests' short privacy notice, at the foot of every step of the check-in page, in the page's
 * language: why their data is processed, that document photos are not kept, and the privacy
 * policy (Croatian for Croatian, English for every other language; the link says so).
 */
export function GuestPrivacyNotice() {
  const { t, lang } = useTranslator();
  return (
    <p className="mx-auto mb-3 max-w-3xl px-4 text-left sm:text-center" data-testid="guest-privacy">
      {t("privacyNotice.text")}{" "}
      <a
        href={legalPath("privacy", lang)}
        target="_blank"
        rel="noopener"
        className="py-3 font-semibold text-primary underline underline-offset-4"
      >
        {t("privacyNotice.link")}
      </a>
    </p>
  );
}
