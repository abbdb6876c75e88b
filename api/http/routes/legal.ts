import { createRoute } from "@hono/zod-openapi";
import { LegalOperator } from "@shared/schemas/legal-operator.ts";
import { legalOperator } from "@core/services/legal/operator.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { jsonOk } from "../request/json-body.ts";
import { serviceContext } from "../service-context.ts";

// GET /api/Legal/operator
const operator = createRoute({
  method: "get",
  path: "/Legal/operator",
  tags: ["Legal"],
  summary: "Who runs the service: company, OIB, address and contact e-mail (public)",
  description: "The legal pages name the operator from here, so the company details come from " +
    "configuration (BILLING_PAYEE_*, SUPPORT_EMAIL), never from the built site.",
  responses: { ...jsonOk(LegalOperator, "The operator"), ...problemResponses },
});

export const legalRoutes = createRouter().openapi(operator, (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return c.json(legalOperator(serviceContext(c)), 200);
});
