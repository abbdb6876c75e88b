import { createRoute } from "@hono/zod-openapi";
import { PurchaseRequestListQuery } from "@shared/schemas/list-query.ts";
import { pagedResult } from "@shared/schemas/paged.ts";
import { PaymentInstructions } from "@shared/schemas/payment-instructions.ts";
import {
  CreatePurchaseRequestQuery,
  CreatePurchaseRequestResult,
  PurchaseRequest,
} from "@shared/schemas/purchase-request.ts";
import { jsonOk } from "../../request/json-body.ts";
import { createRouter } from "../../openapi/openapi.ts";
import { IdParam } from "../../request/path-params.ts";
import { sortedPagingOf } from "../../request/list-query.ts";
import { serviceContext } from "../../service-context.ts";
import {
  createPurchaseRequest,
  listPurchaseRequests,
} from "@core/services/billing/purchase-requests.ts";
import { purchaseRequestPayment, purchaseRequestSlip } from "@core/services/billing/payment.ts";
import { errors, host, notFound, pdf, pdfResponse } from "./common.ts";

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

/** Ordering a package and paying for it. */
export const purchaseRequestRoutes = createRouter()
  .openapi(create, async (c) => {
    return c.json(await createPurchaseRequest(serviceContext(c), c.req.valid("query")), 200);
  })
  .openapi(requestList, async (c) => {
    const q = c.req.valid("query");
    const page = await listPurchaseRequests(serviceContext(c), {
      ...sortedPagingOf(q),
      status: q.Status,
      mine: q.Mine,
    });
    return c.json(page, 200);
  })
  .openapi(payment, async (c) => {
    return c.json(await purchaseRequestPayment(serviceContext(c), c.req.valid("param")), 200);
  })
  .openapi(paymentSlip, async (c) => {
    return pdfResponse(c, await purchaseRequestSlip(serviceContext(c), c.req.valid("param")));
  });
