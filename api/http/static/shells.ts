import { APP_ROUTES } from "@shared/app-routes.ts";

/**
 * Pages whose address carries a parameter (a user id, a code) are built once as a shell; the
 * island reads the parameter from the URL. Each pattern maps such addresses to their shell.
 */

/** Languages of the guest check-in page besides Croatian, which has no prefix (spec section 1). */
export const CHECKIN_LANGUAGES = ["en", "fr", "it", "de", "es", "ru"] as const;
const LANGUAGE_PREFIX = `(?:/(${CHECKIN_LANGUAGES.join("|")}))?`;

/**
 * The guest check-in page, by reservation code or by the unit's code from its QR code: one page,
 * built once per language at `{lang/}prijava/index.html`.
 */
const CHECKIN = new RegExp(`^${LANGUAGE_PREFIX}/prijava/(?:rezervacija|smjestaj)/[^/]+/?$`);
/** The bare `/{lang?}/prijava` names no stay: spec section 2 sends it to /404. */
const BARE_CHECKIN = new RegExp(`^${LANGUAGE_PREFIX}/prijava/?$`);

const SHELLS: [RegExp, string][] = [
  [/^\/app\/potvrdi-email\/[^/]+\/[^/]+\/?$/, "app/potvrdi-email/index.html"],
  [/^\/app\/resetiraj-lozinku\/[^/]+\/?$/, "app/resetiraj-lozinku/index.html"],
  [
    /^\/app\/ponisti-promjenu-emaila\/[^/]+\/[^/]+\/?$/,
    "app/ponisti-promjenu-emaila/index.html",
  ],
  [/^\/app\/otkazi-brisanje\/[^/]+\/[^/]+\/?$/, "app/otkazi-brisanje/index.html"],
  [/^\/app\/pretplata\/placanje\/[^/]+\/?$/, "app/pretplata/placanje/index.html"],
  [/^\/paket\/[^/]+\/?$/, "paket/index.html"],
  [/^\/en\/paket\/[^/]+\/?$/, "en/paket/index.html"],
];

/**
 * A check-in address without a language prefix (the printed door QR, shared links of old): it is
 * answered in the guest's language (checkin-language.ts), Croatian unprefixed, others redirected.
 */
export function isLanguageLessCheckin(pathname: string): boolean {
  const checkin = CHECKIN.exec(pathname);
  return checkin !== null && checkin[1] === undefined;
}

/** The bare `/{lang?}/prijava`: its language (undefined without a prefix), if it is one. */
export function bareCheckinLanguage(pathname: string): { lang?: string } | undefined {
  const bare = BARE_CHECKIN.exec(pathname);
  return bare ? { lang: bare[1] } : undefined;
}

/**
 * The language of the 404 page for an unknown address under the check-in page (`/de/prijava/x`):
 * its prefix, or "negotiate" for a language-less one (`/prijava/x`). Undefined elsewhere: the
 * site's own bilingual 404 page.
 */
export function notFoundLanguageOf(pathname: string): string | undefined {
  const match = new RegExp(`^${LANGUAGE_PREFIX}/prijava(?:/|$)`).exec(pathname);
  if (!match) return undefined;
  return match[1] ?? "negotiate";
}

export function shellFor(pathname: string): string | undefined {
  const checkin = CHECKIN.exec(pathname);
  if (checkin) return checkin[1] ? `${checkin[1]}/prijava/index.html` : "prijava/index.html";
  return SHELLS.find(([pattern]) => pattern.test(pathname))?.[1];
}

/**
 * Shells without their parameter name nothing to show: a bare package page goes to the home page,
 * a bare payment page to the host's subscription page. (The bare check-in address goes to the 404
 * page in the guest's language: site.ts.)
 */
const REDIRECTS: [RegExp, string][] = [
  [/^\/paket\/?$/, "/"],
  [/^\/en\/paket\/?$/, "/en/"],
  [/^\/app\/pretplata\/placanje\/?$/, APP_ROUTES.subscription],
];

/** Where an address is sent instead of being answered (a redirect), if anywhere. */
export function redirectFor(pathname: string): string | undefined {
  return REDIRECTS.find(([pattern]) => pattern.test(pathname))?.[1];
}
