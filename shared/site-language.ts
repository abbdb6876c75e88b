/**
 * The public site's and the app's language, remembered when a visitor chooses one (the language
 * links of the public site, the app's language switch): the server answers the language-less
 * public addresses in it, before the browser's Accept-Language (api/http/static/site-language.ts),
 * and the app reads it before the browser's languages when nothing is stored
 * (site/src/lib/state/language-preference.ts). A year; a required cookie ("your choices").
 */
export const SITE_LANGUAGE_COOKIE = "siteLang";
/** A year, in seconds. */
export const SITE_LANGUAGE_MAX_AGE = 31_536_000;
