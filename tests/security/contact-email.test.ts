/**
 * Issue 17: a contact form's name fields are written on one line in the e-mail to support, so a
 * line break cannot forge a header (the subject) or a line of the message.
 */
import assert from "node:assert/strict";
import { composeContactEmail } from "../../workers/notifications/contact-email.ts";

Deno.test("line breaks in the contact form's names do not reach the mail to support", () => {
  const mail = composeContactEmail({
    id: "c1",
    firstName: "Ana\r\nBcc: everyone@example.com",
    lastName: "Horvat\nE-mail: forged@example.com\u2028X",
    email: "ana@example.com",
    message: "Prvi red\nDrugi red",
    language: "hr",
    createdAt: new Date("2026-11-20T10:00:00Z"),
  }, { supportEmail: "support@prijavko.test", from: "noreply@prijavko.test" });

  assert.ok(!/[\r\n\u2028\u2029]/.test(mail.subject), mail.subject);
  assert.equal(
    mail.subject,
    "Kontakt obrazac: Ana Bcc: everyone@example.com Horvat E-mail: forged@example.com X",
  );
  const lines = mail.text.split("\n");
  assert.equal(lines.filter((l) => l.startsWith("E-mail:")).length, 1, mail.text);
  assert.ok(!lines.some((l) => l.startsWith("Bcc:")), mail.text);
  assert.ok(mail.text.endsWith("Prvi red\nDrugi red"), "the message keeps its lines");
});
