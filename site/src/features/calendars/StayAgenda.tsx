import { daysBetween } from "@shared/local-date.ts";
import type { Reservation } from "@shared/schemas/reservation.ts";
import { formatCalendarDate } from "../../lib/format/calendar-date.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import type { StayEventProps } from "./stay-events.ts";
import { isBlock, sourceLabelOf, stayTypeOf } from "./stay-sources.ts";
import type { VisibleDays } from "./use-calendar-stays.ts";

interface StayAgendaProps {
  t: Translate;
  lang: Locale;
  stays: Reservation[];
  /** The month listed: stays sharing a night with it. */
  days: VisibleDays;
  onOpen: (event: StayEventProps) => void;
}

/**
 * The month as a list, one line per stay (not per day, as hosts count stays): dates, nights,
 * unit, and source or "blocked". Reads well on a phone, where a grid's days are too narrow.
 */
export function StayAgenda({ t, lang, stays, days, onOpen }: StayAgendaProps) {
  const listed = stays
    .filter((stay) => stay.startDate < days.end && stay.endDate > days.start)
    .sort((a, b) =>
      a.startDate.localeCompare(b.startDate) ||
      (a.accommodationUnit?.name ?? "").localeCompare(b.accommodationUnit?.name ?? "")
    );
  if (listed.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-border-strong/50 px-4 py-10 text-center text-fg-muted">
        {t("calendars.noStays")}
      </p>
    );
  }
  return (
    <ul className="space-y-2">
      {listed.map((stay) => {
        const block = isBlock(stay);
        const unitName = stay.accommodationUnit?.name ?? t("calendars.unknownUnit");
        const source = sourceLabelOf(t, stay);
        const nights = daysBetween(stay.startDate, stay.endDate);
        return (
          <li key={stay.code}>
            <button
              type="button"
              onClick={() => onOpen({ stay, unitName, source })}
              className="flex w-full items-stretch gap-3 rounded-2xl border border-border bg-bg/60 p-3 text-left transition-colors hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
            >
              <span
                aria-hidden="true"
                className={`w-1.5 shrink-0 rounded-full ${block ? "stay-block" : ""}`}
                style={block ? undefined : { backgroundColor: `var(--stay-${stayTypeOf(stay)})` }}
              />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold break-words">{unitName}</span>
                <span className="block text-sm text-fg-muted">
                  {formatCalendarDate(stay.startDate, lang, { year: false })} →{" "}
                  {formatCalendarDate(stay.endDate, lang, { year: false })} ·{" "}
                  {translatePlural(lang, "calendars.nights", nights)}
                </span>
              </span>
              <span className="flex shrink-0 flex-col items-end justify-center gap-1 text-sm">
                {block
                  ? (
                    <span className="stay-block rounded-full px-2 py-0.5 font-semibold">
                      {t("calendars.blocked")}
                    </span>
                  )
                  : null}
                <span className="font-medium text-fg-muted">{source}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
