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
];

export function shellFor(pathname: string): string | undefined {
  const checkin = CHECKIN.exec(pathname);
  if (checkin) return checkin[1] ? `${checkin[1]}/prijava/index.html` : "prijava/index.html";
  return SHELLS.find(([pattern]) => pattern.test(pathname))?.[1];
}

/** Where an address is sent instead of being answered (a redirect), if anywhere. */
export function redirectFor(pathname: string): string | undefined {
  return BARE_CHECKIN.test(pathname) ? "/404" : undefined;
}
