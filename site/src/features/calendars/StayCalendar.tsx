import { useEffect, useMemo, useState } from "react";
import { useAtomValue } from "jotai";
import FullCalendar, { useCalendarController } from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import breezyTheme from "@fullcalendar/react/themes/breezy";
import hrLocale from "@fullcalendar/react/locales/hr";
import enGbLocale from "@fullcalendar/react/locales/en-gb";
import type { Reservation } from "@shared/schemas/reservation.ts";
import { formatDate } from "@shared/local-date.ts";
import { isMobileAtom } from "../../lib/state/viewport.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { stayEventOf, type StayEventProps } from "./stay-events.ts";
import type { VisibleDays } from "./use-calendar-stays.ts";
import {
  addMonths,
  currentMonth,
  daysOfMonth,
  gridDaysOf,
  type Month,
  monthTitle,
} from "./calendar-month.ts";
import { StayAgenda } from "./StayAgenda.tsx";
import { StayLegend } from "./StayLegend.tsx";
import "./calendar-theme.css";

type CalendarView = "month" | "list";

const LOCALES = { hr: hrLocale, en: enGbLocale } as const;

/** A local date as YYYY-MM-DD (FullCalendar hands all-day boundaries as local midnights). */
const localDateOf = (date: Date) =>
  formatDate(date.getFullYear(), date.getMonth() + 1, date.getDate());

interface StayCalendarProps {
  t: Translate;
  lang: Locale;
  /** Undefined until the first stays arrive. */
  stays: Reservation[] | undefined;
  isLoading: boolean;
  error?: unknown;
  onRetry: () => void;
  /** The days whose stays to show (the month grid's whole weeks). */
  onDaysChange: (days: VisibleDays) => void;
  onOpen: (event: StayEventProps) => void;
}

/**
 * The month of every unit's stays and blocks: FullCalendar's (MIT) month grid, or a list of the
 * month's stays, under one toolbar in the site's style. Phones start on the list, which reads
 * better than a grid of narrow days; either can be chosen.
 */
export function StayCalendar(props: StayCalendarProps) {
  const { t, lang, stays, isLoading, error, onRetry, onDaysChange, onOpen } = props;
  const isMobile = useAtomValue(isMobileAtom);
  const [chosenView, setChosenView] = useState<CalendarView>();
  const view: CalendarView = chosenView ?? (isMobile ? "list" : "month");
  const [month, setMonth] = useState<Month>(currentMonth);
  const controller = useCalendarController();
  const events = useMemo(() => (stays ?? []).map((stay) => stayEventOf(t, stay)), [stays, t]);
  const title = monthTitle(month, lang);

  useEffect(() => onDaysChange(gridDaysOf(month)), [month]);

  // The grid follows the month chosen here (also when it appears again after the list).
  const shownStart = controller.view?.currentStart;
  useEffect(() => {
    if (shownStart && localDateOf(shownStart) !== month) controller.gotoDate(month);
  }, [month, shownStart?.getTime()]);

  return (
    <section
      aria-labelledby="stay-calendar-title"
      className="rounded-3xl border border-border bg-surface p-4 shadow-xs sm:p-6"
    >
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex items-center gap-3">
          <h2 id="stay-calendar-title" aria-live="polite" className="text-xl font-bold sm:text-2xl">
            {title.charAt(0).toUpperCase() + title.slice(1)}
          </h2>
          {isLoading && (
            <span role="status" className="flex items-center gap-2 text-sm text-fg-muted">
              <Spinner className="size-4 text-primary" />
              <span className="sr-only">{t("app.loading")}</span>
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div className="flex items-center gap-1">
            <Button
              variant="secondary"
              size="sm"
              aria-label={t("calendars.previousMonth")}
              onClick={() => setMonth((current) => addMonths(current, -1))}
            >
              <Icon name="chevronLeft" className="size-4" />
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={month === currentMonth()}
              onClick={() => setMonth(currentMonth())}
            >
              {t("calendars.today")}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={t("calendars.nextMonth")}
              onClick={() => setMonth((current) => addMonths(current, 1))}
            >
              <Icon name="chevronRight" className="size-4" />
            </Button>
          </div>
          <div
            role="group"
            aria-label={t("calendars.view")}
            className="flex rounded-xl border border-border-strong/50 p-0.5"
          >
            {(["month", "list"] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={view === option}
                onClick={() => setChosenView(option)}
                className={`min-h-8 rounded-[0.625rem] px-3 text-sm font-semibold transition-colors mobile:min-h-11 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring ${
                  view === option
                    ? "bg-primary text-primary-fg"
                    : "text-fg-muted hover:bg-surface-muted hover:text-fg"
                }`}
              >
                {t(option === "month" ? "calendars.viewMonth" : "calendars.viewList")}
              </button>
            ))}
          </div>
        </div>
      </div>

      <div className="mt-3">
        <StayLegend t={t} />
      </div>

      {error !== undefined && (
        <div className="mt-4">
          <LoadFailedNotice t={t} error={error} onRetry={onRetry} />
        </div>
      )}

      <div
        data-testid="stay-calendar-days"
        aria-busy={isLoading || undefined}
        className={`mt-4 ${isLoading ? "opacity-70 transition-opacity" : ""}`}
      >
        {view === "list"
          ? (
            <StayAgenda
              t={t}
              lang={lang}
              stays={stays ?? []}
              days={daysOfMonth(month)}
              onOpen={onOpen}
            />
          )
          : (
            <FullCalendar
              controller={controller}
              plugins={[dayGridPlugin, breezyTheme]}
              initialView="dayGridMonth"
              initialDate={month}
              headerToolbar={false}
              locale={LOCALES[lang]}
              firstDay={1}
              height="auto"
              fixedWeekCount={false}
              dayMaxEvents={false}
              tableHeaderSticky={false}
              events={events}
              eventDisplay="block"
              eventClick={(info) => {
                info.jsEvent.preventDefault();
                onOpen(info.event.extendedProps as StayEventProps);
              }}
            />
          )}
      </div>
    </section>
  );
}
