import type { ReactNode } from "react";
import { Description, DialogTitle } from "@headlessui/react";
import { daysBetween } from "@shared/local-date.ts";
import type { Reservation } from "@shared/schemas/reservation.ts";
import { formatCalendarDate } from "../../lib/format/calendar-date.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { FormNotice } from "../../ui/forms/FormNotice.tsx";
import { Button } from "../../ui/Button.tsx";
import { DialogFrame } from "../../ui/DialogFrame.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { ReservationStatusChip } from "./ReservationStatusChip.tsx";
import { isManual, sourceOf } from "./reservation-source.ts";
import { PlatformMoveNotice } from "./PlatformMoveNotice.tsx";
import { ShareStayLinks } from "./ShareStayLinks.tsx";
import { formatStayTime } from "../../lib/format/stay-dates.ts";

interface ReservationDetailsDialogProps {
  t: Translate;
  lang: Locale;
  open: boolean;
  reservation: Reservation;
  onShowGuests: (reservation: Reservation) => void;
  /** Moved to its platform's dates (`platformMove`) from here. */
  onMoved: (reservation: Reservation) => void;
  onClose: () => void;
}

/**
 * The details dialog of spec section 2: property, unit, check-in, check-out, guests, status, code
 * and source, and the guests' check-in link to share. A stay from a platform's calendar says its
 * dates are managed there, or, when the platform moved it but its guests are registered, offers
 * to follow (PlatformMoveNotice); a block (closed dates, nobody arriving) has nothing to share.
 */
export function ReservationDetailsDialog(
  { t, lang, open, reservation, onShowGuests, onMoved, onClose }: ReservationDetailsDialogProps,
) {
  const unit = reservation.accommodationUnit;
  const isStay = reservation.kind !== "Block";
  const nights = daysBetween(reservation.startDate, reservation.endDate);
  return (
    <DialogFrame open={open} onClose={onClose} size="xl">
      <div className="p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <DialogTitle className="text-lg font-bold">
              {t("reservations.detailsTitle")}
            </DialogTitle>
            <Description className="mt-1 text-[0.9375rem] break-words text-fg-muted">
              {[unit?.name, unit?.property?.name].filter(Boolean).join(" · ")}
            </Description>
          </div>
          <ReservationStatusChip t={t} status={reservation.status} />
        </div>

        <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-4">
          <Detail label={t("reservations.property")}>
            {unit?.property?.name ?? "—"}
          </Detail>
          <Detail label={t("reservations.unit")}>{unit?.name ?? "—"}</Detail>
          <Detail label={t("reservations.checkIn")}>
            <time dateTime={reservation.startDate}>
              {formatCalendarDate(reservation.startDate, lang, { weekday: true })}
            </time>
            <span className="block text-sm text-fg-muted">
              {t("reservations.arrivalFrom", {
                time: formatStayTime(reservation.startDateUTC, lang),
              })}
            </span>
          </Detail>
          <Detail label={t("reservations.checkOut")}>
            <time dateTime={reservation.endDate}>
              {formatCalendarDate(reservation.endDate, lang, { weekday: true })}
            </time>
            <span className="block text-sm text-fg-muted">
              {t("reservations.departureBy", {
                time: formatStayTime(reservation.endDateUTC, lang),
              })}
            </span>
          </Detail>
          <Detail label={t("reservations.nightsLabel")}>
            {translatePlural(lang, "reservations.nights", nights)}
          </Detail>
          <Detail label={t("reservations.guests")}>
            {translatePlural(lang, "reservations.guestCount", reservation.guests.length)}
          </Detail>
          {(reservation.leadGuestName || reservation.numberOfGuests) && (
            <Detail label={t("reservations.expected")}>
              {[
                reservation.leadGuestName,
                reservation.numberOfGuests &&
                translatePlural(lang, "reservations.guestCount", reservation.numberOfGuests),
              ].filter(Boolean).join(" · ")}
            </Detail>
          )}
          <Detail label={t("reservations.code")}>
            <span className="font-mono">{reservation.code}</span>
          </Detail>
          <Detail label={t("reservations.source")}>{sourceOf(t, reservation)}</Detail>
          {reservation.description && (
            <Detail label={t("reservations.notes")} className="col-span-2">
              <span className="whitespace-pre-line">{reservation.description}</span>
            </Detail>
          )}
        </dl>

        {reservation.platformMove && (
          <div className="mt-5">
            <PlatformMoveNotice
              t={t}
              lang={lang}
              reservation={{ ...reservation, platformMove: reservation.platformMove }}
              onMoved={onMoved}
            />
          </div>
        )}

        {!isManual(reservation) && !reservation.platformMove && (
          <div className="mt-5">
            <FormNotice tone="info">
              {t("reservations.importedNotice", { platform: sourceOf(t, reservation) })}
            </FormNotice>
          </div>
        )}

        {isStay && (
          <div className="mt-5">
            <ShareStayLinks t={t} lang={lang} reservation={reservation} />
          </div>
        )}
      </div>
      <div className="flex flex-col-reverse gap-3 rounded-b-2xl border-t border-border bg-surface-muted/50 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {t("shell.close")}
        </Button>
        {isStay && (
          <Button variant="secondary" onClick={() => onShowGuests(reservation)}>
            <Icon name="users" className="size-5" />
            {t("reservations.showGuests")}
          </Button>
        )}
      </div>
    </DialogFrame>
  );
}

/** One term and its value, the only children a description list's group may have (axe dlitem). */
function Detail(
  { label, children, className = "" }: { label: string; children: ReactNode; className?: string },
) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-sm font-semibold text-fg-muted">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}
