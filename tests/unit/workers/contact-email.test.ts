import assert from "node:assert/strict";
import { composeContactEmail } from "../../../workers/notifications/contact-email.ts";

const contact = {
  id: "c0ffee",
  firstName: "Ana",
  lastName: "Kovačić",
  email: "ana@example.com",
  message: "Trebam pomoć oko QR koda.",
  language: "hr",
  createdAt: new Date("2026-11-20T10:00:00Z"),
};

Deno.test("composeContactEmail writes to support and lets support reply to the sender", () => {
  const mail = composeContactEmail(contact, {
    supportEmail: "podrska@prijavko.hr",
    from: "no-reply@prijavko.hr",
  });
  assert.equal(mail.to, "podrska@prijavko.hr");
  assert.equal(mail.from, "no-reply@prijavko.hr");
  assert.equal(mail.replyTo, "ana@example.com");
  assert.equal(mail.subject, "Kontakt obrazac: Ana Kovačić");
  assert.match(mail.text, /Trebam pomoć oko QR koda\./);
  assert.match(mail.text, /2026-11-20T10:00:00\.000Z/);
});
