import { createRoute } from "@hono/zod-openapi";
import { Statistics } from "@shared/schemas/statistics.ts";
import { requireUserOrApiToken } from "../auth/require-user.ts";
import { jsonOk } from "../request/json-body.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { authProblemResponses, BEARER_OR_API_TOKEN } from "../openapi/openapi-security.ts";
import { hostStatistics } from "@core/services/statistics/host-statistics.ts";
import { serviceContext } from "../service-context.ts";

// GET /api/Statistics
const statistics = createRoute({
  method: "get",
  path: "/Statistics",
  tags: ["Statistics"],
  security: BEARER_OR_API_TOKEN,
  middleware: [requireUserOrApiToken],
  summary: "The caller's guests and stays: totals, today, and per month for the last 12 months",
  responses: {
    ...jsonOk(Statistics, "The statistics"),
    ...authProblemResponses,
    ...problemResponses,
  },
});

export const statisticsRoutes = createRouter().openapi(statistics, async (c) => {
  return c.json(await hostStatistics(serviceContext(c)), 200);
});
