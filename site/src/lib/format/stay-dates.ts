import { dateParts, formatDate, STAY_TIME_ZONE, todayIn } from "@shared/local-date.ts";
import { INTL_LOCALES, type Locale } from "../../i18n/locales.ts";

export function todayInZagreb(): string {
  return todayIn(STAY_TIME_ZONE);
}

/** The Zagreb clock time of an arrival or departure date-time, e.g. "14:00". */
export function formatStayTime(isoDateTime: string, lang: Locale): string {
  const instant = new Date(isoDateTime);
  if (Number.isNaN(instant.getTime())) return "";
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], {
    timeZone: STAY_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(instant);
}

/**
 * The date-time sent for a chosen day: noon UTC, which is 13:00 or 14:00 in Zagreb, so the API
 * reads the same calendar day back (it takes the Zagreb date of what it receives).
 */
export function requestDateTimeOf(date: string): string {
  return `${date}T12:00:00.000Z`;
}

/** The date picker works with the browser's local midnights; these move between the two. */
export function dateOfDay(day: Date): string {
  return formatDate(day.getFullYear(), day.getMonth() + 1, day.getDate());
}

export function dayOfDate(date: string): Date {
  const [year, month, day] = dateParts(date) ?? [1970, 1, 1];
  return new Date(year, month - 1, day);
}

/** The first day of the month `offset` months after the month of `date`. */
export function monthStartOf(date: string, offset = 0): string {
  const [year, month] = dateParts(date) ?? [1970, 1, 1];
  const first = new Date(Date.UTC(year, month - 1 + offset, 1));
  return formatDate(first.getUTCFullYear(), first.getUTCMonth() + 1, 1);
}
