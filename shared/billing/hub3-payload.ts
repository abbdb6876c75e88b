/**
 * The text of the HUB3 2D barcode (PDF417) printed on Croatian payment slips (HUB 3A) and read
 * by every Croatian banking app: fourteen fields in a fixed order, separated by LF (0x0A), each
 * within its maximum length (HUB, "Jedinstveni standard za 2D kod na uplatnicama"):
 *
 * | # | field                                   | length        |
 * | - | --------------------------------------- | ------------- |
 * | 1 | header `HRVHUB30`                       | 8             |
 * | 2 | currency `EUR`                          | 3             |
 * | 3 | amount in cents, zero-padded            | 15            |
 * | 4 | payer's name                            | ≤ 30          |
 * | 5 | payer's street and number               | ≤ 27          |
 * | 6 | payer's postcode and place              | ≤ 27          |
 * | 7 | payee's name                            | ≤ 25          |
 * | 8 | payee's street and number               | ≤ 25          |
 * | 9 | payee's postcode and place              | ≤ 27          |
 * | 10| payee's IBAN                            | 21 (HR IBAN)  |
 * | 11| model, `HR` and two digits              | 4             |
 * | 12| reference ("poziv na broj")             | ≤ 22          |
 * | 13| purpose code (ISO 20022, e.g. OTHR)     | 4             |
 * | 14| description                             | ≤ 35          |
 *
 * Text fields keep to the standard's plain characters: Croatian letters are written without
 * their diacritics (Č → C, Đ → D), so the barcode reads the same whichever code page a bank's
 * reader assumes, and anything else outside the set becomes a space.
 */

export const HUB3_HEADER = "HRVHUB30";
export const HUB3_CURRENCY = "EUR";

/** Maximum lengths of the text fields. */
export const HUB3_LIMITS = {
  payerName: 30,
  payerStreet: 27,
  payerCity: 27,
  payeeName: 25,
  payeeStreet: 25,
  payeeCity: 27,
  reference: 22,
  description: 35,
} as const;

/** Models the product uses: HR00 (reference without a control digit) and HR99 (no reference). */
export const HUB3_MODELS = ["HR00", "HR99"] as const;
export type Hub3Model = (typeof HUB3_MODELS)[number];

export interface Hub3Payment {
  amountCents: number;
  payer?: { name?: string; street?: string; city?: string };
  payee: { name: string; street: string; city: string };
  iban: string;
  model: Hub3Model;
  /** Empty with HR99. */
  reference: string;
  purposeCode: string;
  description: string;
}

const NOT_ALLOWED = /[^0-9A-Za-z ,.:\-+?'/()]/g;

/** A text as the barcode may carry it: no diacritics, only the standard's characters. */
export function hub3Text(value: string): string {
  return value
    .replace(/[đĐ]/g, (c) => (c === "đ" ? "d" : "D"))
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(NOT_ALLOWED, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** `hub3Text(value)` cut to `max` characters, for text we write ourselves (the description). */
export function fitHub3Text(value: string, max: number): string {
  return hub3Text(value).slice(0, max).trim();
}

/** ISO 13616 check of a Croatian IBAN: HR, two check digits, 17 digits; mod 97 gives 1. */
export function isCroatianIban(iban: string): boolean {
  if (!/^HR\d{19}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + "1727" + iban.slice(2, 4); // H=17, R=27
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** HR00: up to three groups of digits joined by hyphens, the first at most 12 digits. */
export function isHr00Reference(reference: string): boolean {
  if (reference.length > HUB3_LIMITS.reference) return false;
  const parts = reference.split("-");
  return parts.length <= 3 && parts.every((p) => /^\d{1,12}$/.test(p));
}

function field(name: keyof typeof HUB3_LIMITS, value: string | undefined): string {
  const text = hub3Text(value ?? "");
  if (text.length > HUB3_LIMITS[name]) {
    throw new RangeError(`HUB3 ${name} is longer than ${HUB3_LIMITS[name]} characters: ${text}`);
  }
  return text;
}

/** The barcode's text; throws a RangeError for a value the standard does not allow. */
export function buildHub3Payload(payment: Hub3Payment): string {
  const { amountCents } = payment;
  if (!Number.isSafeInteger(amountCents) || amountCents < 0 || amountCents > 999_999_999_999_999) {
    throw new RangeError(`HUB3 amount must be whole cents of at most 15 digits: ${amountCents}`);
  }
  if (!isCroatianIban(payment.iban)) throw new RangeError(`not a valid HR IBAN: ${payment.iban}`);
  if (!(HUB3_MODELS as readonly string[]).includes(payment.model)) {
    throw new RangeError(`unsupported HUB3 model: ${payment.model}`);
  }
  if (payment.model === "HR99" ? payment.reference !== "" : !isHr00Reference(payment.reference)) {
    throw new RangeError(`reference ${payment.reference} does not suit model ${payment.model}`);
  }
  if (!/^[A-Z]{4}$/.test(payment.purposeCode)) {
    throw new RangeError(`purpose code must be four capital letters: ${payment.purposeCode}`);
  }
  return [
    HUB3_HEADER,
    HUB3_CURRENCY,
    String(amountCents).padStart(15, "0"),
    field("payerName", payment.payer?.name),
    field("payerStreet", payment.payer?.street),
    field("payerCity", payment.payer?.city),
    field("payeeName", payment.payee.name),
    field("payeeStreet", payment.payee.street),
    field("payeeCity", payment.payee.city),
    payment.iban,
    payment.model,
    payment.reference,
    payment.purposeCode,
    field("description", payment.description),
  ].join("\n");
}
