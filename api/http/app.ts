import { OpenAPIHono } from "@hono/zod-openapi";
import { Scalar } from "@scalar/hono-api-reference";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import type { AppDeps } from "./deps.ts";
import { onError, problemResponse } from "./problem.ts";
import { AppError } from "@core/errors.ts";
import { requestLog } from "./middleware/request-log.ts";
import { requireJsonBody } from "./request/require-json-body.ts";
import type { AppEnv } from "./types.ts";
import { healthRoutes } from "./routes/health.ts";
import { supportRoutes } from "./routes/support.ts";
import { legalRoutes } from "./routes/legal.ts";
import { userRoutes } from "./routes/users/mod.ts";
import { externalAccountRoutes } from "./routes/external-accounts.ts";
import { propertyRoutes } from "./routes/properties.ts";
import { propertyMemberRoutes } from "./routes/property-members.ts";
import { unitRoutes } from "./routes/accommodation-units.ts";
import { reservationRoutes } from "./routes/reservations.ts";
import { calendarRoutes } from "./routes/calendars.ts";
import { guestRoutes } from "./routes/guests.ts";
import { stayRequestRoutes } from "./routes/stay-requests.ts";
import { notificationRoutes } from "./routes/notifications.ts";
import { statisticsRoutes } from "./routes/statistics.ts";
import { subscriptionRoutes } from "./routes/subscriptions/mod.ts";
import { GUEST_MRZ_PATH, guestMrzRoutes } from "./routes/guest-mrz.ts";
import { RESERVATION_IMPORT_PATH, reservationImportRoutes } from "./routes/reservation-import.ts";
import { dataExportRoutes } from "./routes/data-export.ts";
import { apiTokenGuide, apiTokenScheme, BEARER_SCHEME } from "./openapi/openapi-security.ts";
import { createSiteHandler } from "./static/site.ts";
import { apiReferenceAsset } from "./static/api-reference.ts";
import { securityHeaders } from "./security/headers.ts";
import { noStoreByDefault } from "./security/cache-control.ts";
import { cors } from "./security/cors.ts";
import { DEFAULT_API_TOKEN_RATE_LIMIT, rateLimit, RateLimiter } from "./security/rate-limit.ts";
import { RATE_LIMITED_ROUTES } from "./security/rate-limited-routes.ts";
import { withOwnPagePolicy, withSitePagePolicy } from "./security/content-security-policy.ts";

/**
 * API answers worth compressing: JSON, problem details and the reference page with its script.
 * Not streams (SSE), and not the calendar export, whose strong ETag compression would weaken.
 */
const COMPRESSIBLE_API_ANSWER =
  /^(?:application\/(?:[\w.+-]+\+)?json|text\/javascript|text\/html)\b/i;

/** Builds the whole HTTP application from its dependencies; main.ts only wires and listens. */
export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();

  app.use("*", requestId());
  app.use("*", requestLog());
  // Outside everything below, so that errors, 404s, preflights and the site get them too.
  app.use("*", securityHeaders({ trustProxy: deps.config.trustProxy }));
  app.use("/api/*", noStoreByDefault());
  app.use("/api/*", compress({ contentTypeFilter: COMPRESSIBLE_API_ANSWER }));
  app.use("/api/*", cors(deps.config.corsOrigins ?? []));
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  // Before the body is read: a refused request costs one database write.
  if (deps.config.rateLimits) {
    const limiter = new RateLimiter(deps.db);
    for (const { method, path, group, applies } of RATE_LIMITED_ROUTES) {
      const limited = rateLimit(limiter, group, deps.config.rateLimits[group]);
      app.on(method, path, applies ? (c, next) => applies(c) ? limited(c, next) : next() : limited);
    }
  }
  const defaultBodyLimit = bodyLimit({
    maxSize: deps.config.bodyLimitBytes,
    onError: (c) => problemResponse(c, new AppError("PayloadTooLarge")),
  });
  // Document photos and import files have their own, larger limits on their routes; an import
  // is a multipart upload, not JSON.
  const ownLimit = new Set([GUEST_MRZ_PATH, RESERVATION_IMPORT_PATH]);
  app.use("/api/*", (c, next) => ownLimit.has(c.req.path) ? next() : defaultBodyLimit(c, next));
  const jsonBodyOnly = requireJsonBody();
  app.use(
    "/api/*",
    (c, next) => c.req.path === RESERVATION_IMPORT_PATH ? next() : jsonBodyOnly(c, next),
  );

  // Mounted with route() (not basePath) so each router's OpenAPI paths join the one document.
  app.route("/api", healthRoutes);
  app.route("/api", supportRoutes);
  app.route("/api", legalRoutes);
  app.route("/api", userRoutes);
  app.route("/api", externalAccountRoutes);
  app.route("/api", propertyMemberRoutes);
  app.route("/api", propertyRoutes);
  app.route("/api", unitRoutes);
  app.route("/api", reservationImportRoutes);
  app.route("/api", reservationRoutes);
  app.route("/api", calendarRoutes);
  app.route("/api", guestRoutes);
  app.route("/api", stayRequestRoutes);
  app.route("/api", notificationRoutes);
  app.route("/api", statisticsRoutes);
  app.route("/api", subscriptionRoutes);
  app.route("/api", guestMrzRoutes);
  app.route("/api", dataExportRoutes);
  app.openAPIRegistry.registerComponent("securitySchemes", "Bearer", BEARER_SCHEME);
  const tokenRate = deps.config.apiTokenRateLimit ?? DEFAULT_API_TOKEN_RATE_LIMIT;
  app.openAPIRegistry.registerComponent("securitySchemes", "ApiToken", apiTokenScheme(tokenRate));

  app.doc31("/api/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Prijavko API",
      version: "0.1.0",
      description: "Guest self check-in and eVisitor registration for Croatian hosts. " +
        "Errors are RFC 9457 problem details.\n\n" +
        apiTokenGuide(deps.config.publicUrl, tokenRate),
    },
  });
  app.get("/api/reference/standalone.js", apiReferenceAsset);
  app.get(
    "/api/reference",
    withOwnPagePolicy(Scalar({
      url: "/api/openapi.json",
      pageTitle: "Prijavko API",
      cdn: "/api/reference/standalone.js",
      // Its default fonts come from Scalar's CDN; the page loads nothing from elsewhere.
      withDefaultFonts: false,
    })),
  );
  app.all("/api/*", (c) => problemResponse(c, new AppError("NotFound")));

  // The site's files (its own compression: /api answers never reach here).
  app.use("*", compress());
  const site = withSitePagePolicy(createSiteHandler(deps.config.siteDir), deps.config.siteDir);
  app.on(["GET", "HEAD"], "*", site);

  app.notFound((c) => problemResponse(c, new AppError("NotFound")));
  app.onError(onError);
  return app;
}

export type App = ReturnType<typeof createApp>;
