import { createRoute } from "@hono/zod-openapi";
import {
  AssignSubscriptionRequest,
  AssignTrialRequest,
  MarkAsPaidRequest,
  SubscriptionChangeResult,
} from "@shared/schemas/subscription-admin.ts";
import { jsonBody, jsonOk } from "../../request/json-body.ts";
import { createRouter } from "../../openapi/openapi.ts";
import { serviceContext } from "../../service-context.ts";
import {
  assignSubscription,
  assignTrial,
  markAsPaid,
} from "@core/services/billing/subscription-admin.ts";
import { admin, errors } from "./common.ts";

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

/** Administrators: record a payment, give a package or a trial. */
export const subscriptionAdminRoutes = createRouter()
  .openapi(markPaid, async (c) => {
    return c.json(await markAsPaid(serviceContext(c), c.req.valid("json")), 200);
  })
  .openapi(assign, async (c) => {
    return c.json(await assignSubscription(serviceContext(c), c.req.valid("json")), 200);
  })
  .openapi(trial, async (c) => {
    return c.json(await assignTrial(serviceContext(c), c.req.valid("json")), 200);
  });
