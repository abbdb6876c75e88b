import { createRoute } from "@hono/zod-openapi";
import { IdParam } from "../../request/path-params.ts";
import {
  PushDevice,
  PushKindsRequest,
  PushSettings,
  PushSubscriptionRequest,
} from "@shared/schemas/push.ts";
import {
  addPushDevice,
  getPushSettings,
  removePushDevice,
  setPushKinds,
} from "@core/services/push/push-devices.ts";
import { requireUser } from "../../auth/require-user.ts";
import { createRouter, problemResponses } from "../../openapi/openapi.ts";
import { authProblemResponses, BEARER } from "../../openapi/openapi-security.ts";
import { DONE, jsonBody, jsonOk } from "../../request/json-body.ts";
import { serviceContext } from "../../service-context.ts";

const common = { tags: ["Users"], security: BEARER, middleware: [requireUser] };

// GET /api/Users/manage/push
const settings = createRoute({
  ...common,
  method: "get",
  path: "/Users/manage/push",
  summary: "Push notifications: the server's VAPID public key, the caller's devices and kinds",
  description: "`publicKey` is null when push is not set up on this server. Devices are listed " +
    "by browser and system, never with their endpoint or keys.",
  responses: {
    ...jsonOk(PushSettings, "Push settings"),
    ...authProblemResponses,
    ...problemResponses,
  },
});

// POST /api/Users/manage/push/devices
const add = createRoute({
  ...common,
  method: "post",
  path: "/Users/manage/push/devices",
  summary: "Register this browser's push subscription for the caller",
  description: "The body is `PushSubscription.toJSON()`. Only the browsers' push services' " +
    "https addresses are accepted as `endpoint`. The same endpoint again renews its keys. At " +
    "most 10 devices; a new one beyond replaces the oldest. Refused during impersonation.",
  request: jsonBody(PushSubscriptionRequest),
  responses: {
    201: { description: "The device", content: { "application/json": { schema: PushDevice } } },
    ...authProblemResponses,
    ...problemResponses,
  },
});

// DELETE /api/Users/manage/push/devices/{id}
const remove = createRoute({
  ...common,
  method: "delete",
  path: "/Users/manage/push/devices/{id}",
  summary: "Stop pushes to one of the caller's devices",
  request: { params: IdParam },
  responses: { ...DONE, ...authProblemResponses, ...problemResponses },
});

// PUT /api/Users/manage/push/kinds
const kinds = createRoute({
  ...common,
  method: "put",
  path: "/Users/manage/push/kinds",
  summary: "Choose which kinds of notification come by push, on all the caller's devices",
  request: jsonBody(PushKindsRequest),
  responses: {
    ...jsonOk(PushSettings, "Push settings"),
    ...authProblemResponses,
    ...problemResponses,
  },
});

/** /api/Users/manage/push: a user's devices for Web Push and the kinds they want (issue 35). */
export const pushRoutes = createRouter()
  .openapi(settings, async (c) => c.json(await getPushSettings(serviceContext(c)), 200))
  .openapi(
    add,
    async (c) => c.json(await addPushDevice(serviceContext(c), c.req.valid("json")), 201),
  )
  .openapi(remove, async (c) => {
    await removePushDevice(serviceContext(c), { id: c.req.valid("param").id });
    return c.json({}, 200);
  })
  .openapi(
    kinds,
    async (c) => c.json(await setPushKinds(serviceContext(c), c.req.valid("json")), 200),
  );
