import { DEFAULT_LOCALE, type Locale, LOCALES } from "./locales.ts";

/**
 * The URL of a page in one language. Croatian pages have no prefix (`/kontakt`),
 * other languages do (`/en/kontakt`); home is `/` and `/en/`.
 */
export function localePath(lang: Locale, path = ""): string {
  const slug = path.replace(/^\/+|\/+$/g, "");
  const prefix = lang === DEFAULT_LOCALE ? "" : `/${lang}`;
  return slug ? `${prefix}/${slug}` : `${prefix}/`;
}

/** Alternate URLs of a page that exists in every language under the same slug. */
export function alternatesOf(path = ""): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((lang) => [lang, localePath(lang, path)])) as Record<
    Locale,
    string
  >;
}
