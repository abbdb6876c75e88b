import { createRoute, z } from "@hono/zod-openapi";
import { EmailRequest, ResetPasswordRequest } from "@shared/schemas/auth.ts";
import { createRouter, problemResponses } from "../../lib/openapi.ts";
import { passwordCodesHook } from "../../lib/password-codes-hook.ts";
import { requestPasswordReset, resetPassword } from "../../services/users/password-reset.ts";

const ok = {
  200: { description: "Done", content: { "application/json": { schema: z.object({}) } } },
};
const json = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { "application/json": { schema } } },
});

// POST /api/Users/forgotPassword
const forgot = createRoute({
  method: "post",
  path: "/Users/forgotPassword",
  tags: ["Users"],
  summary: "E-mail a password reset link (same answer whether or not the account exists)",
  request: json(EmailRequest),
  responses: { ...ok, ...problemResponses },
});

// POST /api/Users/resetPassword
const reset = createRoute({
  method: "post",
  path: "/Users/resetPassword",
  tags: ["Users"],
  summary: "Set a new password with the code from the reset link; every session ends",
  request: json(ResetPasswordRequest),
  responses: { ...ok, ...problemResponses },
});

export const passwordRoutes = createRouter()
  .openapi(forgot, async (c) => {
    const { db, clock } = c.get("deps");
    await requestPasswordReset({ db, now: clock() }, c.req.valid("json").email);
    return c.json({}, 200);
  })
  .openapi(reset, async (c) => {
    const { db, clock } = c.get("deps");
    await resetPassword({ db, now: clock() }, c.req.valid("json"));
    return c.json({}, 200);
  }, passwordCodesHook);
