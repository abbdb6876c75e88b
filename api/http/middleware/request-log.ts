import type { MiddlewareHandler } from "hono";
import { log } from "@core/platform/logger.ts";

/**
 * One line per request: method, the matched route pattern (never the raw path, which can hold
 * codes and tokens), status, duration and request id. No query strings, bodies or headers.
 */
export function requestLog(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const isApi = c.req.path.startsWith("/api/");
    log.info("request", {
      method: c.req.method,
      route: isApi ? c.req.routePath : "(site)",
      status: c.res.status,
      ms: Math.round(performance.now() - started),
      requestId: c.get("requestId"),
    });
  };
}
