import { formatDateTime } from "../../lib/format/date-time.ts";
import type { Translate } from "../../i18n/translate.ts";
import type { Locale } from "../../i18n/locales.ts";

/**
 * One accepted legal document, as `GET /api/Users/manage/consents` lists them (the legal pages'
 * branch adds that route: document, version, acceptedAt).
 */
export interface AcceptedDocument {
  document: string;
  version: string;
  acceptedAt: string;
}

/**
 * The terms of use and data-processing agreement the host accepted, with versions and dates.
 * Isolated on purpose: it is fed by `GET /api/Users/manage/consents`, which is not on this branch
 * yet, so the privacy centre does not render it until that route is merged (then PrivacyPage
 * loads the list and passes it here, beside CookieSettings).
 */
export function ConsentsList(
  { t, lang, consents }: { t: Translate; lang: Locale; consents: AcceptedDocument[] },
) {
  return (
    <ul className="divide-y divide-border rounded-2xl border border-border">
      {consents.map((consent) => (
        <li
          key={`${consent.document}-${consent.version}`}
          className="flex flex-wrap justify-between gap-x-4 gap-y-1 p-4"
        >
          <span className="font-semibold">{consent.document}</span>
          <span className="text-fg-muted">
            {t("privacy.consents.accepted", {
              version: consent.version,
              date: formatDateTime(consent.acceptedAt, lang),
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}
