import { useEffect, useId, useState } from "react";
import { SubscriptionStatus } from "@shared/enums.ts";
import {
  IMPORT_GUEST_COLUMNS,
  IMPORT_HEADERS,
  IMPORT_STAY_COLUMNS,
  IMPORT_UNREADABLE,
} from "@shared/reservation-import.ts";
import type { ReservationImportResult } from "@shared/schemas/reservation-import.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { getImportTemplate, importReservations } from "../../lib/api/reservation-import.ts";
import { getCurrentSubscription } from "../../lib/api/subscriptions.ts";
import { saveBlob } from "../../lib/files/save-blob.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import type { Translate } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { Button } from "../../ui/Button.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { ImportPreview } from "./ImportPreview.tsx";

/** The reasons a file could not be read (the problem's detail, by its message key). */
const UNREADABLE_REASONS: readonly string[] = Object.values(IMPORT_UNREADABLE);

/** A failed preview or import: for a file that cannot be read, why and what to do. */
function describeImportError(t: Translate, failure: unknown): string {
  if (failure instanceof ApiError && failure.code === "ImportFileUnreadable") {
    const reason = failure.problem?.detailMessage;
    if (reason && UNREADABLE_REASONS.includes(reason)) {
      return `${t("reservationImport.unreadable")} ${translateServerMessage(t, reason)}`;
    }
  }
  return describeApiError(t, failure);
}

type PlanLoad =
  | { status: "loading" }
  | { status: "loaded"; allowed: boolean }
  | { status: "failed"; error: unknown };

/** /app/rezervacije/uvoz: stays from a CSV or XLSX file, previewed row by row, then applied. */
export default function ReservationImportPage() {
  return (
    <AppFrame titleKey="reservationImport.title">
      <ReservationImport />
    </AppFrame>
  );
}

function ReservationImport() {
  const { t } = useTranslation();
  const [plan, setPlan] = useState<PlanLoad>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setPlan({ status: "loading" });
    getCurrentSubscription(controller.signal)
      .then((subscription) =>
        setPlan({
          status: "loaded",
          allowed: !!subscription && subscription.isActive &&
            subscription.status !== SubscriptionStatus.Cancelled &&
            subscription.policy.allowBulkImport,
        })
      )
      .catch((error) => {
        if (!controller.signal.aborted) setPlan({ status: "failed", error });
      });
    return () => controller.abort();
  }, [attempt]);

  return (
    <div className="mx-auto max-w-6xl">
      <p className="text-sm">
        <a
          href={ROUTES.reservations}
          className="inline-flex items-center text-primary underline-offset-2 hover:underline mobile:min-h-11"
        >
          {t("nav.reservations")}
        </a>
      </p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">
        {t("reservationImport.title")}
      </h1>
      <p className="mt-2 max-w-3xl text-lg text-fg-muted">{t("reservationImport.intro")}</p>
      <div className="mt-6">
        {plan.status === "loading" && (
          <p role="status" className="flex items-center gap-2 text-fg-muted">
            <Spinner className="size-4 text-primary" />
            {t("app.loading")}
          </p>
        )}
        {plan.status === "failed" && (
          <LoadFailedNotice
            t={t}
            error={plan.error}
            onRetry={() => setAttempt((n) => n + 1)}
          />
        )}
        {plan.status === "loaded" && !plan.allowed && (
          <FormNotice
            tone="info"
            action={
              <a href={ROUTES.subscription} className={buttonClass("secondary", "sm")}>
                {t("reservationImport.seePlans")}
              </a>
            }
          >
            {t("reservationImport.notIncluded")}
          </FormNotice>
        )}
        {plan.status === "loaded" && plan.allowed && <Importer />}
      </div>
    </div>
  );
}

type Stage =
  | { step: "choose" }
  | { step: "previewing" }
  | { step: "previewed"; result: ReservationImportResult }
  | { step: "applying"; result: ReservationImportResult }
  | { step: "applied"; result: ReservationImportResult };

