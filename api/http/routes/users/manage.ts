import { MESSAGES } from "@shared/messages.ts";
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
import { Profile, ProfileUpdate } from "@shared/schemas/profile.ts";
import { UserSettings } from "@shared/schemas/user-settings.ts";
import { GettingStarted, GettingStartedUpdate } from "@shared/schemas/getting-started.ts";
import {
  AccountDeletionState,
  CancelDeletionRequest,
  DeleteAccountRequest,
  PrivacyOverview,
} from "@shared/schemas/account-deletion.ts";
import { getProfile, updateProfile } from "@core/services/users/profile.ts";
import { getUserSettings, updateUserSettings } from "@core/services/users/user-settings.ts";
import {
  getGettingStarted,
  markQrPrinted,
  updateGettingStarted,
} from "@core/services/users/getting-started.ts";
import {
  cancelAccountDeletion,
  cancelAccountDeletionByLink,
  getPrivacyOverview,
  requestAccountDeletion,
} from "@core/services/users/account-deletion.ts";

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
    "opened; the old address gets a link that undoes the change. A new password is e-mailed " +
    `to the owner (\`${MESSAGES.incorrectPassword}\` on \`oldPassword\` when it is wrong). ` +
    "Refused (403) " +
    "during impersonation.",
  request: jsonBody(AccountUpdate),
  responses: { ...info, ...authProblemResponses, ...problemResponses },
});

