import { paymentDataOf, paymentPath } from "@shared/app-routes.ts";

/**
 * The parameter of /app/pretplata/placanje/{paymentDataBase64} (spec section 2): base64url of
 * `{"purchaseRequestId": "…"}`. The page reads it back; anything else is not a link we made.
 */
export interface PaymentData {
  purchaseRequestId: string;
}

const ID = /^[A-Za-z0-9_-]{1,100}$/;

export function encodePaymentData(data: PaymentData): string {
  return paymentDataOf(data.purchaseRequestId);
}

export function decodePaymentData(value: string): PaymentData | undefined {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return undefined;
  try {
    const base64 = value.replace(/-/g, "+").replace(/_/g, "/");
    const parsed: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "=")));
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const id = (parsed as Record<string, unknown>).purchaseRequestId;
    return typeof id === "string" && ID.test(id) ? { purchaseRequestId: id } : undefined;
  } catch {
    return undefined;
  }
}

/** The payment page of one purchase request. */
export function paymentPageUrl(purchaseRequestId: string): string {
  return paymentPath(purchaseRequestId);
}
