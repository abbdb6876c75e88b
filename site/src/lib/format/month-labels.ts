import { INTL_LOCALES, type Locale } from "../../i18n/locales.ts";

function firstOf(month: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)) : undefined;
}

/**
 * A month ("2026-03") as people of the language name it: "ožu" / "Mar" on a chart's axis,
 * "ožujak 2026." / "March 2026" in full. Formatted in UTC, where the date was built.
 */
export function formatMonth(month: string, lang: Locale, style: "short" | "long"): string {
  const date = firstOf(month);
  if (!date) return month;
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], {
    timeZone: "UTC",
    month: style,
    ...(style === "long" ? { year: "numeric" } : {}),
  }).format(date);
}

/** The axis labels: short months, with the year under the first one and under each January. */
export function axisLabels(months: string[], lang: Locale): (string | string[])[] {
  return months.map((month, index) =>
    index === 0 || month.endsWith("-01")
      ? [formatMonth(month, lang, "short"), month.slice(0, 4)]
      : formatMonth(month, lang, "short")
  );
}