// POST /api/Users/manage/2fa
const twoFactor = createRoute({
  ...common,
  method: "post",
  path: "/Users/manage/2fa",
  summary: "Read or change two-factor sign-in (TOTP)",
  description: "Turning two-factor on needs `password` beside the app's `twoFactorCode`, and " +
    "new recovery codes (`resetRecoveryCodes`) need `password`; while it is on, turning it off " +
    "or resetting the key needs `twoFactorCode`, `recoveryCode` or `password`. A missing proof " +
    `is a 400 naming the field; a wrong one \`${MESSAGES.incorrectPassword}\` or ` +
    `\`${MESSAGES.invalidTwoFactorCode}\`, counted like failed sign-ins. Every change is ` +
    "e-mailed to the owner, and " +
    "changes are refused (403) during impersonation.",
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

const profileOk = jsonOk(Profile, "The profile");
const settingsOk = jsonOk(UserSettings, "The settings");
const deletionOk = jsonOk(AccountDeletionState, "Whether and when the account is to be erased");

// GET /api/Users/manage/profile
const readProfile = createRoute({
  ...common,
  method: "get",
  path: "/Users/manage/profile",
  summary: "The caller's profile: name, phone, company, OIB, address, VAT status",
  responses: { ...profileOk, ...authProblemResponses, ...problemResponses },
});

// PUT /api/Users/manage/profile
const writeProfile = createRoute({
  ...common,
  method: "put",
  path: "/Users/manage/profile",
  summary: "Replace the profile (printed on receipts and the payment slip)",
  description: "Every field may be empty; an OIB must pass its ISO 7064 MOD 11,10 check.",
  request: jsonBody(ProfileUpdate),
  responses: { ...profileOk, ...authProblemResponses, ...problemResponses },
});

// GET /api/Users/manage/settings
const readSettings = createRoute({
  ...common,
  method: "get",
  path: "/Users/manage/settings",
  summary: "The caller's settings: language, theme, notification channels, default times",
  responses: { ...settingsOk, ...authProblemResponses, ...problemResponses },
});

// PUT /api/Users/manage/settings
const writeSettings = createRoute({
  ...common,
  method: "put",
  path: "/Users/manage/settings",
  summary: "Replace the settings",
  description: "The default check-in and check-out times go to properties created from now on.",
  request: jsonBody(UserSettings),
  responses: { ...settingsOk, ...authProblemResponses, ...problemResponses },
});

const gettingStartedOk = jsonOk(GettingStarted, "The first steps");

// GET /api/Users/manage/gettingStarted
const readGettingStarted = createRoute({
  ...common,
  method: "get",
  path: "/Users/manage/gettingStarted",
  summary: "The dashboard's first steps: which are done, and whether the host hid them",
  responses: { ...gettingStartedOk, ...authProblemResponses, ...problemResponses },
});

// PUT /api/Users/manage/gettingStarted
const writeGettingStarted = createRoute({
  ...common,
  method: "put",
  path: "/Users/manage/gettingStarted",
  summary: "Hide the first steps, or show them again",
  request: jsonBody(GettingStartedUpdate),
  responses: { ...gettingStartedOk, ...authProblemResponses, ...problemResponses },
});

// POST /api/Users/manage/gettingStarted/qrPrinted
const qrPrinted = createRoute({
  ...common,
  method: "post",
  path: "/Users/manage/gettingStarted/qrPrinted",
  summary: "Mark the QR step done: a unit's QR sheet was printed or its code downloaded",
  responses: { ...gettingStartedOk, ...authProblemResponses, ...problemResponses },
});

// GET /api/Users/manage/privacy
const privacy = createRoute({
  ...common,
  method: "get",
  path: "/Users/manage/privacy",
  summary: "The retention periods in force and whether the account is to be deleted",
  responses: {
    ...jsonOk(PrivacyOverview, "The overview"),
    ...authProblemResponses,
    ...problemResponses,
  },
});

// POST /api/Users/manage/delete
const deleteAccount = createRoute({
  ...common,
  method: "post",
  path: "/Users/manage/delete",
  summary: "Delete the account after 14 days' grace (with the password)",
  description: "The account and everything of it (properties, stays, guests, eVisitor " +
    "accounts) is erased when the grace ends; an e-mailed link or signing in cancels it until " +
    "then. Receipts are kept without the account, as the accounting law requires. Refused " +
    "(403) during impersonation and (409 LastAdministrator) for the last administrator. " +
    "Meanwhile the account's API tokens, new tokens, package orders and team invitations answer " +
    "409 AccountDeletionPending, and the members of its properties are notified.",
  request: jsonBody(DeleteAccountRequest),
  responses: { ...deletionOk, ...authProblemResponses, ...problemResponses },
});

// POST /api/Users/manage/delete/cancel
const cancelDeletion = createRoute({
  ...common,
  method: "post",
  path: "/Users/manage/delete/cancel",
  summary: "Keep the account: cancel a pending deletion",
  responses: { ...deletionOk, ...authProblemResponses, ...problemResponses },
});

// POST /api/Users/cancelDeletion
const cancelDeletionByLink = createRoute({
  method: "post",
  path: "/Users/cancelDeletion",
  tags: ["Users"],
  summary: "Open the link e-mailed with a deletion request: keep the account (single use)",
  request: jsonBody(CancelDeletionRequest),
  responses: { ...DONE, ...problemResponses },
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
  })
  .openapi(readProfile, async (c) => c.json(await getProfile(serviceContext(c)), 200))
  .openapi(writeProfile, async (c) => {
    return c.json(await updateProfile(serviceContext(c), c.req.valid("json")), 200);
  })
  .openapi(readSettings, async (c) => c.json(await getUserSettings(serviceContext(c)), 200))
  .openapi(writeSettings, async (c) => {
    return c.json(await updateUserSettings(serviceContext(c), c.req.valid("json")), 200);
  })
  .openapi(
    readGettingStarted,
    async (c) => c.json(await getGettingStarted(serviceContext(c)), 200),
  )
  .openapi(writeGettingStarted, async (c) => {
    return c.json(await updateGettingStarted(serviceContext(c), c.req.valid("json")), 200);
  })
  .openapi(qrPrinted, async (c) => c.json(await markQrPrinted(serviceContext(c)), 200))
  .openapi(privacy, async (c) => c.json(await getPrivacyOverview(serviceContext(c)), 200))
  .openapi(deleteAccount, async (c) => {
    return c.json(await requestAccountDeletion(serviceContext(c), c.req.valid("json")), 200);
  })
  .openapi(cancelDeletion, async (c) => {
    return c.json(await cancelAccountDeletion(serviceContext(c)), 200);
  })
  .openapi(cancelDeletionByLink, async (c) => {
    await cancelAccountDeletionByLink(serviceContext(c), c.req.valid("json"));
    return c.json({}, 200);
  });
