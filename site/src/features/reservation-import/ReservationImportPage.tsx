import { useEffect, useId, useState } from "react";
import { SubscriptionStatus } from "@shared/enums.ts";
import {
  IMPORT_GUEST_COLUMNS,
  IMPORT_HEADERS,
  IMPORT_STAY_COLUMNS,
  IMPORT_UNREADABLE,
  type ImportColumn,
} from "@shared/reservation-import.ts";
import type {
  ImportRowResult,
  ReservationImportResult,
} from "@shared/schemas/reservation-import.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { getImportTemplate, importReservations } from "../../lib/api/reservation-import.ts";
import { getCurrentSubscription } from "../../lib/api/subscriptions.ts";
import { saveBlob } from "../../lib/files/save-blob.ts";
import { formatCalendarRange } from "../../lib/format/calendar-date.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import type { Translate } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { Button } from "../../ui/Button.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { ResponsiveTable } from "../../ui/ResponsiveTable.tsx";
import { Spinner } from "../../ui/Spinner.tsx";

const CELL = "px-2.5 py-3 align-top first:pl-4 last:pr-4";
const HEAD = "px-2.5 py-3 font-semibold first:pl-4 last:pr-4";

/** The reasons a file could not be read (the problem's `detail`), as translation keys. */
const UNREADABLE_KEYS = new Map(
  (Object.entries(IMPORT_UNREADABLE) as [keyof typeof IMPORT_UNREADABLE, string][]).map((
    [reason, text],
  ) => [text, `reservationImport.unreadable.${reason}` as const]),
);

