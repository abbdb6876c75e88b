import type { MiddlewareHandler } from "hono";

/**
 * The /api answers a cache may keep, by method and route pattern, each with the Cache-Control
 * its handler sets: the public package list and the API's own description (no personal data,
 * no credentials) and a unit's calendar feed (only "Reserved"/"Not available" and dates; the
 * platforms poll it). Only their successful answers: a problem is never kept.
 */
const CACHEABLE = new Set([
  "GET /api/Subscriptions",
  "GET /api/Subscriptions/packages/:id",
  "GET /api/Calendars/Export/:file",
  "GET /api/openapi.json",
  "GET /api/reference",
  "GET /api/reference/standalone.js",
]);

export const NO_STORE = "no-store";

/**
 * `Cache-Control: no-store` on every other /api answer: they carry personal data (guests,
 * hosts, stays), credentials (tokens, codes, WiFi and eVisitor secrets in QR codes and forms)
 * or problems about them, and neither a shared cache nor the browser's disk may keep them. A
 * handler's own header stays when it already says no-store (e.g. "private, no-store").
 */
export function noStoreByDefault(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const method = c.req.method === "HEAD" ? "GET" : c.req.method;
    if (c.res.status < 400 && CACHEABLE.has(`${method} ${c.req.routePath}`)) return;
    const current = c.res.headers.get("Cache-Control");
    if (current && /(^|,)\s*no-store\s*(,|$)/i.test(current)) return;
    try {
      c.res.headers.set("Cache-Control", NO_STORE);
    } catch {
      // A response with immutable headers (e.g. straight from fetch): copy it.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set("Cache-Control", NO_STORE);
    }
  };
}
