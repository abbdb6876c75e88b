/**
 * The header a check-in receipt travels in (never the address: addresses end up in logs). Its own
 * module, so the check-in page does not carry the schemas for one string.
 */
export const CHECKIN_RECEIPT_HEADER = "Checkin-Receipt";
