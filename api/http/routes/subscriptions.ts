import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { PurchaseRequestStatusSchema } from "@shared/enums.ts";
import { CurrentSubscription } from "@shared/schemas/current-subscription.ts";
import { requiredParameter } from "@shared/schemas/fields.ts";
import { PAGE_SIZE_MAX, QueryBoolean, queryWholeNumber } from "@shared/schemas/list-query.ts";
import { pagedResult } from "@shared/schemas/paged.ts";
import { PaymentInstructions } from "@shared/schemas/payment-instructions.ts";
import {
  CreatePurchaseRequestQuery,
  CreatePurchaseRequestResult,
  PurchaseRequest,
} from "@shared/schemas/purchase-request.ts";
import { Receipt } from "@shared/schemas/receipt.ts";
import {
  AssignSubscriptionRequest,
  AssignTrialRequest,
  MarkAsPaidRequest,
  SubscriptionChangeResult,
} from "@shared/schemas/subscription-admin.ts";
import { SubscriptionPackage } from "@shared/schemas/subscription-package.ts";
import { ADMINISTRATOR } from "@core/auth/auth-user.ts";
import { requireRole, requireUser } from "../auth/require-user.ts";
import { jsonBody, jsonOk } from "../request/json-body.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { authProblemResponses, BEARER } from "../openapi/openapi-security.ts";
import { IdParam } from "../request/path-params.ts";
import type { AppEnv } from "../types.ts";
import { DEVELOPMENT_PAYEE } from "@core/services/billing/payee.ts";
import { findPackage, listPackages, toPackage } from "@core/services/billing/packages.ts";
import { paymentInstructions, paymentSlipPdf } from "@core/services/billing/payment.ts";
import {
  createPurchaseRequest,
  findVisiblePurchaseRequest,
  listPurchaseRequests,
  PURCHASE_REQUEST_SORTS,
  type PurchaseRequestSort,
} from "@core/services/billing/purchase-requests.ts";
import {
  findVisibleReceipt,
  listReceipts,
  RECEIPT_SORTS,
  receiptNumberOf,
  receiptPdf,
  type ReceiptSort,
} from "@core/services/billing/receipts.ts";
import {
  assignSubscription,
  assignTrial,
  markAsPaid,
} from "@core/services/billing/subscription-admin.ts";
import { subscriptionOf, toCurrentSubscription } from "@core/services/plans/plan-policy.ts";
import { eq } from "drizzle-orm";
import { purchaseRequests } from "@core/db/schema/billing.ts";

const TAGS = ["Subscriptions"];
const host = { tags: TAGS, security: BEARER, middleware: [requireUser] };
const admin = {
  tags: TAGS,
  security: BEARER,
  middleware: [requireUser, requireRole(ADMINISTRATOR)],
};
const errors = { ...authProblemResponses, ...problemResponses };
const notFound = { 404: { description: "No such item of yours" } };

/** The spec writes these lists' query names in PascalCase, as for /Users/list. */
function sortedListQuery<S extends string>(sorts: readonly [S, ...S[]], defaultSort: S) {
  return z.object({
    PageNumber: queryWholeNumber(1, 1_000_000),
    PageSize: queryWholeNumber(1, PAGE_SIZE_MAX),
    SearchTerm: z.string().trim().max(200).optional(),
    SortBy: z.enum(sorts, { error: "Invalid type selected" }).default(defaultSort as never),
    SortDescending: QueryBoolean.default(true),
  });
}

const PR_SORTS = Object.keys(PURCHASE_REQUEST_SORTS) as [
  PurchaseRequestSort,
  ...PurchaseRequestSort[],
];
const RECEIPT_SORT_KEYS = Object.keys(RECEIPT_SORTS) as [ReceiptSort, ...ReceiptSort[]];

const PurchaseRequestListQuery = sortedListQuery(PR_SORTS, "created").extend({
  /** Only requests in this status (0 Pending … 4 Cancelled). */
  Status: z.preprocess(
    (v) => typeof v === "string" && v !== "" ? Number(v) : v,
    PurchaseRequestStatusSchema,
  ).optional(),
  /** Administrators see everyone's requests; with Mine=true only their own. */
  Mine: QueryBoolean.default(false),
});

const pdf = (description: string) => ({
  200: {
    description,
    content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } },
  },
});

