import assert from "node:assert/strict";
import {
  REGISTRATION_FAILURES,
  type RegistrationFailure,
  registrationFailureOf,
  registrationFailureText,
} from "@shared/registration-failures.ts";
import { RegistrationFailureSchema } from "@shared/schemas/guest.ts";
import hr from "../../../site/src/i18n/hr.json" with { type: "json" };
import en from "../../../site/src/i18n/en.json" with { type: "json" };
import { translator } from "../../../site/src/i18n/translate.ts";
import { registrationMessage } from "../../../site/src/features/shared-guests/registration-messages.ts";

const WITH_DETAIL = new Set([
  "evisitor-refused",
  "document-type-not-offered",
  "payment-category-not-offered",
  "payment-category-choice",
  "arrival-not-offered",
  "firewall",
  "city-not-settlement",
  "checkout-before-arrival",
]);
const example = (code: RegistrationFailure["code"]): RegistrationFailure => ({
  code,
  detail: code === "evisitor-refused"
    ? "Turist Ana Horvat već je prijavljen"
    : WITH_DETAIL.has(code)
    ? "002"
    : null,
});

Deno.test("every registration failure has a text in every site catalogue", () => {
  for (const [lang, catalogue] of [["hr", hr], ["en", en]] as const) {
    for (const code of REGISTRATION_FAILURES) {
      const text = (catalogue as Record<string, string>)[`guests.registrationFailure.${code}`];
      assert.ok(text?.trim(), `${lang}: ${code}`);
      if (WITH_DETAIL.has(code)) assert.match(text, /\{detail\}/, `${lang}: ${code}`);
    }
  }
});

Deno.test("a failure is read from its stored code, never from a sentence", () => {
  for (const code of REGISTRATION_FAILURES) {
    const failure = example(code);
    assert.deepEqual(RegistrationFailureSchema.parse(failure), failure);
    assert.deepEqual(
      registrationFailureOf({ registrationFailure: code, registrationError: failure.detail }),
      failure,
    );
    // A sentence without its code (migration 0044 left none) is no failure the API makes up.
    const sentence = registrationFailureText(failure);
    assert.equal(
      registrationFailureOf({ registrationFailure: null, registrationError: sentence }),
      null,
      sentence,
    );
  }
  assert.equal(registrationFailureOf({ registrationFailure: null, registrationError: null }), null);
});

Deno.test("the guests page words a failure as before the codes", () => {
  const hrT = translator("hr");
  const enT = translator("en");
  const shown = (t: typeof hrT, failure: RegistrationFailure) =>
    registrationMessage(t, failure, registrationFailureText(failure));
  assert.equal(
    shown(hrT, { code: "credentials", detail: null }),
    "eVisitor više ne prihvaća korisničko ime i lozinku povezanog računa.",
  );
  assert.equal(
    shown(enT, { code: "unanswered-retrying", detail: null }),
    "Prijavko will send the registration again by itself; you can also send it now.",
  );
  // eVisitor's own words, as they came, in either language.
  const refused = example("evisitor-refused");
  assert.equal(shown(hrT, refused), refused.detail);
  assert.equal(shown(enT, refused), refused.detail);
  // The mapping failures read as the API's English sentence in English, in Croatian in Croatian.
  for (const code of ["stay-cancelled", "document-type-not-offered", "gender-not-recorded"]) {
    const failure = example(code as RegistrationFailure["code"]);
    assert.equal(shown(enT, failure), registrationFailureText(failure));
  }
  assert.equal(shown(hrT, example("stay-cancelled")), "Boravak je otkazan.");
  assert.equal(
    shown(hrT, example("document-type-not-offered")),
    'eVisitor za ovaj objekt ne nudi vrstu isprave "002".',
  );
  // No Croatian text is left in English.
  for (const code of REGISTRATION_FAILURES) {
    const failure = example(code);
    if (code === "evisitor-refused") continue;
    assert.notEqual(shown(hrT, failure), shown(enT, failure), code);
  }
  // No code (an answer from before it): the sentence as it is.
  assert.equal(registrationMessage(hrT, undefined, "Neispravan OIB"), "Neispravan OIB");
});

Deno.test("a firewall page without a support ID is told without an empty ID", () => {
  const bare: RegistrationFailure = { code: "firewall", detail: null };
  const sentence = registrationFailureText(bare);
  assert.equal(sentence, "eVisitor's firewall refused the request.");
  // The guest row on the guests page, in Croatian and English.
  const shown = (lang: "hr" | "en", failure: RegistrationFailure) =>
    registrationMessage(translator(lang), failure, registrationFailureText(failure));
  assert.equal(
    shown("hr", bare),
    "Vatrozid eVisitora odbio je zahtjev. Blokada se obično ponavlja, pa Prijavko čeka i sam ga " +
      "šalje ponovno za 4 sata; možete ga poslati i odmah.",
  );
  assert.equal(
    shown("en", bare),
    "eVisitor's firewall refused the request. A block usually repeats, so Prijavko waits and " +
      "sends it again by itself in 4 hours; you can also send it now.",
  );
  for (const lang of ["hr", "en"] as const) {
    assert.doesNotMatch(shown(lang, { code: "firewall", detail: "" }), /\(|:\s*\)/, lang);
    assert.match(shown(lang, { code: "firewall", detail: "123456789" }), /\(.*: 123456789\)/, lang);
  }
});
