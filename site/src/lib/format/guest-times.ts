import { STAY_TIME_ZONE } from "@shared/local-date.ts";
import { INTL_LOCALES, type Locale } from "../../i18n/locales.ts";

/** Within this many hours a deadline counts as due now (the page's summary and warnings). */
export const DUE_SOON_HOURS = 6;

/** A moment as the day and time in Zagreb, where every stay is: "22. stu 2026. 14:00". */
export function formatZagrebDateTime(iso: string, lang: Locale, { year = true } = {}): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], {
    timeZone: STAY_TIME_ZONE,
    day: "numeric",
    month: "short",
    ...(year ? { year: "numeric" } : {}),
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(instant);
}

/** Arrival and departure as one range of Zagreb dates: "21. – 24. stu 2026.". */
export function formatZagrebRange(startIso: string, endIso: string, lang: Locale): string {
  const [from, to] = [new Date(startIso), new Date(endIso)];
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return `${startIso} – ${endIso}`;
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], {
    timeZone: STAY_TIME_ZONE,
    day: "numeric",
    month: "short",
    year: "numeric",
  }).formatRangeToParts(from, to)
    .map((part) => part.type === "day" ? String(Number(part.value)) : part.value)
    .join("");
}

/** How pressing a deadline is: passed, due within DUE_SOON_HOURS, or further ahead. */
export type DeadlineUrgency = "overdue" | "due" | "later";

export function urgencyOf(deadline: string, now = Date.now()): DeadlineUrgency {
  const left = new Date(deadline).getTime() - now;
  if (left < 0) return "overdue";
  return left <= DUE_SOON_HOURS * 3_600_000 ? "due" : "later";
}

/** The Zagreb calendar date (YYYY-MM-DD) of a moment. */
export function zagrebDateOf(iso: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: STAY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}
