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

export function shellFor(pathname: string): string | undefined {
  const checkin = CHECKIN.exec(pathname);
  if (checkin) return checkin[1] ? `${checkin[1]}/prijava/index.html` : "prijava/index.html";
  return SHELLS.find(([pattern]) => pattern.test(pathname))?.[1];
}

/**
 * Shells without their parameter name nothing to show: the bare check-in address goes to /404
 * (spec section 2), a bare package page to the home page, a bare payment page to the host's
 * subscription page.
 */
const REDIRECTS: [RegExp, string][] = [
  [BARE_CHECKIN, "/404"],
  [/^\/paket\/?$/, "/"],
  [/^\/en\/paket\/?$/, "/en/"],
  [/^\/app\/pretplata\/placanje\/?$/, APP_ROUTES.subscription],
];

/** Where an address is sent instead of being answered (a redirect), if anywhere. */
export function redirectFor(pathname: string): string | undefined {
  return REDIRECTS.find(([pattern]) => pattern.test(pathname))?.[1];
}
