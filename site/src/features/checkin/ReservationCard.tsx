import type { PublicReservation } from "./checkin-api.ts";
import { Icon } from "./CheckinIcon.tsx";
import { formatDay, formatTime, nightsBetween } from "./format.ts";
import { useTranslator } from "./i18n-context.ts";

/** The stay: property, unit, check-in and check-out with the host's times (spec section 2). */
export function ReservationCard({ reservation }: { reservation: PublicReservation }) {
  const { t, plural, lang } = useTranslator();
  const unit = reservation.accommodationUnit;
  const property = unit?.property;
  const nights = nightsBetween(reservation.startDate, reservation.endDate);
  return (
    <div className="rounded-2xl border border-border bg-surface p-4 shadow-xs sm:p-6">
      <div className="flex items-start gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary-soft text-primary-soft-fg">
          <Icon name="home" className="size-6" />
        </span>
        <div className="min-w-0">
          <p className="text-sm font-semibold text-fg-muted">{t("reservation.property")}</p>
          <p className="text-lg font-bold break-words">{property?.name ?? unit?.name}</p>
          {unit && property && <p className="text-fg-muted">{unit.name}</p>}
          {unit?.address && (
            <p className="text-sm text-fg-muted">
              <span className="sr-only">{t("reservation.address")}:</span> {unit.address}
            </p>
          )}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-surface-muted p-3">
          <dt className="text-sm font-semibold text-fg-muted">{t("reservation.checkIn")}</dt>
          <dd className="mt-0.5 font-bold">{formatDay(reservation.startDate, lang)}</dd>
          <dd className="text-sm text-fg-muted">
            {t("reservation.fromTime", { time: formatTime(reservation.startDateUTC, lang) })}
          </dd>
        </div>
        <div className="rounded-xl bg-surface-muted p-3">
          <dt className="text-sm font-semibold text-fg-muted">{t("reservation.checkOut")}</dt>
          <dd className="mt-0.5 font-bold">{formatDay(reservation.endDate, lang)}</dd>
          <dd className="text-sm text-fg-muted">
            {t("reservation.untilTime", { time: formatTime(reservation.endDateUTC, lang) })}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-fg-muted">
        {plural("reservation.nights", nights)}
        {reservation.code && (
          <>
            {" · "}
            {t("reservation.code")}{" "}
            <span className="font-mono font-semibold text-fg">{reservation.code}</span>
          </>
        )}
      </p>
      {unit?.description && (
        <div className="mt-3 rounded-xl bg-surface-muted p-3">
          <p className="text-sm font-semibold text-fg-muted">{t("reservation.notes")}</p>
          <p className="mt-0.5 whitespace-pre-line break-words">{unit.description}</p>
        </div>
      )}
    </div>
  );
}
