import { daysBetween } from "@shared/local-date.ts";
import type { Reservation } from "@shared/schemas/reservation.ts";
import { formatCalendarDate, formatCalendarRange } from "../../lib/format/calendar-date.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { ResponsiveTable } from "../../ui/ResponsiveTable.tsx";
import { ReservationStatusChip } from "./ReservationStatusChip.tsx";
import { isManual, sourceOf } from "./reservation-source.ts";

export interface ReservationActions {
  onDetails: (reservation: Reservation) => void;
  onGuests: (reservation: Reservation) => void;
  onEdit: (reservation: Reservation) => void;
  onDelete: (reservation: Reservation) => void;
}

interface ReservationTableProps extends ReservationActions {
  t: Translate;
  lang: Locale;
  reservations: Reservation[];
  /** Said when the page has none (the choices above leave nothing). */
  emptyText: string;
}

const CELL = "px-2.5 py-3 align-top first:pl-4 last:pr-4";
const HEAD = "px-2.5 py-3 font-semibold first:pl-4 last:pr-4";

/**
 * The reservations: a table (stay, unit, status with source, code, actions) on wider screens, a list
 * of cards on phones. Stays from a platform's calendar are managed there, so they offer no edit
 * or delete here.
 */
export function ReservationTable(props: ReservationTableProps) {
  const { t, lang, reservations, emptyText } = props;
  return (
    <ResponsiveTable
      items={reservations}
      keyOf={(reservation) => reservation.code}
      caption={t("reservations.caption")}
      minWidth="min-w-[46rem]"
      columnCount={5}
      columns={
        <>
          <th scope="col" className={HEAD}>{t("reservations.stay")}</th>
          <th scope="col" className={HEAD}>{t("reservations.unit")}</th>
          <th scope="col" className={HEAD}>{t("reservations.status")}</th>
          <th scope="col" className={HEAD}>{t("reservations.code")}</th>
          <th scope="col" className={`${HEAD} text-right`}>{t("reservations.actions")}</th>
        </>
      }
      row={(reservation) => (
        <>
          <th scope="row" className={`${CELL} font-normal`}>
            <StayDates t={t} lang={lang} reservation={reservation} />
          </th>
          <td className={`${CELL} min-w-36`}>
            <UnitName reservation={reservation} />
            {reservation.leadGuestName && (
              <span className="block text-sm text-fg-muted">{reservation.leadGuestName}</span>
            )}
          </td>
          <td className={CELL}>
            <div className="flex flex-col items-start gap-1">
              <ReservationStatusChip t={t} status={reservation.status} />
              <span className="text-sm text-fg-muted">
                <span className="sr-only">{t("reservations.source")}:</span>
                <Source t={t} reservation={reservation} />
              </span>
            </div>
          </td>
          <td className={`${CELL} font-mono text-sm whitespace-nowrap`}>
            {reservation.code}
          </td>
          <td className={`${CELL} text-right`}>
            <RowActions {...props} reservation={reservation} compact />
          </td>
        </>
      )}
      card={(reservation) => (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <ReservationStatusChip t={t} status={reservation.status} />
            <span className="font-mono text-sm text-fg-muted">{reservation.code}</span>
          </div>
          <div className="mt-3">
            <StayDates t={t} lang={lang} reservation={reservation} />
          </div>
          <dl className="mt-3 space-y-1.5 text-sm">
            <div className="flex gap-1.5">
              <dt className="sr-only">{t("reservations.unit")}</dt>
              <dd className="min-w-0">
                <UnitName reservation={reservation} />
              </dd>
            </div>
            <div className="flex gap-1.5 text-fg-muted">
              <dt>{t("reservations.source")}:</dt>
              <dd>
                <Source t={t} reservation={reservation} />
              </dd>
            </div>
          </dl>
          <div className="mt-4 border-t border-border pt-3">
            <RowActions {...props} reservation={reservation} />
          </div>
        </>
      )}
      emptyText={emptyText}
    />
  );
}

function StayDates(
  { t, lang, reservation }: { t: Translate; lang: Locale; reservation: Reservation },
) {
  const nights = daysBetween(reservation.startDate, reservation.endDate);
  return (
    <span className="flex flex-col">
      <span className="sr-only">
        {t("reservations.checkIn")}: {formatCalendarDate(reservation.startDate, lang)},{" "}
        {t("reservations.checkOut")}: {formatCalendarDate(reservation.endDate, lang)}
      </span>
      <span aria-hidden="true" className="font-semibold whitespace-nowrap text-fg">
        {formatCalendarRange(reservation.startDate, reservation.endDate, lang)}
      </span>
      <span className="text-sm text-fg-muted">
        {translatePlural(lang, "reservations.nights", nights)}
      </span>
    </span>
  );
}

function UnitName({ reservation }: { reservation: Reservation }) {
  const unit = reservation.accommodationUnit;
  return (
    <span className="flex min-w-0 flex-col">
      <span className="font-semibold break-words">{unit?.name ?? "—"}</span>
      {unit?.property && (
        <span className="text-sm break-words text-fg-muted">{unit.property.name}</span>
      )}
    </span>
  );
}

function Source({ t, reservation }: { t: Translate; reservation: Reservation }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Icon
        name={isManual(reservation) ? "pencil" : "sync"}
        className="size-4 shrink-0 text-fg-muted"
      />
      {sourceOf(t, reservation)}
      {reservation.platformMove && (
        <span className="inline-flex items-center gap-1 font-semibold text-warning">
          <Icon name="alertCircle" className="size-4 shrink-0" />
          {t("reservations.platformMove.badge")}
        </span>
      )}
    </span>
  );
}

/**
 * Details and guests for every stay; edit and delete only for those entered by hand. In the table
 * (`compact`) all but details are icon buttons, named for screen readers and on hover.
 */
function RowActions(
  { t, reservation, compact = false, onDetails, onGuests, onEdit, onDelete }:
    & ReservationActions
    & { t: Translate; reservation: Reservation; compact?: boolean },
) {
  const code = <span className="sr-only">{` ${reservation.code}`}</span>;
  const manual = isManual(reservation);
  return (
    <div className="flex flex-wrap gap-2 desktop:flex-nowrap desktop:justify-end">
      <Button variant="secondary" size="sm" onClick={() => onDetails(reservation)}>
        <Icon name="info" className="size-4" />
        {t("reservations.details")}
        {code}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        title={compact ? t("reservations.guests") : undefined}
        onClick={() => onGuests(reservation)}
      >
        <Icon name="users" className="size-4" />
        <span className={compact ? "sr-only" : undefined}>{t("reservations.guests")}</span>
        {code}
      </Button>
      {manual && (
        <>
          <Button
            variant="secondary"
            size="sm"
            title={compact ? t("reservations.edit") : undefined}
            onClick={() => onEdit(reservation)}
          >
            <Icon name="pencil" className="size-4" />
            <span className={compact ? "sr-only" : undefined}>{t("reservations.edit")}</span>
            {code}
          </Button>
          <Button
            variant="dangerSecondary"
            size="sm"
            className="mobile:ml-auto"
            title={compact ? t("reservations.delete") : undefined}
            onClick={() => onDelete(reservation)}
          >
            <Icon name="trash" className="size-4" />
            <span className={compact ? "sr-only" : undefined}>{t("reservations.delete")}</span>
            {code}
          </Button>
        </>
      )}
    </div>
  );
}
