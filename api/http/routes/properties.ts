import { createRoute } from "@hono/zod-openapi";
import { pagedResult } from "@shared/schemas/paged.ts";
import { Property, PropertySettingsUpdate } from "@shared/schemas/property.ts";
import { requireUserOrApiToken } from "../auth/require-user.ts";
import { jsonBody, jsonOk } from "../request/json-body.ts";
import { pagingOf } from "../request/list-query.ts";
import { PropertyListQuery } from "@shared/schemas/list-query.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { authProblemResponses, BEARER_OR_API_TOKEN } from "../openapi/openapi-security.ts";
import { IdParam } from "../request/path-params.ts";
import { listProperties } from "@core/services/properties/list-properties.ts";
import {
  deleteProperty,
  updatePropertySettings,
} from "@core/services/properties/manage-property.ts";
import { serviceContext } from "../service-context.ts";

const common = {
  tags: ["Properties"],
  security: BEARER_OR_API_TOKEN,
  middleware: [requireUserOrApiToken],
};
const errors = {
  404: { description: "No such property of yours" },
  ...authProblemResponses,
  ...problemResponses,
};

// GET /api/Properties
const list = createRoute({
  ...common,
  method: "get",
  path: "/Properties",
  summary: "The caller's properties, own and shared with them, with their accommodation units",
  request: { query: PropertyListQuery },
  responses: {
    ...jsonOk(pagedResult(Property).meta({ id: "PagedProperties" }), "A page"),
    ...errors,
  },
});

// PUT /api/Properties/Settings/{id}
const settings = createRoute({
  ...common,
  method: "put",
  path: "/Properties/Settings/{id}",
  summary: "Save check-in/out times, defaults, automatic check-in/out and WiFi",
  request: { params: IdParam, ...jsonBody(PropertySettingsUpdate) },
  responses: { ...jsonOk(Property, "The property"), ...errors },
});

// DELETE /api/Properties/{id}
const remove = createRoute({
  ...common,
  method: "delete",
  path: "/Properties/{id}",
  summary: "Remove a property and its units (it stays in eVisitor; a sync brings it back)",
  request: { params: IdParam },
  responses: { 204: { description: "Deleted" }, ...errors },
});

export const propertyRoutes = createRouter()
  .openapi(list, async (c) => {
    const query = c.req.valid("query");
    const input = { ...pagingOf(query), scope: query.Scope };
    return c.json(await listProperties(serviceContext(c), input), 200);
  })
  .openapi(settings, async (c) => {
    const input = { ...c.req.valid("param"), settings: c.req.valid("json") };
    return c.json(await updatePropertySettings(serviceContext(c), input), 200);
  })
  .openapi(remove, async (c) => {
    await deleteProperty(serviceContext(c), c.req.valid("param"));
    return c.body(null, 204);
  });
