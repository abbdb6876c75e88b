import { ACCOUNT_HISTORY_RETENTION_DAYS } from "./account-history.ts";

/**
 * How long the product keeps what, in one place: the workers' jobs delete by these figures and
 * the privacy centre (GET /Users/manage/privacy) shows the same ones. Only the guests' period
 * is configurable (GUEST_DATA_RETENTION_DAYS, read by the API and the workers alike).
 */

/**
 * GUEST_DATA_RETENTION_DAYS' default: a month after check-out (the reasoning is in the README,
 * "Personal data").
 */
export const DEFAULT_GUEST_DATA_RETENTION_DAYS = 30;

/** A contact-form message, after support has been e-mailed it. */
export const CONTACT_MESSAGE_RETENTION_DAYS = 90;

export { ACCOUNT_HISTORY_RETENTION_DAYS };

/** Days between asking to delete an account and its erasure; cancelling is possible until then. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

/**
 * Receipts outlive an erased account: the Croatian Accounting Act (Zakon o računovodstvu, art. 10)
 * has bookkeeping documents kept eleven years. They hold no guest data (docs/product.md).
 */
export const RECEIPT_RETENTION_YEARS = 11;
