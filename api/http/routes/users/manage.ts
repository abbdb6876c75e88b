import { createRoute } from "@hono/zod-openapi";
import {
  AccountInfo,
  AccountUpdate,
  RevertEmailChangeRequest,
  TwoFactorRequest,
  TwoFactorState,
} from "@shared/schemas/account.ts";
import { requireUser } from "../../auth/require-user.ts";
import { createRouter, problemResponses } from "../../openapi/openapi.ts";
import { DONE, jsonBody, jsonOk } from "../../request/json-body.ts";
import { authProblemResponses, BEARER } from "../../openapi/openapi-security.ts";
import { passwordCodesHook } from "../../openapi/password-codes-hook.ts";
import { serviceContext } from "../../service-context.ts";
import { getAccountInfo, updateAccount } from "@core/services/users/manage-account.ts";
import { manageTwoFactor } from "@core/services/users/two-factor.ts";
import { revertEmailChange } from "@core/services/users/revert-email-change.ts";
import { listAccountHistory } from "@core/services/users/account-history.ts";
import { AccountEvent } from "@shared/schemas/account-history.ts";
import { HistoryListQuery } from "@shared/schemas/list-query.ts";
import { pagedResult } from "@shared/schemas/paged.ts";

const info = jsonOk(AccountInfo, "The account");
const common = { tags: ["Users"], security: BEARER, middleware: [requireUser] };

// GET /api/Users/manage/info
const readInfo = createRoute({
  ...common,
  method: "get",
  path: "/Users/manage/info",
  summary: "The signed-in account: e-mail, whether it is confirmed, roles",
  responses: { ...info, ...authProblemResponses, ...problemResponses },
});

// POST /api/Users/manage/info
const writeInfo = createRoute({
  ...common,
  method: "post",
  path: "/Users/manage/info",
  summary: "Change the password or start an e-mail change (both with the current password)",
  description: "A new e-mail becomes the sign-in address only once the link sent to it is " +
    "opened; the old address gets a link that undoes the change. Refused (403) during " +
    "impersonation.",
  request: jsonBody(AccountUpdate),
  responses: { ...info, ...authProblemResponses, ...problemResponses },
});

// POST /api/Users/manage/2fa
const twoFactor = createRoute({
  ...common,
  method: "post",
  path: "/Users/manage/2fa",
  summary: "Read or change two-factor sign-in (TOTP)",
  description: "While two-factor is on, turning it off or resetting the key or the recovery " +
    "codes needs `twoFactorCode`, `recoveryCode` or `password`. Changes are refused (403) " +
    "during impersonation.",
  request: jsonBody(TwoFactorRequest),
  responses: {
    200: { description: "The state", content: { "application/json": { schema: TwoFactorState } } },
    ...authProblemResponses,
    ...problemResponses,
  },
});

// GET /api/Users/manage/history
const history = createRoute({
  ...common,
  method: "get",
  path: "/Users/manage/history",
  summary: "The caller's account history, newest first (kept a year)",
  description: "Sign-ins, failed sign-ins, security changes, ended sessions, impersonation, " +
    "eVisitor account changes, data exports and plan changes of the signed-in account only; " +
    "during impersonation, the host's.",
  request: { query: HistoryListQuery },
  responses: {
    ...jsonOk(pagedResult(AccountEvent).meta({ id: "PagedAccountEvents" }), "A page"),
    ...authProblemResponses,
    ...problemResponses,
  },
});

// POST /api/Users/revertEmailChange
const revert = createRoute({
  method: "post",
  path: "/Users/revertEmailChange",
  tags: ["Users"],
  summary: "Open the link sent to the old address: undo an e-mail change, end every session",
  request: jsonBody(RevertEmailChangeRequest),
  responses: { ...DONE, ...problemResponses },
});

export const manageRoutes = createRouter()
  .openapi(readInfo, async (c) => c.json(await getAccountInfo(serviceContext(c)), 200))
  .openapi(writeInfo, async (c) => {
    return c.json(await updateAccount(serviceContext(c), c.req.valid("json")), 200);
  }, passwordCodesHook)
  .openapi(
    twoFactor,
    async (c) => c.json(await manageTwoFactor(serviceContext(c), c.req.valid("json")), 200),
  )
  .openapi(history, async (c) => {
    const { PageNumber, PageSize } = c.req.valid("query");
    const page = await listAccountHistory(serviceContext(c), {
      pageNumber: PageNumber,
      pageSize: PageSize,
    });
    return c.json(page, 200);
  })
  .openapi(revert, async (c) => {
    await revertEmailChange(serviceContext(c), c.req.valid("json"));
    return c.json({}, 200);
  });
