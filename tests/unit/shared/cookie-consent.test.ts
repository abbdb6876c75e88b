import assert from "node:assert/strict";
import {
  ACCEPT_ALL_COOKIES,
  COOKIE_CONSENT_STORAGE_KEY,
  CookieConsent,
  DECLINE_ALL_COOKIES,
} from "../../../shared/schemas/cookie-consent.ts";
import { Language } from "../../../shared/schemas/language.ts";

Deno.test("a stored consent is two booleans under the key cookieConsent", () => {
  assert.equal(COOKIE_CONSENT_STORAGE_KEY, "cookieConsent");
  assert.deepEqual(CookieConsent.parse(ACCEPT_ALL_COOKIES), {
    performance: true,
    advertising: true,
  });
  assert.deepEqual(CookieConsent.parse(DECLINE_ALL_COOKIES), {
    performance: false,
    advertising: false,
  });
  assert.equal(CookieConsent.safeParse({ performance: "yes", advertising: false }).success, false);
  assert.equal(CookieConsent.safeParse({ performance: true }).success, false);
});

Deno.test("a language entry keeps the spec's capitalised names and known keys", () => {
  const german = { Name: "Deutsch", Key: "de", Icon: "flag-de", CheckinPageOnly: true };
  assert.deepEqual(Language.parse(german), german);
  assert.equal(Language.safeParse({ ...german, Key: "pl" }).success, false);
  assert.equal(
    Language.safeParse({ name: "Deutsch", key: "de", icon: "", checkinPageOnly: true }).success,
    false,
  );
});
