import { addDays, dateParts, formatDate, STAY_TIME_ZONE, todayIn } from "@shared/local-date.ts";
import { INTL_LOCALES, type Locale } from "../../i18n/locales.ts";
import type { VisibleDays } from "./use-calendar-stays.ts";

/** A month as the date of its first day, YYYY-MM-01. */
export type Month = string;

export function currentMonth(): Month {
  return todayIn(STAY_TIME_ZONE).slice(0, 8) + "01";
}

export function addMonths(month: Month, count: number): Month {
  const [year, monthNumber] = dateParts(month)!;
  const index = year * 12 + (monthNumber - 1) + count;
  return formatDate(Math.floor(index / 12), (index % 12) + 1, 1);
}

/** Monday 0 … Sunday 6. */
function weekdayOf(date: string): number {
  const [y, m, d] = dateParts(date)!;
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The month's own days: [first, first of the next month). */
export function daysOfMonth(month: Month): VisibleDays {
  return { start: month, end: addMonths(month, 1) };
}

/** The weeks a month grid shows, Monday to Sunday: from the Monday on or before the 1st. */
export function gridDaysOf(month: Month): VisibleDays {
  const last = addDays(addMonths(month, 1), -1);
  return {
    start: addDays(month, -weekdayOf(month)),
    end: addDays(last, 7 - weekdayOf(last)),
  };
}

/** "prosinac 2026." / "December 2026". */
export function monthTitle(month: Month, lang: Locale): string {
  const [y, m] = dateParts(month)!;
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], {
    timeZone: "UTC",
    month: "long",
    year: "numeric",
  }).format(new Date(Date.UTC(y, m - 1, 1)));
}
