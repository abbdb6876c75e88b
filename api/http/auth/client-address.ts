import type { Context } from "hono";
import { getConnInfo } from "hono/deno";

/**
 * The caller's IP address, for rate limits. X-Forwarded-For is trusted only when configured
 * (behind our own proxy); otherwise anyone could pick their address.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("X-Forwarded-For")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // requests made in-process (tests) have no connection
  }
}
