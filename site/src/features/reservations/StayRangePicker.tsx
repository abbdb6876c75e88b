import { useEffect, useId, useMemo, useState } from "react";
import { useAtomValue } from "jotai";
import { DayPicker, type DayPickerLocale, labelDayButton, type Modifiers } from "react-day-picker";
import { enGB } from "react-day-picker/locale/en-GB";
import { hr } from "react-day-picker/locale/hr";
import { addDays, daysBetween } from "@shared/local-date.ts";
import { formatCalendarDate } from "../../lib/format/calendar-date.ts";
import { isMobileAtom } from "../../lib/state/viewport.ts";
import type { Locale } from "../../i18n/locales.ts";
import { type Translate, translatePlural } from "../../i18n/translate.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { DAY_MODIFIER_CLASSES, DAY_PICKER_CLASSES } from "./day-picker-classes.ts";
import { dateOfDay, dayOfDate, monthStartOf } from "../../lib/format/stay-dates.ts";
import { canCheckIn, canCheckOut, holdsTakenNight, type TakenNights } from "./stay-nights.ts";
import { useTakenNights } from "./use-taken-nights.ts";

/** A stay being chosen: the check-in day, then the check-out day (YYYY-MM-DD). */
export interface StayRange {
  start?: string;
  end?: string;
}

interface StayRangePickerProps {
  t: Translate;
  lang: Locale;
  /** The unit whose taken nights are shown; without one nothing can be chosen yet. */
  unitCode?: string;
  /** The stay being edited: its own nights are free to keep. */
  exceptCode?: string;
  value: StayRange;
  onChange: (value: StayRange) => void;
  /** Today in Zagreb. */
  today: string;
  /** Already translated. */
  error?: string;
  /** The group's name, by which the form finds and focuses it when the dates have an error. */
  name: string;
  /** A new value reads the taken nights again, e.g. after the server found one taken meanwhile. */
  refreshKey?: number;
}

const LOCALES = { hr, en: enGB } as const;

/**
 * The dates of a stay on a calendar (react-day-picker in range mode): first the check-in day,
 * then the check-out day. Nights are what can be taken, not days, so a day another stay leaves
 * on can start this one and a day another stay arrives on can end it; a check-out past the next
 * taken night cannot be chosen.
 */