function Importer() {
  const { t, lang } = useTranslation();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ step: "choose" });
  const [error, setError] = useState<string | null>(null);

  async function preview(event: React.FormEvent) {
    event.preventDefault();
    if (!file) {
      setError(t("reservationImport.chooseFile"));
      return;
    }
    setError(null);
    setStage({ step: "previewing" });
    try {
      setStage({ step: "previewed", result: await importReservations(file, { dryRun: true }) });
    } catch (failure) {
      setError(describeImportError(t, failure));
      setStage({ step: "choose" });
    }
  }

  async function apply() {
    if (!file || stage.step !== "previewed") return;
    const previewed = stage.result;
    setError(null);
    setStage({ step: "applying", result: previewed });
    try {
      const result = await importReservations(file, { dryRun: false, planId: previewed.planId });
      setStage({ step: "applied", result });
    } catch (failure) {
      const changed = failure instanceof ApiError && failure.code === "ImportChanged";
      setError(changed ? t("errorCode.ImportChanged") : describeImportError(t, failure));
      setStage({ step: "previewed", result: previewed });
    }
  }

  async function template(language: "hr" | "en", format: "xlsx" | "csv") {
    try {
      const blob = await getImportTemplate(language, format);
      saveBlob(
        blob,
        `${language === "hr" ? "prijavko-uvoz-boravaka" : "prijavko-stays-import"}.${format}`,
      );
    } catch (failure) {
      setError(describeApiError(t, failure));
    }
  }

  const result = stage.step === "choose" || stage.step === "previewing" ? null : stage.result;
  const headers = IMPORT_HEADERS[lang];

  return (
    <div className="space-y-6">
      <section
        aria-labelledby={`${fileId}-template`}
        className="rounded-2xl border border-border bg-surface p-4 shadow-xs sm:p-6"
      >
        <h2 id={`${fileId}-template`} className="text-lg font-semibold">
          {t("reservationImport.templateTitle")}
        </h2>
        <p className="mt-1 text-fg-muted">
          {t("reservationImport.templateText", {
            columns: IMPORT_STAY_COLUMNS.map((c) => headers[c]).join(", "),
            guestColumns: IMPORT_GUEST_COLUMNS.map((c) => headers[c]).join(", "),
          })}
        </p>
        <p className="mt-1 text-fg-muted">{t("reservationImport.guestsNote")}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => template("hr", "xlsx")}>
            {t("reservationImport.templateHr")}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => template("en", "xlsx")}>
            {t("reservationImport.templateEn")}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => template("hr", "csv")}>
            {t("reservationImport.templateCsvHr")}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => template("en", "csv")}>
            {t("reservationImport.templateCsvEn")}
          </Button>
        </div>
      </section>

      <form
        onSubmit={preview}
        className="rounded-2xl border border-border bg-surface p-4 shadow-xs sm:p-6"
      >
        <label htmlFor={fileId} className="block font-semibold">
          {t("reservationImport.file")}
        </label>
        <p id={`${fileId}-hint`} className="mt-1 text-sm text-fg-muted">
          {t("reservationImport.fileHint")}
        </p>
        {
          /* The browser's own file button speaks the browser's language, not the page's: the
            input is hidden and its second label is the button people see. */
        }
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
          <input
            id={fileId}
            name="file"
            type="file"
            accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby={`${fileId}-hint ${fileId}-chosen`}
            className="peer sr-only"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setStage({ step: "choose" });
              setError(null);
            }}
          />
          <label
            htmlFor={fileId}
            className={`${
              buttonClass("secondary")
            } cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring`}
          >
            {t("reservationImport.choose")}
          </label>
          <span id={`${fileId}-chosen`} className="min-w-0 text-sm break-all text-fg-muted">
            {file ? file.name : t("reservationImport.noFile")}
          </span>
        </div>
        <Button type="submit" className="mt-4" busy={stage.step === "previewing"}>
          {t("reservationImport.preview")}
        </Button>
      </form>

      {error && (
        <div role="alert">
          <FormNotice tone="error">{error}</FormNotice>
        </div>
      )}

      {result && (
        <ImportPreview
          t={t}
          lang={lang}
          result={result}
          applied={stage.step === "applied"}
          applying={stage.step === "applying"}
          onApply={apply}
          headers={headers}
        />
      )}
    </div>
  );
}
