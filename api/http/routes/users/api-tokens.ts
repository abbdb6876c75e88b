import { MESSAGES } from "@shared/messages.ts";
import { createRoute } from "@hono/zod-openapi";
import { IdParam } from "../../request/path-params.ts";
import { ApiTokenList, CreateApiTokenRequest, CreatedApiToken } from "@shared/schemas/api-token.ts";
import {
  createApiToken,
  listApiTokens,
  revokeApiToken,
} from "@core/services/api-tokens/api-tokens.ts";
import { requireUser } from "../../auth/require-user.ts";
import { createRouter, problemResponses } from "../../openapi/openapi.ts";
import { authProblemResponses, BEARER } from "../../openapi/openapi-security.ts";
import { DONE, jsonBody, jsonOk } from "../../request/json-body.ts";
import { serviceContext } from "../../service-context.ts";

const common = { tags: ["Users"], security: BEARER, middleware: [requireUser] };

// GET /api/Users/manage/apiTokens
const list = createRoute({
  ...common,
  method: "get",
  path: "/Users/manage/apiTokens",
  summary: "The caller's personal API tokens (never the tokens themselves), with last use",
  responses: {
    ...jsonOk(ApiTokenList, "The tokens"),
    ...authProblemResponses,
    ...problemResponses,
  },
});

// POST /api/Users/manage/apiTokens
const create = createRoute({
  ...common,
  method: "post",
  path: "/Users/manage/apiTokens",
  summary: "Make a personal API token (Premium); the answer is the only time it is shown",
  description: "Scopes: `read` (GET, HEAD) and/or `write`. Needs the account's `password`, or " +
    "while two-factor sign-in is on a current `twoFactorCode` instead: missing, a 400 naming " +
    `\`password\`; wrong, \`${MESSAGES.incorrectPassword}\` (or ` +
    `\`${MESSAGES.invalidTwoFactorCode}\`), ` +
    "counted like failed sign-ins. The owner is e-mailed the token's name and scopes, the time, " +
    "browser and address (never the token). Refused (403) without API access in the plan, " +
    "during impersonation and with an API token. A password reset revokes every token.",
  request: jsonBody(CreateApiTokenRequest),
  responses: {
    201: {
      description: "The new token, shown once",
      content: { "application/json": { schema: CreatedApiToken } },
    },
    ...authProblemResponses,
    ...problemResponses,
  },
});

// DELETE /api/Users/manage/apiTokens/{id}
const revoke = createRoute({
  ...common,
  method: "delete",
  path: "/Users/manage/apiTokens/{id}",
  summary: "Revoke one of the caller's API tokens: refused from the next request on",
  request: { params: IdParam },
  responses: { ...DONE, ...authProblemResponses, ...problemResponses },
});

export const apiTokenRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listApiTokens(serviceContext(c)), 200))
  .openapi(create, async (c) => {
    return c.json(await createApiToken(serviceContext(c), c.req.valid("json")), 201);
  })
  .openapi(revoke, async (c) => {
    await revokeApiToken(serviceContext(c), { id: c.req.valid("param").id });
    return c.json({}, 200);
  });
