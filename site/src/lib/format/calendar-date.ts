import type { Locale } from "../../i18n/locales.ts";

const REGIONS: Record<Locale, string> = { hr: "hr-HR", en: "en-GB" };

/**
 * A calendar date (YYYY-MM-DD, no time, no zone) as people of the language write it:
 * "12. srp 2026." / "12 Jul 2026", with the weekday ("ned, 12. srp 2026.") or without the year
 * ("12. srp"). Formatted in UTC, where the date was built, so no browser zone can move it a day.
 */
export function formatCalendarDate(
  date: string,
  lang: Locale,
  { weekday = false, year = true }: { weekday?: boolean; year?: boolean } = {},
): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(REGIONS[lang], {
    timeZone: "UTC",
    day: "numeric",
    month: "short",
    ...(year ? { year: "numeric" } : {}),
    ...(weekday ? { weekday: "short" } : {}),
  }).format(parsed);
}
