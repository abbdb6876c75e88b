import type { ReactNode } from "react";
import { Description, DialogTitle } from "@headlessui/react";
import { daysBetween } from "@shared/local-date.ts";
import { formatCalendarDate } from "../../lib/format/calendar-date.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { DialogFrame } from "../../ui/DialogFrame.tsx";
import { buttonClass } from "../../ui/button-styles.ts";
import { Icon } from "../../ui/Icon.tsx";
import type { StayEventProps } from "./stay-events.ts";
import { isBlock } from "./stay-sources.ts";

interface StayDialogProps {
  t: Translate;
  lang: Locale;
  open: boolean;
  event: StayEventProps;
  propertyName?: string;
  onClose: () => void;
}

/** The reservations page, showing this stay's unit. */
function reservationsUrlOf(event: StayEventProps): string {
  const query = new URLSearchParams();
  const unit = event.stay.accommodationUnit;
  if (unit) {
    query.set("propertyId", unit.propertyId);
    query.set("unit", unit.code);
  }
  return `${ROUTES.reservations}?${query}`;
}

/** One stay or block of the calendar: unit, dates, source and status, and the way to it. */
export function StayDialog({ t, lang, open, event, propertyName, onClose }: StayDialogProps) {
  const { stay } = event;
  const block = isBlock(stay);
  const nights = daysBetween(stay.startDate, stay.endDate);
  return (
    <DialogFrame open={open} onClose={onClose} size="md">
      <div className="p-5 sm:p-6">
        <DialogTitle className="text-lg font-bold break-words">
          {block ? `${t("calendars.blocked")}: ${event.unitName}` : event.unitName}
        </DialogTitle>
        <Description className="mt-1.5 text-[0.9375rem] text-fg-muted">
          {block ? t("calendars.blockText") : t("calendars.stayText")}
        </Description>

        <dl className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2.5 text-[0.9375rem]">
          {propertyName && <Row label={t("calendars.property")}>{propertyName}</Row>}
          <Row label={t("calendars.unit")}>{event.unitName}</Row>
          <Row label={block ? t("calendars.closedFrom") : t("calendars.checkIn")}>
            {formatCalendarDate(stay.startDate, lang, { weekday: true })}
          </Row>
          <Row label={block ? t("calendars.closedUntil") : t("calendars.checkOut")}>
            {formatCalendarDate(stay.endDate, lang, { weekday: true })}
          </Row>
          <Row label={t("calendars.nightsLabel")}>
            {translatePlural(lang, "calendars.nights", nights)}
          </Row>
          <Row label={t("calendars.sourceLabel")}>{event.source}</Row>
          {!block && (
            <Row label={t("calendars.statusLabel")}>{t(`calendars.status.${stay.status}`)}</Row>
          )}
          <Row label={t("calendars.code")}>
            <span className="font-mono">{stay.code}</span>
          </Row>
        </dl>
        {stay.imported && (
          <p className="mt-4 flex items-start gap-2 rounded-xl bg-info-soft px-3 py-2.5 text-sm text-info-soft-fg">
            <Icon name="info" className="mt-px size-4 shrink-0" />
            {t("calendars.importedNotice", { source: event.source })}
          </p>
        )}

        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>{t("shell.close")}</Button>
          {!block && (
            <a
              href={reservationsUrlOf(event)}
              onClick={markNavigation}
              className={buttonClass("primary")}
            >
              <Icon name="clipboard" className="size-5" />
              {t("calendars.openReservations")}
            </a>
          )}
        </div>
      </div>
    </DialogFrame>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-fg-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
