import type { MiddlewareHandler } from "hono";
import { problemResponse } from "../problem.ts";
import { AppError } from "@core/errors.ts";

const ALLOW_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE";
const ALLOW_HEADERS = "Authorization, Content-Type, Accept, Accept-Language";
/** What a page on another origin may read of an answer besides the CORS-safelisted headers. */
const EXPOSE_HEADERS = "Retry-After, X-Request-Id, Content-Disposition, Location, ETag";

/**
 * Cross-origin access to the API, closed unless an origin is listed (CORS_ORIGINS). A listed origin
 * gets its own origin back (never "*") and no credentials: the API authenticates with bearer tokens,
 * not cookies. A preflight from any other origin is refused with 403 and no Access-Control headers,
 * so the browser never sends the request itself. Same-origin calls need none of this.
 */
export function cors(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    const origin = c.req.header("Origin");
    const listed = origin !== undefined && allowed.has(origin);
    const preflight = c.req.method === "OPTIONS" && origin !== undefined &&
      c.req.header("Access-Control-Request-Method") !== undefined;

    if (preflight) {
      if (!listed) {
        const refused = problemResponse(
          c,
          new AppError("Forbidden", { detail: "This origin may not call the API." }),
        );
        refused.headers.set("Vary", "Origin");
        return refused;
      }
      return c.body(null, 204, {
        "Access-Control-Allow-Origin": origin,
        "Access-Control-Allow-Methods": ALLOW_METHODS,
        "Access-Control-Allow-Headers": ALLOW_HEADERS,
        "Access-Control-Max-Age": "600",
        "Vary": "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
      });
    }

    await next();
    if (allowed.size === 0) return;
    // The answer depends on the Origin header once any origin is listed (shared caches).
    c.res.headers.append("Vary", "Origin");
    if (listed) {
      c.res.headers.set("Access-Control-Allow-Origin", origin);
      c.res.headers.set("Access-Control-Expose-Headers", EXPOSE_HEADERS);
    }
  };
}
