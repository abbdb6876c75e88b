import { z } from "zod";

/** Where the choice is kept in the browser's local storage. */
export const COOKIE_CONSENT_STORAGE_KEY = "cookieConsent";

/** The optional cookie groups; required cookies are always on and so are not a choice. */
export const CookieConsent = z
  .object({ performance: z.boolean(), advertising: z.boolean() })
  .meta({ id: "CookieConsent" });
export type CookieConsent = z.infer<typeof CookieConsent>;

export const ACCEPT_ALL_COOKIES: CookieConsent = { performance: true, advertising: true };
export const DECLINE_ALL_COOKIES: CookieConsent = { performance: false, advertising: false };
