import assert from "node:assert/strict";
import { inLanguage, paymentPath } from "@shared/app-routes.ts";
import { composeNotificationEmail } from "../../../workers/notifications/notification-emails.ts";

const ORDER = {
  packageName: "Pro",
  months: "12",
  amountCents: "19104",
  payee: "Prijavko d.o.o., Ilica 1, 10000 Zagreb",
  iban: "HR1210010051863000160",
  model: "HR00",
  reference: "2026-000007",
  code: "2026-000007",
  description: "Prijavko Pro 12 mj.",
  purchaseRequestId: "7c9e6679742540de944be07fc1f90ae7",
};
const ADDRESSES = { to: "host@example.com", from: "noreply@example.com" };

Deno.test("an order's e-mail holds the payment details and links its payment page, in the host's language", () => {
  const en = composeNotificationEmail("PurchaseRequested", ORDER, {
    ...ADDRESSES,
    publicUrl: "https://prijavko.test",
    language: "en",
  })!;
  assert.equal(en.subject, "Order 2026-000007: payment details – Prijavko");
  for (
    const line of [
      "Payee: Prijavko d.o.o., Ilica 1, 10000 Zagreb",
      "IBAN: HR12 1001 0051 8630 0016 0",
      "Amount: €191.04",
      "Model and reference: HR00 2026-000007",
      "Description: Prijavko Pro 12 mj.",
      `https://prijavko.test${paymentPath(ORDER.purchaseRequestId)}`,
    ]
  ) assert.ok(en.text.includes(line), line);
  assert.match(en.html ?? "", /IBAN: HR12 1001 0051 8630 0016 0<br>/);

  const hr = composeNotificationEmail("PurchaseRequested", { ...ORDER, reference: "" }, {
    ...ADDRESSES,
    publicUrl: "https://prijavko.test",
    language: "hr",
  })!;
  assert.equal(hr.subject, "Narudžba 2026-000007: podaci za uplatu – Prijavko");
  assert.ok(hr.text.includes("Iznos: 191,04 €"));
  // HR99 has no reference: the model stands alone, the code is in the description.
  assert.ok(hr.text.includes("Model i poziv na broj: HR00\n"));
});

Deno.test("an app address names its language for English only, before any fragment", () => {
  assert.equal(inLanguage("/app/prijava", "hr"), "/app/prijava");
  assert.equal(inLanguage("/app/prijava", "en"), "/app/prijava?jezik=en");
  assert.equal(
    inLanguage("/app/registracija?returnUrl=%2Fen%2Fpaket%2Fpro", "en"),
    "/app/registracija?returnUrl=%2Fen%2Fpaket%2Fpro&jezik=en",
  );
  assert.equal(
    inLanguage("/app/postavke-racuna#lozinka", "en"),
    "/app/postavke-racuna?jezik=en#lozinka",
  );
});
