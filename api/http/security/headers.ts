import type { Context, MiddlewareHandler } from "hono";
import { RESOURCE_POLICY } from "./content-security-policy.ts";

/** Headers every response carries, pages, API answers, problem details and files alike. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // Both: X-Frame-Options for old browsers, frame-ancestors (in every policy) for the rest.
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  // The check-in page scans documents with the camera: a live view (getUserMedia) or a photo.
  "Permissions-Policy": "camera=(self), geolocation=(), microphone=(), payment=()",
};

/** A year; sent only over TLS, as browsers ignore it on plain http anyway. */
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Whether the request reached us over TLS: its own scheme is https, or our reverse proxy (trusted
 * only with TRUST_PROXY, like X-Forwarded-For) says the client used https.
 */
export function cameOverTls(c: Context, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === "https:") return true;
  if (!trustProxy) return false;
  return c.req.header("X-Forwarded-Proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

/**
 * Sets the security headers on the way out, whatever answered (a route, the error handler, the
 * not-found handler, the site). A page's handler sets its own Content-Security-Policy (with its
 * scripts' hashes); everything else gets the resource policy, under which nothing runs.
 */
export function securityHeaders({ trustProxy }: { trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    let headers = c.res.headers;
    try {
      headers.set("X-Content-Type-Options", "nosniff");
    } catch {
      // A response with immutable headers (e.g. straight from fetch): copy it.
      c.res = new Response(c.res.body, c.res);
      headers = c.res.headers;
    }
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
    if (!headers.has("Content-Security-Policy")) {
      headers.set("Content-Security-Policy", RESOURCE_POLICY);
    }
    if (cameOverTls(c, trustProxy)) headers.set("Strict-Transport-Security", HSTS);
    else headers.delete("Strict-Transport-Security");
    headers.delete("X-Powered-By");
  };
}
