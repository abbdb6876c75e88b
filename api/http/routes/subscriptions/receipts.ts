import { createRoute, z } from "@hono/zod-openapi";
import { requiredParameter } from "@shared/schemas/fields.ts";
import { pagedResult } from "@shared/schemas/paged.ts";
import { Receipt } from "@shared/schemas/receipt.ts";
import { jsonOk } from "../../request/json-body.ts";
import { createRouter } from "../../openapi/openapi.ts";
import { sortedPagingOf } from "../../request/list-query.ts";
import { ReceiptListQuery } from "@shared/schemas/list-query.ts";
import { serviceContext } from "../../service-context.ts";
import { listReceipts, receiptDocument } from "@core/services/billing/receipts.ts";
import { errors, host, notFound, pdf, pdfResponse } from "./common.ts";

// GET /api/Subscriptions/receipts
const receiptList = createRoute({
  ...host,
  method: "get",
  path: "/Subscriptions/receipts",
  summary: "The caller's receipts, searched by number or package",
  request: { query: ReceiptListQuery },
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

/** The caller's receipts and their PDFs. */
export const receiptRoutes = createRouter()
  .openapi(receiptList, async (c) => {
    return c.json(await listReceipts(serviceContext(c), sortedPagingOf(c.req.valid("query"))), 200);
  })
  .openapi(receipt, async (c) => {
    return pdfResponse(c, await receiptDocument(serviceContext(c), c.req.valid("param")));
  });
