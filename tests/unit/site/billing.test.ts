import assert from "node:assert/strict";
import { PurchaseRequestStatus } from "@shared/enums.ts";
import {
  decodePaymentData,
  encodePaymentData,
  paymentPageUrl,
} from "../../../site/src/lib/billing/payment-link.ts";
import { eurosText } from "../../../site/src/lib/billing/money.ts";
import { previewPrices } from "../../../site/src/features/subscriptions/PriceBreakdown.tsx";
import { translator } from "../../../site/src/i18n/translate.ts";
import { planFeatures } from "../../../site/src/lib/billing/plan-features.ts";

Deno.test("a payment link carries the purchase request's id as URL-safe base64 and reads back", () => {
  const id = "7c9e6679742540de944be07fc1f90ae7";
  const parameter = encodePaymentData({ purchaseRequestId: id });
  assert.match(parameter, /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(decodePaymentData(parameter), { purchaseRequestId: id });
  assert.equal(paymentPageUrl(id), `/app/pretplata/placanje/${parameter}`);
  // Padded base64 from another encoder reads the same.
  const padded = parameter + "=".repeat((4 - parameter.length % 4) % 4);
  assert.deepEqual(decodePaymentData(padded), { purchaseRequestId: id });
});

Deno.test("a payment link that is not ours reads as nothing", () => {
  const b64 = (text: string) => btoa(text).replace(/=+$/, "");
  for (
    const parameter of [
      "",
      "not base64!",
      b64("[]"),
      b64("null"),
      b64('{"purchaseRequestId": 42}'),
      b64('{"purchaseRequestId": "../../etc/passwd"}'),
      b64('{"other": "x"}'),
      b64("{not json"),
    ]
  ) {
    assert.equal(decodePaymentData(parameter), undefined, parameter);
  }
});

Deno.test("an order's preview gives the monthly price exactly from the total (cents, no drift)", () => {
  const prices = previewPrices({
    purchaseName: "Prijavko Pro, 12 mj.",
    referenceCode: "2026-000001",
    status: PurchaseRequestStatus.Pending,
    length: 12,
    price: 19.9,
    totalPrice: 238.8,
    discountPercent: 20,
    discountAmount: 47.76,
    finalPrice: 191.04,
    resultingPeriod: null,
  });
  assert.equal(prices.monthly, 15.92);
  assert.equal(eurosText(prices.monthly, "hr"), "15,92 €");
  assert.equal(eurosText(prices.total, "en"), "€191.04");
  assert.equal(eurosText(prices.baseTotal, "hr"), "238,80 €");
});

Deno.test("a plan's limits read as people say them, in Croatian plural forms and English", () => {
  const policy = {
    maxExternalAccounts: 1,
    maxProperties: 5,
    allowBulkImport: false,
    allowDataExport: true,
    allowApiAccess: false,
    maxUsersPerProperty: 1,
    maxBookingsPerMonth: 30,
    maxUnitsPerProperty: null,
  };
  const hr = planFeatures(translator("hr"), "hr", policy);
  assert.deepEqual(hr.slice(0, 4), [
    "Do 5 objekata",
    "Više smještajnih jedinica po objektu",
    "1 eVisitor račun",
    "Do 30 boravaka mjesečno",
  ]);
  assert.ok(hr.includes("Izvoz podataka"));
  assert.ok(!hr.includes("Pristup API-ju"));
  const en = planFeatures(translator("en"), "en", { ...policy, maxProperties: null });
  assert.equal(en[0], "Unlimited properties");
  assert.equal(
    planFeatures(translator("hr"), "hr", { ...policy, maxProperties: 3 })[0],
    "Do 3 objekta",
  );
  // Team access: users per property beyond the host alone.
  assert.ok(!hr.some((line) => /korisnik/.test(line)), "one user (the host) is not advertised");
  assert.ok(
    planFeatures(translator("hr"), "hr", { ...policy, maxUsersPerProperty: 5 })
      .includes("Do 5 korisnika po objektu"),
  );
  assert.ok(
    planFeatures(translator("en"), "en", { ...policy, maxUsersPerProperty: null })
      .includes("Unlimited users per property"),
  );
});