// GET /api/Subscriptions (public)
const packages = createRoute({
  method: "get",
  path: "/Subscriptions",
  tags: TAGS,
  summary: "The packages on sale with their periods, prices and limits (no sign-in)",
  responses: {
    ...jsonOk(z.array(SubscriptionPackage), "Basic, Pro and Premium"),
    ...problemResponses,
  },
});

// GET /api/Subscriptions/packages/{id} (public)
const onePackage = createRoute({
  method: "get",
  path: "/Subscriptions/packages/{id}",
  tags: TAGS,
  summary: "One package, for its purchase page /paket/{packageId} (no sign-in)",
  request: { params: IdParam },
  responses: {
    ...jsonOk(SubscriptionPackage, "The package"),
    404: { description: "No such package on sale" },
    ...problemResponses,
  },
});

// GET /api/Subscriptions/current
const current = createRoute({
  ...host,
  method: "get",
  path: "/Subscriptions/current",
  summary: "The caller's subscription (null without one); isActive false once it is over",
  responses: { ...jsonOk(CurrentSubscription.nullable(), "The subscription"), ...errors },
});

// GET /api/Subscriptions/createPurchaseRequest
const create = createRoute({
  ...host,
  method: "get",
  path: "/Subscriptions/createPurchaseRequest",
  summary: "Order a package for a period; the same pending order is answered again, not repeated",
  request: { query: CreatePurchaseRequestQuery },
  responses: {
    ...jsonOk(CreatePurchaseRequestResult, "The request's id and what it costs"),
    404: { description: "No such package on sale" },
    ...errors,
  },
});

// GET /api/Subscriptions/purchase-requests
const requestList = createRoute({
  ...host,
  method: "get",
  path: "/Subscriptions/purchase-requests",
  summary: "Purchase requests: everyone's for administrators (unless Mine), else the caller's",
  request: { query: PurchaseRequestListQuery },
  responses: {
    ...jsonOk(pagedResult(PurchaseRequest).meta({ id: "PagedPurchaseRequests" }), "A page"),
    ...errors,
  },
});

// GET /api/Subscriptions/purchase-requests/{id}/payment
const payment = createRoute({
  ...host,
  method: "get",
  path: "/Subscriptions/purchase-requests/{id}/payment",
  summary: "How to pay a request: payee, amount, model and reference, HUB3 barcode",
  request: { params: IdParam },
  responses: { ...jsonOk(PaymentInstructions, "The payment"), ...notFound, ...errors },
});

// GET /api/Subscriptions/purchase-requests/{id}/payment-slip.pdf
const paymentSlip = createRoute({
  ...host,
  method: "get",
  path: "/Subscriptions/purchase-requests/{id}/payment-slip.pdf",
  summary: "The payment as a one-page PDF with the barcode, to print or keep",
  request: { params: IdParam },
  responses: { ...pdf("The payment slip"), ...notFound, ...errors },
});

// GET /api/Subscriptions/receipts
const receiptList = createRoute({
  ...host,
  method: "get",
  path: "/Subscriptions/receipts",
  summary: "The caller's receipts, searched by number or package",
  request: { query: sortedListQuery(RECEIPT_SORT_KEYS, "created") },
  responses: {
    ...jsonOk(pagedResult(Receipt).meta({ id: "PagedReceipts" }), "A page"),
    ...errors,
  },
});

// GET /api/Subscriptions/receipt/{id}
const receipt = createRoute({
  ...host,
  method: "get",
  path: "/Subscriptions/receipt/{id}",
  summary: "A receipt as a PDF (its owner or an administrator)",
  request: { params: z.object({ id: requiredParameter("id") }) },
  responses: { ...pdf("The receipt"), ...notFound, ...errors },
});

// POST /api/Subscriptions/markAsPaid
const markPaid = createRoute({
  ...admin,
  method: "post",
  path: "/Subscriptions/markAsPaid",
  summary: "A request's payment arrived: activate or extend, issue the receipt, tell the host",
  request: jsonBody(MarkAsPaidRequest),
  responses: {
    ...jsonOk(SubscriptionChangeResult, "The host's subscription now"),
    404: { description: "No such purchase request" },
    ...errors,
  },
});

// POST /api/Subscriptions/assign
const assign = createRoute({
  ...admin,
  method: "post",
  path: "/Subscriptions/assign",
  summary: "Give a host a package for some months without a payment",
  request: jsonBody(AssignSubscriptionRequest),
  responses: {
    ...jsonOk(SubscriptionChangeResult, "The host's subscription now"),
    404: { description: "No such user or package" },
    ...errors,
  },
});

