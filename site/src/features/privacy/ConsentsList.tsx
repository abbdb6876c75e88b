import { legalPath } from "@shared/legal/documents.ts";
import { getLegalConsents } from "../../lib/api/legal.ts";
import { formatDateTime } from "../../lib/format/date-time.ts";
import { useLoad } from "../../lib/state/use-load.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { LoadingState } from "../../ui/LoadingState.tsx";

/**
 * The terms of use, privacy policy and data-processing agreement the host accepted, each with
 * its version and date and a link to the document (`GET /api/Users/manage/consents`).
 */
export function ConsentsList() {
  const { t, lang } = useTranslation();
  const { load, retry } = useLoad(getLegalConsents);

  if (load.status === "loading") return <LoadingState t={t} />;
  if (load.status === "failed") {
    return <LoadFailedNotice t={t} error={load.error} onRetry={retry} />;
  }
  if (load.data.consents.length === 0) {
    return <p className="text-fg-muted">{t("privacy.consents.none")}</p>;
  }
  return (
    <ul className="divide-y divide-border rounded-2xl border border-border">
      {load.data.consents.map((consent) => (
        <li
          key={`${consent.document}-${consent.version}`}
          className="flex flex-wrap justify-between gap-x-4 gap-y-1 p-4"
        >
          <a
            href={legalPath(consent.document, lang)}
            className="font-semibold text-primary underline underline-offset-4 mobile:inline-flex mobile:min-h-11 mobile:items-center"
          >
            {t(`legal.${consent.document}`)}
          </a>
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