export function StayRangePicker(props: StayRangePickerProps) {
  const { t, lang, unitCode, exceptCode, value, onChange, today, error } = props;
  const isMobile = useAtomValue(isMobileAtom);
  const numberOfMonths = isMobile ? 1 : 2;
  const [month, setMonth] = useState(() => monthStartOf(value.start ?? today));
  const months = useMemo(
    () => Array.from({ length: numberOfMonths }, (_, i) => monthStartOf(month, i)),
    [month, numberOfMonths],
  );
  const nights = useTakenNights(unitCode, exceptCode, months);
  useEffect(() => {
    if (props.refreshKey) nights.reload();
  }, [props.refreshKey]);
  const taken = nights.taken;
  const legendId = useId();
  const hintId = useId();
  const errorId = useId();
  const awaitingCheckOut = value.start !== undefined && value.end === undefined;

  function isChoosable(day: string): boolean {
    if (!unitCode) return false;
    if (awaitingCheckOut && value.start) {
      if (day === value.start) return true;
      if (day > value.start) return canCheckOut(value.start, day, taken);
    }
    return canCheckIn(day, taken);
  }

  function choose(day: string) {
    if (!isChoosable(day)) return;
    if (awaitingCheckOut && value.start) {
      if (day === value.start) return onChange({});
      if (day > value.start) return onChange({ start: value.start, end: day });
    }
    onChange({ start: day });
  }

  const start = keyboardStart(value, today, months, numberOfMonths, isChoosable);
  const modifiers = {
    ...takenModifiers(taken, value),
    // react-day-picker puts the keyboard first on a day marked "focused" (its own mark, which
    // then follows the keys). Its fallback, without a choosable today or chosen day, is the
    // first choosable day shown: the 1st of the month, as past days can be chosen.
    ...(start ? { focused: [dayOfDate(start)] } : {}),
  };
  const locale = LOCALES[lang];

  return (
    <fieldset
      name={props.name}
      tabIndex={-1}
      aria-labelledby={legendId}
      aria-describedby={[hintId, error ? errorId : ""].filter(Boolean).join(" ")}
      aria-invalid={error ? true : undefined}
      className={`min-w-0 rounded-2xl border px-1 py-3 focus:outline-none sm:p-4 ${
        error ? "border-error" : "border-border"
      }`}
    >
      <legend id={legendId} className="px-1.5 text-sm font-semibold text-fg">
        {t("reservations.dates")}
      </legend>
      <p id={hintId} className="mb-3 px-1 text-sm text-fg-muted">
        {!unitCode
          ? t("reservations.picker.chooseUnitFirst")
          : awaitingCheckOut
          ? t("reservations.picker.chooseCheckOut")
          : t("reservations.picker.chooseCheckIn")}
      </p>
      <DayPicker
        mode="range"
        locale={locale}
        month={dayOfDate(month)}
        onMonthChange={(shown) => setMonth(dateOfDay(shown))}
        numberOfMonths={numberOfMonths}
        today={dayOfDate(today)}
        selected={value.start
          ? { from: dayOfDate(value.start), to: value.end ? dayOfDate(value.end) : undefined }
          : undefined}
        onSelect={(_range, trigger) => choose(dateOfDay(trigger))}
        disabled={(day: Date) => !isChoosable(dateOfDay(day))}
        modifiers={modifiers}
        classNames={DAY_PICKER_CLASSES}
        modifiersClassNames={DAY_MODIFIER_CLASSES}
        labels={{
          labelDayButton: (date, dayModifiers, options, dateLib) =>
            dayLabel(t, localeDayLabel(locale, date, dayModifiers, options, dateLib), dayModifiers),
        }}
      />
      <PickerStatus t={t} lang={lang} value={value} nights={nights} />
      {!error && value.start && value.end && holdsTakenNight(value.start, value.end, taken) && (
        // E.g. the unit changed under dates chosen for another one.
        <p className="mt-3 flex items-start gap-1.5 px-1 text-sm font-medium text-warning">
          <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
          <span>{t("validation.dateRangeTaken")}</span>
        </p>
      )}
      {error && (
        <p
          id={errorId}
          className="mt-3 flex items-start gap-1.5 px-1 text-sm font-medium text-error"
        >
          <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </fieldset>
  );
}

/**
 * The day the keyboard starts on when it enters the calendar: the chosen check-in day, else today,
 * else (tonight taken) the first day after today a stay can start on, among the months shown;
 * undefined when none of those is shown, leaving it to react-day-picker.
 */
function keyboardStart(
  value: StayRange,
  today: string,
  months: string[],
  numberOfMonths: number,
  isChoosable: (day: string) => boolean,
): string | undefined {
  const first = months[0];
  const end = monthStartOf(first, numberOfMonths);
  const shown = (day: string) => day >= first && day < end;
  if (value.start && shown(value.start)) return value.start;
  for (let day = today < first ? first : today; shown(day); day = addDays(day, 1)) {
    if (isChoosable(day)) return day;
  }
  return undefined;
}

/** Which days touch a taken night: whole, or only its evening (arrival) or morning (departure). */
function takenModifiers(taken: TakenNights, value: StayRange) {
  const has = (day: Date) => taken.has(dateOfDay(day));
  const before = (day: Date) => taken.has(addDays(dateOfDay(day), -1));
  return {
    takenNight: (day: Date) => has(day) && before(day),
    otherArrives: (day: Date) => has(day) && !before(day),
    otherLeaves: (day: Date) => !has(day) && before(day),
    chosenEdge: [value.start, value.end].filter((d) => d !== undefined).map(dayOfDate),
  };
}

/** The locale's own label of a day ("Danas, petak, 10. srpnja 2026."). */
function localeDayLabel(
  locale: DayPickerLocale,
  ...args: Parameters<typeof labelDayButton>
): string {
  const own = locale.labels?.labelDayButton;
  return typeof own === "function" ? own(...args) : labelDayButton(...args);
}

/** The day's name as the locale reads it, and what is booked about it (for screen readers). */
function dayLabel(t: Translate, label: string, modifiers: Modifiers): string {
  if (modifiers.takenNight) return `${label}, ${t("reservations.picker.taken")}`;
  if (modifiers.otherArrives) return `${label}, ${t("reservations.picker.otherArrives")}`;
  if (modifiers.otherLeaves) return `${label}, ${t("reservations.picker.otherLeaves")}`;
  return label;
}

/** The chosen stay in words (announced as it changes), and the taken nights' loading state. */
function PickerStatus(
  { t, lang, value, nights }: {
    t: Translate;
    lang: Locale;
    value: StayRange;
    nights: ReturnType<typeof useTakenNights>;
  },
) {
  return (
    <div className="mt-3 space-y-2 px-1">
      <p aria-live="polite" className="text-[0.9375rem]">
        {value.start && value.end
          ? (
            <>
              <span className="font-semibold">
                {formatCalendarDate(value.start, lang, { weekday: true })} –{" "}
                {formatCalendarDate(value.end, lang, { weekday: true })}
              </span>
              <span className="text-fg-muted">
                {" · "}
                {translatePlural(lang, "reservations.nights", daysBetween(value.start, value.end))}
              </span>
            </>
          )
          : value.start
          ? (
            <span className="text-fg-muted">
              {t("reservations.picker.checkInChosen", {
                date: formatCalendarDate(value.start, lang, { weekday: true }),
              })}
            </span>
          )
          : null}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-fg-muted">
        <span className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-3.5 rounded bg-error-soft ring-1 ring-error/30"
          />
          {t("reservations.picker.legendTaken")}
        </span>
        {nights.isLoading && (
          <span role="status" className="inline-flex items-center gap-1.5">
            <Spinner className="size-3.5" />
            {t("reservations.picker.loading")}
          </span>
        )}
      </div>
      {nights.error !== undefined && !nights.isLoading && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-error">
          <span>
            {t("reservations.picker.loadFailed", { reason: describeApiError(t, nights.error) })}
          </span>
          <Button variant="secondary" size="sm" onClick={nights.reload}>
            {t("app.retry")}
          </Button>
        </div>
      )}
    </div>
  );
}