// POST /api/Subscriptions/assignTrial
const trial = createRoute({
  ...admin,
  method: "post",
  path: "/Subscriptions/assignTrial",
  summary: "Start a trial for a host (Pro, 3 months unless told); not over a paid subscription",
  request: jsonBody(AssignTrialRequest),
  responses: {
    ...jsonOk(SubscriptionChangeResult, "The host's subscription now"),
    404: { description: "No such user or package" },
    ...errors,
  },
});

const payeeOf = (c: Context<AppEnv>) => c.get("deps").config.payee ?? DEVELOPMENT_PAYEE;

function pdfResponse(c: Context<AppEnv>, bytes: Uint8Array, filename: string) {
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "private, no-store",
  });
}

const adminContext = (c: Context<AppEnv>) => ({
  db: c.get("deps").db,
  now: c.get("deps").clock(),
  adminId: c.get("user").impersonatorId ?? c.get("user").id,
});

export const subscriptionRoutes = createRouter()
  .openapi(packages, async (c) => c.json(await listPackages(c.get("deps").db), 200))
  .openapi(onePackage, async (c) => {
    const row = await findPackage(c.get("deps").db, c.req.valid("param").id, { onSaleOnly: true });
    return c.json(toPackage(row), 200);
  })
  .openapi(current, async (c) => {
    const { db, clock } = c.get("deps");
    const found = await subscriptionOf(db, c.get("user").id);
    return c.json(found ? toCurrentSubscription(found, clock()) : null, 200);
  })
  .openapi(create, async (c) => {
    const { db, clock } = c.get("deps");
    const result = await createPurchaseRequest(
      { db, now: clock() },
      c.get("user").id,
      c.req.valid("query"),
    );
    return c.json(result, 200);
  })
  .openapi(requestList, async (c) => {
    const q = c.req.valid("query");
    return c.json(
      await listPurchaseRequests(c.get("deps").db, c.get("user"), {
        pageNumber: q.PageNumber,
        pageSize: q.PageSize,
        searchTerm: q.SearchTerm || undefined,
        sortBy: q.SortBy,
        sortDescending: q.SortDescending,
        status: q.Status,
        mine: q.Mine,
      }),
      200,
    );
  })
  .openapi(payment, async (c) => {
    const row = await findVisiblePurchaseRequest(
      c.get("deps").db,
      c.get("user"),
      c.req.valid("param").id,
    );
    return c.json(await paymentInstructions(row, payeeOf(c)), 200);
  })
  .openapi(paymentSlip, async (c) => {
    const { db, clock } = c.get("deps");
    const row = await findVisiblePurchaseRequest(db, c.get("user"), c.req.valid("param").id);
    const bytes = await paymentSlipPdf(row, payeeOf(c), clock());
    return pdfResponse(c, bytes, `uplatnica-${row.referenceCode}.pdf`);
  })
  .openapi(receiptList, async (c) => {
    const q = c.req.valid("query");
    return c.json(
      await listReceipts(c.get("deps").db, c.get("user").id, {
        pageNumber: q.PageNumber,
        pageSize: q.PageSize,
        searchTerm: q.SearchTerm || undefined,
        sortBy: q.SortBy,
        sortDescending: q.SortDescending,
      }),
      200,
    );
  })
  .openapi(receipt, async (c) => {
    const { db } = c.get("deps");
    const row = await findVisibleReceipt(db, c.get("user"), c.req.valid("param").id);
    const [request] = await db.select({ referenceCode: purchaseRequests.referenceCode })
      .from(purchaseRequests).where(eq(purchaseRequests.id, row.purchaseRequestId));
    const bytes = await receiptPdf(row, {
      payee: payeeOf(c),
      referenceCode: request?.referenceCode ?? "",
    });
    return pdfResponse(c, bytes, `racun-${receiptNumberOf(row)}.pdf`);
  })
  .openapi(
    markPaid,
    async (c) =>
      c.json(await markAsPaid(adminContext(c), c.req.valid("json").purchaseRequestId), 200),
  )
  .openapi(
    assign,
    async (c) => c.json(await assignSubscription(adminContext(c), c.req.valid("json")), 200),
  )
  .openapi(
    trial,
    async (c) => c.json(await assignTrial(adminContext(c), c.req.valid("json")), 200),
  );
