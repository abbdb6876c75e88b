import assert from "node:assert/strict";
import { composeNotificationEmail } from "../../../workers/notifications/notification-emails.ts";

const OPTIONS = {
  to: "host@example.com",
  from: "noreply@example.com",
  publicUrl: "https://p.test",
};

Deno.test("a platform's move a registered stay could not take is e-mailed with the stay and the new dates", () => {
  const placeholders = {
    accommodationUnit: "Apartman 1",
    reservationList: "arrival-locked",
    code: "ABCD2345EF",
    start: "2026-12-02",
    end: "2026-12-06",
  };
  const en = composeNotificationEmail("CalendarStayNeedsHost", placeholders, {
    ...OPTIONS,
    language: "en",
  })!;
  assert.match(en.subject, /moved the arrival of registered guests: Apartman 1/);
  assert.match(en.text, /moved stay ABCD2345EF \(Apartman 1\) to 2 Dec 2026 – 6 Dec 2026/);
  assert.match(en.text, /registrations will be cancelled and sent again with the new dates/);
  assert.match(en.text, /Open reservations: https:\/\/p\.test\/app\/rezervacije/);
  const hr = composeNotificationEmail("CalendarStayNeedsHost", placeholders, {
    ...OPTIONS,
    language: "hr",
  })!;
  assert.match(hr.text, /pomaknuo je boravak ABCD2345EF \(Apartman 1\) na 2\. pro 2026\./);

  const gone = composeNotificationEmail("CalendarStayNeedsHost", {
    ...placeholders,
    reservationList: "gone-removed",
  }, { ...OPTIONS, language: "en" })!;
  assert.match(gone.subject, /no longer lists a stay with guests/);
  assert.match(gone.text, /removed together with the details of the guests/);
  assert.doesNotMatch(`${en.text}${hr.text}${gone.text}`, /undefined|\{|\}/);
});

Deno.test("a registered stay a platform turned into a block is e-mailed as kept, not as gone", () => {
  const placeholders = {
    accommodationUnit: "Apartman 1",
    reservationList: "block-kept",
    code: "ABCD2345EF",
    start: "2026-12-02",
    end: "2026-12-06",
  };
  const en = composeNotificationEmail("CalendarStayNeedsHost", placeholders, {
    ...OPTIONS,
    language: "en",
  })!;
  assert.match(en.subject, /lists a stay with registered guests as unavailable: Apartman 1/);
  assert.match(en.text, /stay ABCD2345EF \(Apartman 1, 2 Dec 2026 – 6 Dec 2026\) as unavailable/);
  assert.match(en.text, /so it stays a stay with its guests/);
  const hr = composeNotificationEmail("CalendarStayNeedsHost", placeholders, {
    ...OPTIONS,
    language: "hr",
  })!;
  assert.match(hr.subject, /navodi kao zauzeto: Apartman 1/);
  assert.match(hr.text, /ostao boravak s gostima/);
  assert.doesNotMatch(`${en.text}${hr.text}`, /undefined|\{|\}/);
});
