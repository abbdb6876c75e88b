/** The site's languages. Croatian is the default and the fallback for missing texts. */
export const LOCALES = ["hr", "en"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "hr";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The BCP 47 tag `Intl` formats each language's dates and numbers with. */
export const INTL_LOCALES: Record<Locale, string> = { hr: "hr-HR", en: "en-GB" };
