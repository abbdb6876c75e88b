import { createRoute } from "@hono/zod-openapi";
import { ConfirmEmailQuery, Credentials, EmailRequest } from "@shared/schemas/auth.ts";
import { createRouter, problemResponses } from "../../openapi/openapi.ts";
import { DONE, jsonBody } from "../../request/json-body.ts";
import { passwordCodesHook } from "../../openapi/password-codes-hook.ts";
import { requestLanguage } from "../../request/request-language.ts";
import { confirmEmail, requestConfirmationEmail } from "@core/services/users/confirm-email.ts";
import { registerUser } from "@core/services/users/register-user.ts";
import { serviceContext } from "../../service-context.ts";

// POST /api/Users/register
const register = createRoute({
  method: "post",
  path: "/Users/register",
  tags: ["Users"],
  summary: "Create an account; a confirmation link is e-mailed",
  request: jsonBody(Credentials),
  responses: { ...DONE, ...problemResponses },
});

// GET /api/Users/confirmEmail
const confirm = createRoute({
  method: "get",
  path: "/Users/confirmEmail",
  tags: ["Users"],
  summary: "Open the link from a confirmation e-mail",
  request: { query: ConfirmEmailQuery },
  responses: { ...DONE, ...problemResponses },
});

// POST /api/Users/resendConfirmationEmail
const resend = createRoute({
  method: "post",
  path: "/Users/resendConfirmationEmail",
  tags: ["Users"],
  summary: "Send the confirmation link again (same answer whether or not the account exists)",
  request: jsonBody(EmailRequest),
  responses: { ...DONE, ...problemResponses },
});

export const registrationRoutes = createRouter()
  .openapi(register, async (c) => {
    await registerUser(serviceContext(c), {
      ...c.req.valid("json"),
      language: requestLanguage(c),
    });
    return c.json({}, 200);
  }, passwordCodesHook)
  .openapi(confirm, async (c) => {
    await confirmEmail(serviceContext(c), c.req.valid("query"));
    return c.json({}, 200);
  })
  .openapi(resend, async (c) => {
    await requestConfirmationEmail(serviceContext(c), c.req.valid("json"));
    return c.json({}, 200);
  });
