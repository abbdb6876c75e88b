import type { Context } from "hono";

/** The caller's language among those the product writes e-mails in; Croatian by default. */
export function requestLanguage(c: Context): "hr" | "en" {
  const header = c.req.header("Accept-Language") ?? "";
  const first = header.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("en") ? "en" : "hr";
}
