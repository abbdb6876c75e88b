import { STAY_TIME_ZONE, todayInStayZone } from "@shared/time-zone.ts";
import { type CheckinLanguage, INTL_TAGS } from "../../i18n/checkin/languages.ts";

/** A calendar date (YYYY-MM-DD) as the language writes it: "pet, 10. srpnja 2026." */
export function formatDay(
  date: string,
  lang: CheckinLanguage,
  style: "long" | "medium" = "long",
): string {
  const at = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  const options: Intl.DateTimeFormatOptions = style === "long"
    ? { weekday: "short", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }
    : { dateStyle: "medium", timeZone: "UTC" };
  return new Intl.DateTimeFormat(INTL_TAGS[lang], options).format(at);
}

/** The time of day of a moment in Zagreb: "14:00". */
export function formatTime(iso: string, lang: CheckinLanguage): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  return new Intl.DateTimeFormat(INTL_TAGS[lang], {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: STAY_TIME_ZONE,
  }).format(at);
}

/** Nights between two calendar dates. */
export function nightsBetween(start: string, end: string): number {
  return Math.round(
    (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000,
  );
}

/** Today's date in Zagreb (YYYY-MM-DD). */
export const todayInZagreb = (): string => todayInStayZone();
