import assert from "node:assert/strict";
import { APP_ROUTES } from "@shared/app-routes.ts";
import { composeNotificationEmail } from "../../../workers/notifications/notification-emails.ts";

const PUBLIC_URL = "https://prijavko.example";

const mail = (language: string) => {
  const composed = composeNotificationEmail("CalendarFeedFailing", {}, {
    to: "ana@example.com",
    from: "Prijavko <no-reply@prijavko.example>",
    publicUrl: PUBLIC_URL,
    language,
  });
  assert.ok(composed, "the template exists");
  return composed;
};

Deno.test("notification e-mails name and link Settings, where their switch is", () => {
  const settings = `${PUBLIC_URL}${APP_ROUTES.settings}`;
  const hr = mail("hr");
  assert.match(hr.text ?? "", new RegExp(`isključiti u Postavkama: ${settings}\n`));
  assert.ok(hr.html?.includes(`<a href="${settings}">Postavkama</a>`));
  const en = mail("en");
  assert.match(en.text ?? "", new RegExp(`off in Settings: ${settings}\n`));
  assert.ok(en.html?.includes(`<a href="${settings}">Settings</a>`));
  for (const { text, html } of [hr, en]) {
    assert.doesNotMatch(`${text}${html}`, /postavkama računa|account settings/i);
    assert.ok(!`${text}${html}`.includes(APP_ROUTES.accountSettings));
  }
});
