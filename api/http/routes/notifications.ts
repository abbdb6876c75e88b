import { createRoute } from "@hono/zod-openapi";
import {
  NotificationSettings,
  NotificationSync,
  NotificationSyncQuery,
  UserNotification,
} from "@shared/schemas/notification.ts";
import { requireUserOrApiToken } from "../auth/require-user.ts";
import { jsonBody, jsonOk } from "../request/json-body.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { authProblemResponses, BEARER_OR_API_TOKEN } from "../openapi/openapi-security.ts";
import { IdParam } from "../request/path-params.ts";
import {
  deleteNotification,
  markAllRead,
  notificationSettingsOf,
  readNotification,
  saveNotificationSettings,
  syncNotifications,
} from "@core/services/notifications/notification-sync.ts";
import { serviceContext } from "../service-context.ts";

const common = {
  tags: ["Notifications"],
  security: BEARER_OR_API_TOKEN,
  middleware: [requireUserOrApiToken],
};
const errors = {
  404: { description: "No such notification of yours" },
  ...authProblemResponses,
  ...problemResponses,
};

// GET /api/UserNotifications
const sync = createRoute({
  ...common,
  method: "get",
  path: "/UserNotifications",
  summary: "Notifications changed since lastSyncTimestamp (all of them without it)",
  request: { query: NotificationSyncQuery },
  responses: { ...jsonOk(NotificationSync, "The changes"), ...errors },
});

// GET /api/UserNotifications/{id}
const read = createRoute({
  ...common,
  method: "get",
  path: "/UserNotifications/{id}",
  summary: "One notification; reading it marks it read",
  request: { params: IdParam },
  responses: { ...jsonOk(UserNotification, "The notification"), ...errors },
});

// POST /api/UserNotifications/markAllRead
const readAll = createRoute({
  ...common,
  method: "post",
  path: "/UserNotifications/markAllRead",
  summary: "Mark every notification read",
  responses: { 204: { description: "Done" }, ...errors },
});

// DELETE /api/UserNotifications/{id}
const remove = createRoute({
  ...common,
  method: "delete",
  path: "/UserNotifications/{id}",
  summary: "Delete a notification (other devices drop it at their next sync)",
  request: { params: IdParam },
  responses: { 204: { description: "Deleted" }, ...errors },
});

// GET /api/UserNotifications/settings
const settings = createRoute({
  ...common,
  method: "get",
  path: "/UserNotifications/settings",
  summary: "Whether important notifications also come by e-mail",
  responses: { ...jsonOk(NotificationSettings, "The settings"), ...errors },
});

// PUT /api/UserNotifications/settings
const saveSettings = createRoute({
  ...common,
  method: "put",
  path: "/UserNotifications/settings",
  summary: "Turn e-mail for important notifications on or off",
  request: jsonBody(NotificationSettings),
  responses: { ...jsonOk(NotificationSettings, "The settings"), ...errors },
});

export const notificationRoutes = createRouter()
  .openapi(settings, async (c) => {
    return c.json(await notificationSettingsOf(serviceContext(c)), 200);
  })
  .openapi(saveSettings, async (c) => {
    return c.json(await saveNotificationSettings(serviceContext(c), c.req.valid("json")), 200);
  })
  .openapi(sync, async (c) => {
    return c.json(await syncNotifications(serviceContext(c), c.req.valid("query")), 200);
  })
  .openapi(readAll, async (c) => {
    await markAllRead(serviceContext(c));
    return c.body(null, 204);
  })
  .openapi(read, async (c) => {
    return c.json(await readNotification(serviceContext(c), c.req.valid("param")), 200);
  })
  .openapi(remove, async (c) => {
    await deleteNotification(serviceContext(c), c.req.valid("param"));
    return c.body(null, 204);
  });
