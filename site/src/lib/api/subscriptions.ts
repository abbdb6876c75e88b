import type {
  ListQueryInput,
  PurchaseRequestListQuery,
  PurchaseRequestSortField,
  ReceiptListQuery,
} from "@shared/schemas/list-query.ts";
import type { PurchaseRequestStatus } from "@shared/enums.ts";
import type { CurrentSubscription } from "@shared/schemas/current-subscription.ts";
import type { PaymentInstructions } from "@shared/schemas/payment-instructions.ts";
import type {
  CreatePurchaseRequestResult,
  PurchaseRequest,
} from "@shared/schemas/purchase-request.ts";
import type { Receipt } from "@shared/schemas/receipt.ts";
import type { SubscriptionChangeResult } from "@shared/schemas/subscription-admin.ts";
import type { SubscriptionPackage } from "@shared/schemas/subscription-package.ts";
import { apiGet, apiGetBlob, apiPost, apiRequest } from "./client.ts";
import type { Paged } from "./paged.ts";

const BASE = "/api/Subscriptions";
const requestPath = (id: string) => `${BASE}/purchase-requests/${encodeURIComponent(id)}`;

/** GET /api/Subscriptions: the packages on sale (no sign-in needed). */
export function listPackages(signal?: AbortSignal): Promise<SubscriptionPackage[]> {
  return apiGet<SubscriptionPackage[]>(BASE, undefined, signal);
}

/** GET /api/Subscriptions/packages/{id}: one package on sale (404 otherwise). */
export function getPackage(id: string, signal?: AbortSignal): Promise<SubscriptionPackage> {
  return apiGet<SubscriptionPackage>(
    `${BASE}/packages/${encodeURIComponent(id)}`,
    undefined,
    signal,
  );
}

/** GET /api/Subscriptions/current: the host's subscription, null without one. */
export function getCurrentSubscription(signal?: AbortSignal): Promise<CurrentSubscription | null> {
  return apiGet<CurrentSubscription | null>(`${BASE}/current`, undefined, signal);
}

/**
 * The same for a public page that only shows more to a signed-in host: a session that has ended
 * rejects instead of sending the visitor to Login.
 */
export function peekCurrentSubscription(
  signal?: AbortSignal,
): Promise<CurrentSubscription | null> {
  return apiRequest<CurrentSubscription | null>(`${BASE}/current`, {
    method: "GET",
    signal,
    staySignedOutQuietly: true,
  });
}

/**
 * GET /api/Subscriptions/createPurchaseRequest: orders a package for some months; the same
 * pending order is answered again for the same choice.
 */
export function createPurchaseRequest(
  packageId: string,
  subscriptionLength: number,
): Promise<CreatePurchaseRequestResult> {
  return apiGet<CreatePurchaseRequestResult>(`${BASE}/createPurchaseRequest`, {
    packageId,
    subscriptionLength,
  });
}

export type { PurchaseRequestSortField } from "@shared/schemas/list-query.ts";

export interface PurchaseRequestQuery {
  pageNumber: number;
  pageSize: number;
  searchTerm?: string;
  sortBy?: PurchaseRequestSortField;
  sortDescending?: boolean;
  status?: PurchaseRequestStatus;
  /** An administrator's own requests only (hosts always get their own). */
  mine?: boolean;
}

/** GET /api/Subscriptions/purchase-requests: everyone's for administrators, else the host's. */
export function listPurchaseRequests(
  query: PurchaseRequestQuery,
  signal?: AbortSignal,
): Promise<Paged<PurchaseRequest>> {
  return apiGet<Paged<PurchaseRequest>>(
    `${BASE}/purchase-requests`,
    {
      PageNumber: query.pageNumber,
      PageSize: query.pageSize,
      SearchTerm: query.searchTerm?.trim() || undefined,
      SortBy: query.sortBy,
      SortDescending: query.sortDescending,
      Status: query.status,
      Mine: query.mine || undefined,
    } satisfies ListQueryInput<typeof PurchaseRequestListQuery>,
    signal,
  );
}

/** GET …/purchase-requests/{id}/payment: payee, amount, reference and the HUB3 barcode. */
export function getPaymentInstructions(
  purchaseRequestId: string,
  signal?: AbortSignal,
): Promise<PaymentInstructions> {
  return apiGet<PaymentInstructions>(
    `${requestPath(purchaseRequestId)}/payment`,
    undefined,
    signal,
  );
}

/** GET …/purchase-requests/{id}/payment-slip.pdf (needs the bearer header, so as a blob). */
export function getPaymentSlip(purchaseRequestId: string): Promise<Blob> {
  return apiGetBlob(`${requestPath(purchaseRequestId)}/payment-slip.pdf`);
}

/** GET /api/Subscriptions/receipts: the host's receipts. */
export function listReceipts(
  query: { pageNumber: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Paged<Receipt>> {
  return apiGet<Paged<Receipt>>(
    `${BASE}/receipts`,
    {
      PageNumber: query.pageNumber,
      PageSize: query.pageSize,
      SortBy: "created",
      SortDescending: true,
    } satisfies ListQueryInput<typeof ReceiptListQuery>,
    signal,
  );
}

/** GET /api/Subscriptions/receipt/{id}: the receipt as a PDF. */
export function getReceiptPdf(receiptId: string): Promise<Blob> {
  return apiGetBlob(`${BASE}/receipt/${encodeURIComponent(receiptId)}`);
}

/** POST /api/Subscriptions/markAsPaid (administrators). */
export function markAsPaid(purchaseRequestId: string): Promise<SubscriptionChangeResult> {
  return apiPost<SubscriptionChangeResult>(`${BASE}/markAsPaid`, { purchaseRequestId });
}

/** POST /api/Subscriptions/assign (administrators): a package for some months, without payment. */
export function assignSubscription(
  body: { userId: string; packageId: string; subscriptionLength: number },
): Promise<SubscriptionChangeResult> {
  return apiPost<SubscriptionChangeResult>(`${BASE}/assign`, body);
}

/** POST /api/Subscriptions/assignTrial (administrators): a trial from now. */
export function assignTrial(
  body: { userId: string; packageId?: string; subscriptionLength?: number },
): Promise<SubscriptionChangeResult> {
  return apiPost<SubscriptionChangeResult>(`${BASE}/assignTrial`, body);
}
