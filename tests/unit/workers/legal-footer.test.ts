import assert from "node:assert/strict";
import { composeAccountEmail } from "../../../workers/notifications/account-emails.ts";
import { composeNotificationEmail } from "../../../workers/notifications/notification-emails.ts";

const PUBLIC_URL = "https://prijavko.example";

Deno.test("account e-mails link the terms, privacy policy and DPA in the reader's language", () => {
  const hr = composeAccountEmail("confirmEmail", {
    to: "ana@example.com",
    from: "Prijavko <no-reply@prijavko.example>",
    link: `${PUBLIC_URL}/app/potvrdi-email/u/c`,
    language: "hr",
    publicUrl: PUBLIC_URL,
  });
  for (const path of ["/uvjeti-koristenja", "/politika-privatnosti", "/obrada-podataka"]) {
    assert.ok(hr.text?.includes(`${PUBLIC_URL}${path}`), path);
    assert.ok(hr.html?.includes(`href="${PUBLIC_URL}${path}"`), path);
  }
  assert.match(hr.text ?? "", /Politika privatnosti: /);

  const en = composeAccountEmail("confirmEmail", {
    to: "emma@example.com",
    from: "Prijavko <no-reply@prijavko.example>",
    link: `${PUBLIC_URL}/app/potvrdi-email/u/c`,
    language: "en",
    publicUrl: PUBLIC_URL,
  });
  for (const path of ["/en/terms", "/en/privacy", "/en/data-processing"]) {
    assert.ok(en.html?.includes(`href="${PUBLIC_URL}${path}"`), path);
  }
  assert.match(en.text ?? "", /Privacy policy: https:\/\/prijavko\.example\/en\/privacy/);
});

Deno.test("notification e-mails carry the same legal links at their foot", () => {
  const mail = composeNotificationEmail("CalendarFeedFailing", {}, {
    to: "ana@example.com",
    from: "Prijavko <no-reply@prijavko.example>",
    publicUrl: PUBLIC_URL,
    language: "hr",
  });
  assert.ok(mail, "the template exists");
  assert.ok(mail.html?.includes(`href="${PUBLIC_URL}/obrada-podataka"`));
  assert.ok(mail.text?.endsWith(`Obrada podataka: ${PUBLIC_URL}/obrada-podataka`));
});
