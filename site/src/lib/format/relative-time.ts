import { INTL_LOCALES, type Locale } from "../../i18n/locales.ts";

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
];

/**
 * How long ago (or how soon) a moment is, as people say it: "prije 3 minute" / "3 minutes ago",
 * "upravo sada" / "now" within a few seconds (spec section 3: just now, minutes, hours or days
 * ago). Beyond a month the date itself says more; callers show it beside.
 */
export function formatRelativeTime(iso: string, lang: Locale, now = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const format = new Intl.RelativeTimeFormat(INTL_LOCALES[lang], { numeric: "auto" });
  let value = (time - now) / 1000;
  if (Math.abs(value) < 10) return format.format(0, "second");
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), "month");
}
