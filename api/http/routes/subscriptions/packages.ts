import { createRoute, z } from "@hono/zod-openapi";
import { CurrentSubscription } from "@shared/schemas/current-subscription.ts";
import { SubscriptionPackage } from "@shared/schemas/subscription-package.ts";
import { jsonOk } from "../../request/json-body.ts";
import { createRouter, problemResponses } from "../../openapi/openapi.ts";
import { IdParam } from "../../request/path-params.ts";
import { serviceContext } from "../../service-context.ts";
import { listPackages, packageOnSale } from "@core/services/billing/packages.ts";
import { currentSubscription } from "@core/services/billing/current-subscription.ts";
import { errors, host, TAGS } from "./common.ts";

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

/** The packages on sale (public) and the caller's subscription. */
export const packageRoutes = createRouter()
  .openapi(packages, async (c) => c.json(await listPackages(serviceContext(c)), 200))
  .openapi(onePackage, async (c) => {
    return c.json(await packageOnSale(serviceContext(c), c.req.valid("param")), 200);
  })
  .openapi(current, async (c) => c.json(await currentSubscription(serviceContext(c)), 200));
