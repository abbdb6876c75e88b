import { z } from "zod";
import { message } from "../messages.ts";
import { requiredMessage } from "./fields.ts";

/**
 * Personal API tokens (issue 22, "API access"): `read` allows GET and HEAD, `write` every other
 * method, on the host routes only (never account, session, two-factor, token or admin routes).
 */
export const API_TOKEN_SCOPES = ["read", "write"] as const;
export const ApiTokenScope = z.enum(API_TOKEN_SCOPES);
export type ApiTokenScope = z.infer<typeof ApiTokenScope>;

/** Every API token starts with this, so that it is recognised (and found by secret scanners). */
export const API_TOKEN_PREFIX = "prijavko_";

export const API_TOKEN_NAME_MAX = 80;

/**
 * POST /Users/manage/apiTokens. Besides the spec's fields, the proof that the owner is at the
 * keyboard (a copied access token alone must not leave a key that outlives the session): the
 * account's `password`, or a current `twoFactorCode` from the authenticator app when two-factor
 * sign-in is on.
 */
export const CreateApiTokenRequest = z
  .object({
    name: z.string().trim().min(1, requiredMessage("name")).max(
      API_TOKEN_NAME_MAX,
      message("lengthMax", { max: API_TOKEN_NAME_MAX }),
    ),
    scopes: z.array(ApiTokenScope).min(1, message("apiTokenScopeRequired"))
      .transform((scopes) => API_TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
    /** When the token stops working; never when absent or null. Must be in the future. */
    expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
    /** The account's password. */
    password: z.string().max(256).optional(),
    /** Instead of the password, while two-factor sign-in is on: the app's current code. */
    twoFactorCode: z.string().trim().max(16).optional(),
  })
  .refine((value) => !!value.password || !!value.twoFactorCode, {
    path: ["password"],
    error: requiredMessage("password"),
    // Also beside other fields' mistakes, so a form shows every missing field at once.
    when: ({ value }) => typeof value === "object" && value !== null,
  })
  .meta({ id: "CreateApiTokenRequest" });
export type CreateApiTokenRequest = z.input<typeof CreateApiTokenRequest>;

/** A token as listed: never the token itself, only its first characters to tell it apart. */
export const ApiToken = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(ApiTokenScope),
    /** The token's first characters (prefix and four more), to recognise it. */
    hint: z.string(),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime().nullable(),
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "ApiToken" });
export type ApiToken = z.infer<typeof ApiToken>;

/** The answer to a creation: the token itself, shown this once and never again. */
export const CreatedApiToken = ApiToken.extend({ token: z.string() }).meta({
  id: "CreatedApiToken",
});
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;

export const ApiTokenList = z.array(ApiToken).meta({ id: "ApiTokenList" });
