import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ADMINISTRATOR } from "@core/auth/auth-user.ts";
import { requireRole, requireUser } from "../../auth/require-user.ts";
import { problemResponses } from "../../openapi/openapi.ts";
import { authProblemResponses, BEARER } from "../../openapi/openapi-security.ts";
import type { AppEnv } from "../../types.ts";

/** What the subscription routes have in common: their tag, who may call them, their errors. */
export const TAGS = ["Subscriptions"];
export const host = { tags: TAGS, security: BEARER, middleware: [requireUser] };
export const admin = {
  tags: TAGS,
  security: BEARER,
  middleware: [requireUser, requireRole(ADMINISTRATOR)],
};
export const errors = { ...authProblemResponses, ...problemResponses };
export const notFound = { 404: { description: "No such item of yours" } };

/** A PDF answer in the OpenAPI document. */
export const pdf = (description: string) => ({
  200: {
    description,
    content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } },
  },
});

/** Sends a PDF as a download, never cached. */
export function pdfResponse(
  c: Context<AppEnv>,
  { bytes, filename }: { bytes: Uint8Array; filename: string },
) {
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "private, no-store",
  });
}
