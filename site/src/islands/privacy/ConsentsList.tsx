import { useEffect, useState } from "react";
import { legalPath } from "@shared/legal/documents.ts";
import type { LegalConsents } from "@shared/schemas/legal-consent.ts";
import { getLegalConsents } from "../../lib/api/legal.ts";
import { formatDateTime } from "../../lib/format/date-time.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { LoadingState } from "../../ui/LoadingState.tsx";

type Load =
  | { status: "loading" }
  | { status: "loaded"; consents: LegalConsents["consents"] }
  | { status: "failed"; error: unknown };

/**
 * The terms of use, privacy policy and data-processing agreement the host accepted, each with
 * its version and date and a link to the document (`GET /api/Users/manage/consents`).
 */
export function ConsentsList() {
  const { t, lang } = useTranslation();
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: "loading" });
    getLegalConsents(controller.signal)
      .then(({ consents }) => setLoad({ status: "loaded", consents }))
      .catch((error) => {
        if (!controller.signal.aborted) setLoad({ status: "failed", error });
      });
    return () => controller.abort();
  }, [attempt]);

  if (load.status === "loading") return <LoadingState t={t} />;
  if (load.status === "failed") {
    return <LoadFailedNotice t={t} error={load.error} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  if (load.consents.length === 0) {
    return <p className="text-fg-muted">{t("privacy.consents.none")}</p>;
  }
  return (
    <ul className="divide-y divide-border rounded-2xl border border-border">
      {load.consents.map((consent) => (
        <li
          key={`${consent.document}-${consent.version}`}
          className="flex flex-wrap justify-between gap-x-4 gap-y-1 p-4"
        >
          <a
            href={legalPath(consent.document, lang)}
            className="font-semibold text-primary underline underline-offset-4"
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
