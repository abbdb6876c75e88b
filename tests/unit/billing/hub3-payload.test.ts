import assert from "node:assert/strict";
import {
  buildHub3Payload,
  fitHub3Text,
  type Hub3Payment,
  hub3Text,
  isCroatianIban,
  isHr00Reference,
} from "@shared/billing/hub3-payload.ts";
import { pdf417Png, pdf417Svg } from "@core/services/billing/barcode.ts";
import { readPdf417 } from "../../support/pdf417.ts";

const PAYMENT: Hub3Payment = {
  amountCents: 9504,
  payee: { name: "Prijavko d.o.o.", street: "Ilica 1", city: "10000 Zagreb" },
  iban: "HR1210010051863000160",
  model: "HR00",
  reference: "2026-000042",
  purposeCode: "OTHR",
  description: "Prijavko Basic 12 mj.",
};

Deno.test("the HUB3 payload has the standard's fourteen fields in order, one a line", () => {
  const payload = buildHub3Payload(PAYMENT);
  assert.equal(
    payload,
    [
      "HRVHUB30", // header
      "EUR", // currency
      "000000000009504", // 95.04 € as 15 digits of cents
      "", // payer's name: the payer's bank fills the payer in
      "", // payer's street
      "", // payer's postcode and place
      "Prijavko d.o.o.", // payee
      "Ilica 1",
      "10000 Zagreb",
      "HR1210010051863000160", // IBAN
      "HR00", // model
      "2026-000042", // reference
      "OTHR", // purpose code
      "Prijavko Basic 12 mj.", // description
    ].join("\n"),
  );
  assert.equal(payload.split("\n").length, 14);
  assert.ok(!payload.endsWith("\n"), "fields are separated, not terminated");
});

Deno.test("HUB3 text fields lose diacritics and odd characters and must fit their length", () => {
  assert.equal(
    hub3Text("Đurđa Čakarić, Šetalište 5 & Žabica"),
    "Durda Cakaric, Setaliste 5 Zabica",
  );
  assert.equal(fitHub3Text("x".repeat(40), 35).length, 35);
  const payload = buildHub3Payload({
    ...PAYMENT,
    payer: { name: "Ana Šimić", street: "Put Žnjana 3", city: "21000 Split" },
    payee: { ...PAYMENT.payee, name: "Obrt Čađa" },
  });
  const lines = payload.split("\n");
  assert.deepEqual(lines.slice(3, 7), ["Ana Simic", "Put Znjana 3", "21000 Split", "Obrt Cada"]);
  assert.throws(
    () => buildHub3Payload({ ...PAYMENT, payee: { ...PAYMENT.payee, name: "x".repeat(26) } }),
    /payeeName is longer than 25/,
  );
  assert.throws(
    () => buildHub3Payload({ ...PAYMENT, description: "y".repeat(36) }),
    /description is longer than 35/,
  );
  assert.throws(() => buildHub3Payload({ ...PAYMENT, amountCents: 12.5 }), RangeError);
  assert.throws(() => buildHub3Payload({ ...PAYMENT, purposeCode: "othr" }), RangeError);
});

Deno.test("HUB3 checks the IBAN, the model and the reference it carries", () => {
  assert.ok(isCroatianIban("HR1210010051863000160"));
  assert.ok(!isCroatianIban("HR1210010051863000161"), "wrong check digits");
  assert.ok(!isCroatianIban("DE89370400440532013000"), "not Croatian");
  assert.throws(() => buildHub3Payload({ ...PAYMENT, iban: "HR1210010051863000161" }), /IBAN/);
  assert.ok(isHr00Reference("2026-000042"));
  assert.ok(isHr00Reference("1-2-3"));
  assert.ok(!isHr00Reference("1-2-3-4"), "at most three groups");
  assert.ok(!isHr00Reference("2026-ABC"));
  assert.ok(!isHr00Reference("1234567890123"), "a group has at most 12 digits");
  // HR99 carries no reference (the code goes in the description instead).
  const hr99 = buildHub3Payload({ ...PAYMENT, model: "HR99", reference: "" }).split("\n");
  assert.deepEqual(hr99.slice(10, 12), ["HR99", ""]);
  assert.throws(() => buildHub3Payload({ ...PAYMENT, model: "HR99" }), /does not suit/);
  assert.throws(() => buildHub3Payload({ ...PAYMENT, reference: "" }), /does not suit/);
});

Deno.test("the PDF417 barcode decodes back to exactly the HUB3 payload", async () => {
  const payload = buildHub3Payload({
    ...PAYMENT,
    payer: { name: "Ana Šimić", street: "Put Žnjana 3", city: "21000 Split" },
  });
  const png = await pdf417Png(payload);
  assert.deepEqual([...png.slice(1, 4)], [0x50, 0x4e, 0x47], "a PNG");
  assert.deepEqual(await readPdf417(png), [payload]);
  assert.match(pdf417Svg(payload), /^<svg[^>]*viewBox="0 0 \d+ \d+"/);
});
