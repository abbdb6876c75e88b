import { createRoute } from "@hono/zod-openapi";
import { EmailRequest, ResetPasswordRequest } from "@shared/schemas/auth.ts";
import { createRouter, problemResponses } from "../../openapi/openapi.ts";
import { DONE, jsonBody } from "../../request/json-body.ts";
import { passwordCodesHook } from "../../openapi/password-codes-hook.ts";
import { requestPasswordReset, resetPassword } from "@core/services/users/password-reset.ts";
import { serviceContext } from "../../service-context.ts";

// POST /api/Users/forgotPassword
const forgot = createRoute({
  method: "post",
  path: "/Users/forgotPassword",
  tags: ["Users"],
  summary: "E-mail a password reset link (same answer whether or not the account exists)",
  description: "The e-mail also says how many API tokens the reset will revoke and whether " +
    "two-factor sign-in stays on, with how to sign in without the app (a recovery code).",
  request: jsonBody(EmailRequest),
  responses: { ...DONE, ...problemResponses },
});

// POST /api/Users/resetPassword
const reset = createRoute({
  method: "post",
  path: "/Users/resetPassword",
  tags: ["Users"],
  summary: "Set a new password with the code from the reset link; every session ends",
  description: "Also revokes every API token of the account; two-factor sign-in stays as it " +
    "was. The owner is e-mailed what the reset did.",
  request: jsonBody(ResetPasswordRequest),
  responses: { ...DONE, ...problemResponses },
});

export const passwordRoutes = createRouter()
  .openapi(forgot, async (c) => {
    await requestPasswordReset(serviceContext(c), c.req.valid("json"));
    return c.json({}, 200);
  })
  .openapi(reset, async (c) => {
    await resetPassword(serviceContext(c), c.req.valid("json"));
    return c.json({}, 200);
  }, passwordCodesHook);
