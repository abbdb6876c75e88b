import { languageEntry } from "@shared/languages.ts";

/**
 * The check-in page's languages (spec section 1): Croatian (the default, no URL prefix), English,
 * and French, Italian, German, Spanish and Russian, which only this page speaks. The page has its
 * own catalogues (`<code>.json` beside this file), so the rest of the site stays in hr and en.
 */
export const CHECKIN_LANGUAGES = ["hr", "en", "fr", "it", "de", "es", "ru"] as const;
export type CheckinLanguage = (typeof CHECKIN_LANGUAGES)[number];
export const DEFAULT_CHECKIN_LANGUAGE: CheckinLanguage = "hr";

export function isCheckinLanguage(value: unknown): value is CheckinLanguage {
  return typeof value === "string" && (CHECKIN_LANGUAGES as readonly string[]).includes(value);
}

/** Each language named in itself, as a language menu lists them (shared/languages.ts). */
export const LANGUAGE_NAMES = Object.fromEntries(
  CHECKIN_LANGUAGES.map((key) => [key, languageEntry(key).Name]),
) as Record<CheckinLanguage, string>;

/** The BCP 47 tag `Intl` formats dates, plurals and sorting with. */
export const INTL_TAGS: Record<CheckinLanguage, string> = {
  hr: "hr-HR",
  en: "en-GB",
  fr: "fr-FR",
  it: "it-IT",
  de: "de-DE",
  es: "es-ES",
  ru: "ru-RU",
};

const PREFIX = new RegExp(`^/(${CHECKIN_LANGUAGES.join("|")})(?=/)`);

/** The language an address is in: its prefix (`/de/prijava/…`), Croatian without one. */
export function languageOfPath(pathname: string): CheckinLanguage {
  const prefix = PREFIX.exec(pathname)?.[1];
  return isCheckinLanguage(prefix) ? prefix : DEFAULT_CHECKIN_LANGUAGE;
}

/** The same address in another language: `/prijava/smjestaj/x` → `/de/prijava/smjestaj/x`. */
export function pathInLanguage(pathname: string, lang: CheckinLanguage): string {
  const bare = pathname.replace(PREFIX, "");
  return lang === DEFAULT_CHECKIN_LANGUAGE ? bare : `/${lang}${bare}`;
}

/**
 * The cookie holding the language a guest chose on the page (by an explicit choice only): the API
 * answers the language-less door QR address in it on later visits, before the browser's
 * Accept-Language (api/http/static/checkin-language.ts, same name). A year; a required cookie of
 * the page's own (cookie banner: "the language" is among the required ones).
 */
export const CHECKIN_LANGUAGE_COOKIE = "checkinLang";

export function rememberLanguage(lang: CheckinLanguage): void {
  document.cookie = `${CHECKIN_LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax` +
    (location.protocol === "https:" ? "; Secure" : "");
}
