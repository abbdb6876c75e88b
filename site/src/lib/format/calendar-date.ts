import { dateParts } from "@shared/local-date.ts";
import { INTL_LOCALES, type Locale } from "../../i18n/locales.ts";

/** A calendar date as the same date in UTC, so formatting it never moves it to another day. */
function utcDate(date: string): Date | undefined {
  const parts = dateParts(date);
  return parts ? new Date(Date.UTC(parts[0], parts[1] - 1, parts[2])) : undefined;
}

/**
 * A calendar date (YYYY-MM-DD, no time, no zone) as people of the language write it:
 * "12. srp 2026." / "12 Jul 2026", with the weekday ("ned, 12. srp 2026." / "Sun, 12 Jul 2026")
 * or without the year ("12. srp"). Formatted in UTC, where the date was built, so no browser zone
 * can move it a day.
 */
export function formatCalendarDate(
  date: string,
  lang: Locale,
  { weekday = false, year = true }: { weekday?: boolean; year?: boolean } = {},
): string {
  const utc = utcDate(date);
  if (!utc) return date;
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], {
    timeZone: "UTC",
    day: "numeric",
    month: "short",
    ...(year ? { year: "numeric" } : {}),
    ...(weekday ? { weekday: "short" } : {}),
  }).format(utc);
}

/** Two calendar dates as one range, shortened where they share month and year: "5. – 8. pro 2026.". */
export function formatCalendarRange(start: string, end: string, lang: Locale): string {
  const [from, to] = [utcDate(start), utcDate(end)];
  if (!from || !to) return `${start} – ${end}`;
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], {
    timeZone: "UTC",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).formatRangeToParts(from, to)
    // Croatian ranges pad the day ("05. – 08."), single dates do not ("5."): read like those.
    .map((part) => part.type === "day" ? String(Number(part.value)) : part.value)
    .join("");
}
