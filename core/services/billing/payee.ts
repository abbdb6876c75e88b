import {
  fitHub3Text,
  HUB3_LIMITS,
  type Hub3Model,
  hub3Text,
  isCroatianIban,
} from "@shared/billing/hub3-payload.ts";

/**
 * Who is paid (configuration: BILLING_* in the API's environment) and how a transfer names the
 * request: model HR00 with the request's reference, or HR99 with the reference in the description.
 */
export interface Payee {
  name: string;
  /** Street and number. */
  street: string;
  /** Postcode and place. */
  city: string;
  iban: string;
  /** Printed on receipts when set. */
  oib?: string;
  model: Hub3Model;
  purposeCode: string;
}

/** For development only: a real deployment sets its own company and IBAN. */
export const DEVELOPMENT_PAYEE: Payee = {
  name: "Prijavko d.o.o.",
  street: "Ilica 1",
  city: "10000 Zagreb",
  iban: "HR1210010051863000160",
  model: "HR00",
  purposeCode: "OTHR",
};

/** Problems with a payee as the HUB3 barcode would carry it, by variable name; empty when fine. */
export function payeeProblems(payee: Payee): Record<string, string> {
  const problems: Record<string, string> = {};
  if (hub3Text(payee.name).length > 25) problems.BILLING_PAYEE_NAME = "at most 25 characters";
  if (hub3Text(payee.street).length > 25) problems.BILLING_PAYEE_STREET = "at most 25 characters";
  if (hub3Text(payee.city).length > 27) problems.BILLING_PAYEE_CITY = "at most 27 characters";
  if (!isCroatianIban(payee.iban)) problems.BILLING_PAYEE_IBAN = "must be a valid HR IBAN";
  if (!/^[A-Z]{4}$/.test(payee.purposeCode)) {
    problems.BILLING_PURPOSE_CODE = "must be four capital letters (e.g. OTHR)";
  }
  return problems;
}

/** The payment's description: the purchase and, with HR99 (no reference), the reference code. */
export function paymentDescriptionOf(
  order: { packageName: string; months: number; referenceCode: string },
  payee: Payee,
): string {
  const text = `Prijavko ${order.packageName} ${order.months} mj.`;
  return payee.model === "HR99"
    ? fitHub3Text(`${text} ${order.referenceCode}`, HUB3_LIMITS.description)
    : fitHub3Text(text, HUB3_LIMITS.description);
}
