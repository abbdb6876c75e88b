import { dateParts, formatDate, todayIn } from "@shared/local-date.ts";
import type { Locale } from "../../i18n/locales.ts";

/** Every property is in Croatia: stay dates and "today" are Zagreb's, wherever the host is. */
export const STAY_ZONE = "Europe/Zagreb";

const REGIONS: Record<Locale, string> = { hr: "hr-HR", en: "en-GB" };

export function todayInZagreb(): string {
  return todayIn(STAY_ZONE);
}

/** A calendar date as the same date in UTC, so formatting it never moves it to another day. */
function utcDate(date: string): Date | undefined {
  const parts = dateParts(date);
  return parts ? new Date(Date.UTC(parts[0], parts[1] - 1, parts[2])) : undefined;
}

/** "10. srp 2026." / "10 Jul 2026"; with `weekday`, "pet, 10. srp 2026." / "Fri, 10 Jul 2026". */
export function formatStayDate(
  date: string,
  lang: Locale,
  { weekday = false }: { weekday?: boolean } = {},
): string {
  const utc = utcDate(date);
  if (!utc) return date;
  return new Intl.DateTimeFormat(REGIONS[lang], {
    timeZone: "UTC",
    weekday: weekday ? "short" : undefined,
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(utc);
}

/** The Zagreb clock time of an arrival or departure date-time, e.g. "14:00". */
export function formatStayTime(isoDateTime: string, lang: Locale): string {
  const instant = new Date(isoDateTime);
  if (Number.isNaN(instant.getTime())) return "";
  return new Intl.DateTimeFormat(REGIONS[lang], {
    timeZone: STAY_ZONE,
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

/** A stay's dates as one range, shortened where they share month and year: "5. – 8. pro 2026.". */
export function formatStayRange(start: string, end: string, lang: Locale): string {
  const [from, to] = [utcDate(start), utcDate(end)];
  if (!from || !to) return `${start} – ${end}`;
  return new Intl.DateTimeFormat(REGIONS[lang], {
    timeZone: "UTC",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).formatRangeToParts(from, to)
    // Croatian ranges pad the day ("05. – 08."), single dates do not ("5."): read like those.
    .map((part) => part.type === "day" ? String(Number(part.value)) : part.value)
    .join("");
}
