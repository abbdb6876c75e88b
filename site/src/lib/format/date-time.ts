import { INTL_LOCALES, type Locale } from "../../i18n/locales.ts";

/** A moment as people of the language read it: "12. ožu 2026. 14:05" / "12 Mar 2026, 14:05". */
export function formatDateTime(iso: string, lang: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], { dateStyle: "medium", timeStyle: "short" })
    .format(date);
}

export function formatDate(iso: string, lang: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], { dateStyle: "medium" }).format(date);
}

export function formatNumber(value: number, lang: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALES[lang]).format(value);
}
