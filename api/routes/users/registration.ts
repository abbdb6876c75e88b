import { createRoute, z } from "@hono/zod-openapi";
import { ConfirmEmailQuery, Credentials, EmailRequest } from "@shared/schemas/auth.ts";
import { createRouter, problemResponses } from "../../lib/openapi.ts";
import { passwordCodesHook } from "../../lib/password-codes-hook.ts";
import { requestLanguage } from "../../lib/request-language.ts";
import { confirmEmail, requestConfirmationEmail } from "../../services/users/confirm-email.ts";
import { registerUser } from "../../services/users/register-user.ts";

const Empty = z.object({}).meta({ id: "Empty" });
const ok = { 200: { description: "Done", content: { "application/json": { schema: Empty } } } };
const json = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { "application/json": { schema } } },
});

// POST /api/Users/register
const register = createRoute({
  method: "post",
  path: "/Users/register",
  tags: ["Users"],
  summary: "Create an account; a confirmation link is e-mailed",
  request: json(Credentials),
  responses: { ...ok, ...problemResponses },
});

// GET /api/Users/confirmEmail
const confirm = createRoute({
  method: "get",
  path: "/Users/confirmEmail",
  tags: ["Users"],
  summary: "Open the link from a confirmation e-mail",
  request: { query: ConfirmEmailQuery },
  responses: { ...ok, ...problemResponses },
});

// POST /api/Users/resendConfirmationEmail
const resend = createRoute({
  method: "post",
  path: "/Users/resendConfirmationEmail",
  tags: ["Users"],
  summary: "Send the confirmation link again (same answer whether or not the account exists)",
  request: json(EmailRequest),
  responses: { ...ok, ...problemResponses },
});

export const registrationRoutes = createRouter()
  .openapi(register, async (c) => {
    const { db, clock } = c.get("deps");
    await registerUser({ db, now: clock() }, {
      ...c.req.valid("json"),
      language: requestLanguage(c),
    });
    return c.json({}, 200);
  }, passwordCodesHook)
  .openapi(confirm, async (c) => {
    const { db, clock } = c.get("deps");
    const { userId, code } = c.req.valid("query");
    await confirmEmail({ db, now: clock() }, { userId, code });
    return c.json({}, 200);
  })
  .openapi(resend, async (c) => {
    const { db, clock } = c.get("deps");
    await requestConfirmationEmail({ db, now: clock() }, c.req.valid("json").email);
    return c.json({}, 200);
  });
