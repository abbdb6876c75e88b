import { createRoute } from "@hono/zod-openapi";
import {
  ExternalAccount,
  ExternalAccountCredentials,
  ExternalAccountRequest,
} from "@shared/schemas/external-account.ts";
import { pagedResult } from "@shared/schemas/paged.ts";
import { requireUser } from "../auth/require-user.ts";
import { serviceContext } from "../service-context.ts";
import { jsonBody, jsonOk } from "../request/json-body.ts";
import { pagingOf } from "../request/list-query.ts";
import { AccountListQuery } from "@shared/schemas/list-query.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { authProblemResponses, BEARER } from "../openapi/openapi-security.ts";
import { IdParam } from "../request/path-params.ts";
import {
  connectAccount,
  disconnectAccount,
  editAccount,
  requestProvisioning,
} from "@core/services/external-accounts/connect-account.ts";
import { changeCredentials } from "@core/services/external-accounts/change-credentials.ts";
import { getAccount, listAccounts } from "@core/services/external-accounts/list-accounts.ts";

const common = { tags: ["External accounts"], security: BEARER, middleware: [requireUser] };
const errors = {
  404: { description: "No such account of yours" },
  409: { description: "ExternalAccountExists" },
  503: { description: "eVisitor could not be reached; nothing was saved" },
  ...authProblemResponses,
  ...problemResponses,
};
const one = jsonOk(ExternalAccount, "The account");

// GET /api/ExternalAccounts
const list = createRoute({
  ...common,
  method: "get",
  path: "/ExternalAccounts",
  summary: "The caller's eVisitor accounts",
  request: { query: AccountListQuery },
  responses: {
    ...jsonOk(pagedResult(ExternalAccount).meta({ id: "PagedExternalAccounts" }), "A page"),
    ...errors,
  },
});

// POST /api/ExternalAccounts
const create = createRoute({
  ...common,
  method: "post",
  path: "/ExternalAccounts",
  summary: "Connect an eVisitor account (checked by logging in first); provisioning starts",
  request: jsonBody(ExternalAccountRequest),
  responses: { ...one, ...errors },
});

// PUT /api/ExternalAccounts/{id}
const edit = createRoute({
  ...common,
  method: "put",
  path: "/ExternalAccounts/{id}",
  summary: "Change the credentials: deletes the mirrored properties and units, provisions anew",
  request: { params: IdParam, ...jsonBody(ExternalAccountRequest) },
  responses: { ...one, ...errors },
});

// DELETE /api/ExternalAccounts/{id}
const remove = createRoute({
  ...common,
  method: "delete",
  path: "/ExternalAccounts/{id}",
  summary: "Disconnect an account and delete what was mirrored from it",
  request: { params: IdParam },
  responses: { 204: { description: "Deleted" }, ...errors },
});

// GET /api/ExternalAccounts/Provision/{id}
const provision = createRoute({
  ...common,
  method: "get",
  path: "/ExternalAccounts/Provision/{id}",
  summary: "Sync properties and units from eVisitor now",
  request: { params: IdParam },
  responses: { ...one, ...errors },
});

// POST /api/ExternalAccounts/{id}/credentials
const credentials = createRoute({
  ...common,
  method: "post",
  path: "/ExternalAccounts/{id}/credentials",
  summary: "A new password and/or API key, checked with eVisitor first; nothing else changes",
  request: { params: IdParam, ...jsonBody(ExternalAccountCredentials) },
  responses: { ...one, ...errors },
});

/** One account as the API answers it, re-read so the answer shows what was stored. */
async function answerOne(c: Parameters<typeof serviceContext>[0], id: string) {
  return c.json(await getAccount(serviceContext(c), { id }), 200);
}

export const externalAccountRoutes = createRouter()
  .openapi(list, async (c) => {
    return c.json(await listAccounts(serviceContext(c), pagingOf(c.req.valid("query"))), 200);
  })
  .openapi(create, async (c) => {
    const id = await connectAccount(serviceContext(c), c.req.valid("json"));
    return await answerOne(c, id);
  })
  .openapi(edit, async (c) => {
    const { id } = c.req.valid("param");
    await editAccount(serviceContext(c), { ...c.req.valid("json"), id });
    return await answerOne(c, id);
  })
  .openapi(remove, async (c) => {
    await disconnectAccount(serviceContext(c), c.req.valid("param"));
    return c.body(null, 204);
  })
  .openapi(credentials, async (c) => {
    const { id } = c.req.valid("param");
    await changeCredentials(serviceContext(c), { ...c.req.valid("json"), id });
    return await answerOne(c, id);
  })
  .openapi(provision, async (c) => {
    const { id } = c.req.valid("param");
    await requestProvisioning(serviceContext(c), { id });
    return await answerOne(c, id);
  });
