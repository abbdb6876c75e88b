import { OpenAPIHono } from "@hono/zod-openapi";
import { Scalar } from "@scalar/hono-api-reference";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import type { AppDeps } from "./deps.ts";
import { AppError, onError, problemResponse } from "./lib/problem.ts";
import { requestLog } from "./lib/request-log.ts";
import { requireJsonBody } from "./lib/require-json-body.ts";
import type { AppEnv } from "./lib/types.ts";
import { healthRoutes } from "./routes/health.ts";
import { supportRoutes } from "./routes/support.ts";
import { userRoutes } from "./routes/users/mod.ts";
import { externalAccountRoutes } from "./routes/external-accounts.ts";
import { propertyRoutes } from "./routes/properties.ts";
import { unitRoutes } from "./routes/accommodation-units.ts";
import { reservationRoutes } from "./routes/reservations.ts";
import { calendarRoutes } from "./routes/calendars.ts";
import { guestRoutes } from "./routes/guests.ts";
import { notificationRoutes } from "./routes/notifications.ts";
import { statisticsRoutes } from "./routes/statistics.ts";
import { subscriptionRoutes } from "./routes/subscriptions.ts";
import { GUEST_MRZ_PATH, guestMrzRoutes } from "./routes/guest-mrz.ts";
import { BEARER_SCHEME } from "./lib/openapi-security.ts";
import { createSiteHandler } from "./static/site.ts";
import { apiReferenceAsset } from "./static/api-reference.ts";

/** Builds the whole HTTP application from its dependencies; main.ts only wires and listens. */
export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();

  app.use("*", requestId());
  app.use("*", requestLog());
  app.use("*", secureHeaders({ crossOriginEmbedderPolicy: false }));
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  const defaultBodyLimit = bodyLimit({
    maxSize: deps.config.bodyLimitBytes,
    onError: (c) => problemResponse(c, new AppError("PayloadTooLarge")),
  });
  // Document photos have their own, larger limit on their route.
  app.use(
    "/api/*",
    (c, next) => c.req.path === GUEST_MRZ_PATH ? next() : defaultBodyLimit(c, next),
  );
  app.use("/api/*", requireJsonBody());

  // Mounted with route() (not basePath) so each router's OpenAPI paths join the one document.
  app.route("/api", healthRoutes);
  app.route("/api", supportRoutes);
  app.route("/api", userRoutes);
  app.route("/api", externalAccountRoutes);
  app.route("/api", propertyRoutes);
  app.route("/api", unitRoutes);
  app.route("/api", reservationRoutes);
  app.route("/api", calendarRoutes);
  app.route("/api", guestRoutes);
  app.route("/api", notificationRoutes);
  app.route("/api", statisticsRoutes);
  app.route("/api", subscriptionRoutes);
  app.route("/api", guestMrzRoutes);
  app.openAPIRegistry.registerComponent("securitySchemes", "Bearer", BEARER_SCHEME);

  app.doc31("/api/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Prijavko API",
      version: "0.1.0",
      description: "Guest self check-in and eVisitor registration for Croatian hosts. " +
        "Errors are RFC 9457 problem details.",
    },
  });
  app.get("/api/reference/standalone.js", apiReferenceAsset);
  app.get(
    "/api/reference",
    Scalar({
      url: "/api/openapi.json",
      pageTitle: "Prijavko API",
      cdn: "/api/reference/standalone.js",
    }),
  );
  app.all("/api/*", (c) => problemResponse(c, new AppError("NotFound")));

  app.use("*", compress());
  const site = createSiteHandler(deps.config.siteDir);
  app.on(["GET", "HEAD"], "*", site);

  app.notFound((c) => problemResponse(c, new AppError("NotFound")));
  app.onError(onError);
  return app;
}

export type App = ReturnType<typeof createApp>;
