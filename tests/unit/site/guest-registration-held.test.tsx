/**
 * A cancel or an undone check-out the account's refused login holds (issue 31, item 3) is not on
 * its way any more: the guest's line says it waits for the account's new credentials, in the
 * host's language, instead of a spinner that never ends.
 */
import assert from "node:assert/strict";
import { renderToStaticMarkup } from "react-dom/server";
import { registrationFailureText } from "@shared/registration-failures.ts";
import { translator } from "../../../site/src/i18n/translate.ts";
import {
  GuestRegistration,
  type RegistrationFacts,
} from "../../../site/src/features/shared-guests/GuestRegistration.tsx";

const credentials = { code: "credentials" as const, detail: null };
const asked = "2026-07-10T08:00:00.000Z";

/** The guest's line as text (apostrophes as typed, not as HTML escapes). */
const line = (lang: "hr" | "en", guest: RegistrationFacts) =>
  renderToStaticMarkup(
    <GuestRegistration t={translator(lang)} lang={lang} guest={guest} arrived now={Date.now()} />,
  ).replaceAll("&#x27;", "'");

const heldCancel: RegistrationFacts = {
  status: "CheckedIn",
  registrationState: "registered",
  cancelRequestedAt: asked,
  registrationFailure: credentials,
  registrationError: registrationFailureText(credentials),
};

const heldUndo: RegistrationFacts = {
  status: "CheckedOut",
  registrationState: "registered",
  undoCheckOutRequestedAt: asked,
  registrationFailure: credentials,
  registrationError: registrationFailureText(credentials),
};

Deno.test("a cancel or undo held by a refused login says it waits for new credentials", () => {
  for (const guest of [heldCancel, heldUndo]) {
    for (const lang of ["hr", "en"] as const) {
      const t = translator(lang);
      const html = line(lang, guest);
      assert.ok(html.includes(t("guests.registration.heldByLogin")), `${lang}: ${html}`);
      assert.ok(html.includes(t("guests.registrationFailure.credentials")), lang);
      assert.ok(!html.includes(t("guests.registration.cancelling")), "not shown as on its way");
      assert.ok(!html.includes(t("guests.registration.undoingCheckOut")), "not on its way");
    }
  }
});

Deno.test("a cancel still on its way shows as such", () => {
  const t = translator("hr");
  const html = line("hr", {
    status: "CheckedIn",
    registrationState: "registered",
    cancelRequestedAt: asked,
  });
  assert.ok(html.includes(t("guests.registration.cancelling")));
});
