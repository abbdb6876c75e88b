import { useEffect, useState } from "react";
import {
  CONSENT_DATE_STORAGE_KEY,
  CONSENT_EVENT,
  type CookieConsent,
  readConsent,
} from "../../components/consent/cookie-consent.ts";
import { formatDateTime } from "../../lib/format/date-time.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { Button } from "../../ui/Button.tsx";

interface StoredChoice {
  consent: CookieConsent | null;
  /** When it was stored; unknown for a choice made before the date was kept. */
  at: string | null;
}

function readChoice(): StoredChoice {
  let at: string | null = null;
  try {
    at = localStorage.getItem(CONSENT_DATE_STORAGE_KEY);
  } catch {
    // Storage blocked: no date.
  }
  return { consent: readConsent(), at };
}

/**
 * The cookie choice of this browser (it is kept in the browser, not on the server) and the way
 * back to it: the button carries `data-cookie-settings`, which the cookie banner's script
 * (components/consent/cookie-consent.ts) answers by opening its settings dialog on every page.
 */
export function CookieSettings() {
  const { t, lang } = useTranslation();
  const [choice, setChoice] = useState<StoredChoice>(readChoice);

  useEffect(() => {
    const update = () => setChoice(readChoice());
    addEventListener(CONSENT_EVENT, update);
    return () => removeEventListener(CONSENT_EVENT, update);
  }, []);

  const state = (allowed: boolean | undefined) =>
    allowed ? t("privacy.cookies.allowed") : t("privacy.cookies.refused");

  return (
    <div className="rounded-2xl border border-border p-4 sm:p-5">
      <h3 className="font-semibold">{t("account.cookies.title")}</h3>
      <p className="mt-1 text-sm text-fg-muted">{t("privacy.cookies.browserOnly")}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-[0.9375rem]">
        <dt className="text-fg-muted">{t("cookies.required")}</dt>
        <dd>{t("privacy.cookies.always")}</dd>
        <dt className="text-fg-muted">{t("cookies.performance")}</dt>
        <dd>{choice.consent ? state(choice.consent.performance) : t("privacy.cookies.none")}</dd>
        <dt className="text-fg-muted">{t("cookies.advertising")}</dt>
        <dd>{choice.consent ? state(choice.consent.advertising) : t("privacy.cookies.none")}</dd>
        <dt className="text-fg-muted">{t("privacy.cookies.when")}</dt>
        <dd>{choice.at ? formatDateTime(choice.at, lang) : t("privacy.cookies.unknownDate")}</dd>
      </dl>
      <Button variant="secondary" className="mt-4" data-cookie-settings>
        {t("account.cookies.open")}
      </Button>
    </div>
  );
}