/** A failed preview or import: for a file that cannot be read, why and what to do. */
function describeImportError(t: Translate, failure: unknown): string {
  if (failure instanceof ApiError && failure.code === "ImportFileUnreadable") {
    const reason = UNREADABLE_KEYS.get(failure.problem?.detail ?? "");
    if (reason) return `${t("reservationImport.unreadable")} ${t(reason)}`;
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
        <Preview
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

function Preview({ t, lang, result, applied, applying, onApply, headers }: {
  t: Translate;
  lang: "hr" | "en";
  result: ReservationImportResult;
  applied: boolean;
  applying: boolean;
  onApply: () => void;
  headers: Record<ImportColumn, string>;
}) {
  const { counts } = result;
  return (
    <section aria-labelledby="import-preview" className="space-y-4">
      <h2 id="import-preview" className="text-lg font-semibold">
        {applied ? t("reservationImport.appliedTitle") : t("reservationImport.previewTitle")}
      </h2>
      <div role="status">
        {applied
          ? (
            <FormNotice
              tone="success"
              action={
                <a href={ROUTES.reservations} className={buttonClass("secondary", "sm")}>
                  {t("nav.reservations")}
                </a>
              }
            >
              {t("reservationImport.applied", { count: counts.add, guests: counts.guests })}
            </FormNotice>
          )
          : (
            <p className="text-fg-muted">
              {t("reservationImport.summary", {
                add: counts.add,
                guests: counts.guests,
                conflict: counts.conflict,
                invalid: counts.invalid,
                duplicate: counts.duplicate,
              })}
            </p>
          )}
      </div>
      {!applied && (
        <Button onClick={onApply} busy={applying} disabled={counts.add === 0}>
          {t("reservationImport.apply", { count: counts.add })}
        </Button>
      )}
      <ResponsiveTable
        items={result.rows}
        keyOf={(row) => String(row.row)}
        caption={t("reservationImport.previewTitle")}
        minWidth="min-w-[52rem]"
        columnCount={6}
        emptyText={t("reservationImport.noRows")}
        columns={
          <>
            <th scope="col" className={HEAD}>{t("reservationImport.row")}</th>
            <th scope="col" className={HEAD}>{headers.unit}</th>
            <th scope="col" className={HEAD}>{t("reservationImport.dates")}</th>
            <th scope="col" className={HEAD}>{headers.guests}</th>
            <th scope="col" className={HEAD}>{headers.leadGuest}</th>
            <th scope="col" className={HEAD}>{t("reservationImport.outcome")}</th>
          </>
        }
        row={(row) => (
          <>
            <th scope="row" className={`${CELL} font-normal tabular-nums`}>{row.row}</th>
            {row.kind === "guest"
              ? (
                <td colSpan={4} className={`${CELL} pl-6`}>
                  <GuestOf t={t} row={row} />
                </td>
              )
              : (
                <>
                  <td className={CELL}>{row.unitName ?? row.unit}</td>
                  <td className={`${CELL} whitespace-nowrap tabular-nums`}>
                    <Dates row={row} lang={lang} />
                  </td>
                  <td className={`${CELL} tabular-nums`}>{row.guests ?? ""}</td>
                  <td className={CELL}>
                    {row.leadGuest}
                    {row.guestName && (
                      <span className="block text-sm text-fg-muted">
                        {t("reservationImport.guest", { name: row.guestName })}
                      </span>
                    )}
                  </td>
                </>
              )}
            <td className={CELL}>
              <Outcome t={t} row={row} applied={applied} headers={headers} />
            </td>
          </>
        )}
        card={(row) =>
          row.kind === "guest"
            ? (
              <>
                <p className="font-semibold">
                  {t("reservationImport.row")} {row.row}
                </p>
                <p className="mt-1 text-sm text-fg-muted">
                  <GuestOf t={t} row={row} />
                </p>
                <div className="mt-2">
                  <Outcome t={t} row={row} applied={applied} headers={headers} />
                </div>
              </>
            )
            : (
              <>
                <p className="font-semibold">
                  {t("reservationImport.row")} {row.row}: {row.unitName ?? row.unit}
                </p>
                <p className="mt-1 text-sm text-fg-muted tabular-nums">
                  <Dates row={row} lang={lang} />
                  {row.guests !== null && ` · ${headers.guests}: ${row.guests}`}
                  {row.leadGuest && ` · ${row.leadGuest}`}
                  {row.guestName && ` · ${t("reservationImport.guest", { name: row.guestName })}`}
                </p>
                <div className="mt-2">
                  <Outcome t={t} row={row} applied={applied} headers={headers} />
                </div>
              </>
            )}
      />
    </section>
  );
}

/** A guest row: whose stay it joins, and the guest's name. */
function GuestOf({ t, row }: { t: Translate; row: ImportRowResult }) {
  return (
    <>
      {row.stayRow !== null && (
        <span className="block">{t("reservationImport.guestOf", { row: row.stayRow })}</span>
      )}
      {row.guestName && (
        <span className="block text-fg-muted">
          {t("reservationImport.guest", { name: row.guestName })}
        </span>
      )}
    </>
  );
}

function Dates({ row, lang }: { row: ImportRowResult; lang: "hr" | "en" }) {
  if (row.arrival && row.departure && row.departure > row.arrival) {
    return <>{formatCalendarRange(row.arrival, row.departure, lang)}</>;
  }
  return <>{[row.arrival ?? "?", row.departure ?? "?"].join(" – ")}</>;
}

const TONE = {
  add: "bg-success-soft text-success-soft-fg",
  conflict: "bg-warning-soft text-warning-soft-fg",
  duplicate: "bg-surface-muted text-fg-muted",
  invalid: "bg-error-soft text-error-soft-fg",
} as const;

function Outcome({ t, row, applied, headers }: {
  t: Translate;
  row: ImportRowResult;
  applied: boolean;
  headers: Record<ImportColumn, string>;
}) {
  const label = row.outcome === "add"
    ? (applied ? t("reservationImport.outcome.added") : t("reservationImport.outcome.add"))
    : row.outcome === "conflict"
    ? (row.conflictRow === null
      ? t("reservationImport.outcome.conflictSaved")
      : t("reservationImport.outcome.conflictRow", { row: row.conflictRow }))
    : row.outcome === "duplicate"
    ? t("reservationImport.outcome.duplicate", { row: row.duplicateOfRow ?? "" })
    : t("reservationImport.outcome.invalid");
  const errors = Object.entries(row.errors);
  // A guest row with nothing wrong of its own follows its stay, whatever happens to it.
  const follows = row.kind === "guest" && row.stayRow !== null && row.outcome !== "add" &&
    errors.length === 0;
  return (
    <div>
      <span
        className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${
          follows ? TONE.duplicate : TONE[row.outcome]
        }`}
      >
        {follows ? t("reservationImport.outcome.followsStay", { row: row.stayRow! }) : label}
      </span>
      {errors.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-sm text-error">
          {errors.map(([field, messages]) => (
            <li key={field}>
              {field === "guestRows"
                ? t("reservationImport.guestRows")
                : headers[field as ImportColumn] ?? field}:{" "}
              {messages.map((m) => translateServerMessage(t, m)).join(" ")}
            </li>
          ))}
        </ul>
      )}
      {applied && row.code && <p className="mt-1 text-sm text-fg-muted">{row.code}</p>}
    </div>
  );
}
