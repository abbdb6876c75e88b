/** The import's preview: each row of the file with its guests, dates and outcome, then apply. */
import type { ImportColumn } from "@shared/reservation-import.ts";
import type {
  ImportRowResult,
  ReservationImportResult,
} from "@shared/schemas/reservation-import.ts";
import { formatCalendarRange } from "../../lib/format/calendar-date.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { translateServerMessage } from "../../i18n/server-messages.ts";
import type { Translate } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { ResponsiveTable } from "../../ui/ResponsiveTable.tsx";

const CELL = "px-2.5 py-3 align-top first:pl-4 last:pr-4";
const HEAD = "px-2.5 py-3 font-semibold first:pl-4 last:pr-4";

export function ImportPreview({ t, lang, result, applied, applying, onApply, headers }: {
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
