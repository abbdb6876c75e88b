import { createRoute } from "@hono/zod-openapi";
import { LoginQuery, LoginRequest, RefreshRequest, TokenResponse } from "@shared/schemas/auth.ts";
import { clientAddress } from "../../auth/client-address.ts";
import { createRouter, problemResponses } from "../../openapi/openapi.ts";
import { jsonBody, jsonOk } from "../../request/json-body.ts";
import { serviceContext } from "../../service-context.ts";
import { endSession, refreshSession } from "@core/services/users/sessions.ts";
import { signIn } from "@core/services/users/sign-in.ts";

const tokens = jsonOk(TokenResponse, "A new session");

// POST /api/Users/login
const login = createRoute({
  method: "post",
  path: "/Users/login",
  tags: ["Users"],
  summary: "Sign in with e-mail and password (and a second factor when enabled)",
  description: "Failures answer 401 with code InvalidCredentials, EmailNotConfirmed, " +
    "RequiresTwoFactor or InvalidTwoFactorCode; repeated failures lock the account or address " +
    "for a while (429 LockedOut with Retry-After). Cookie sessions are not offered: " +
    "useCookies and useSessionCookies are accepted and ignored.",
  request: { query: LoginQuery, ...jsonBody(LoginRequest) },
  responses: {
    ...tokens,
    401: { description: "Not signed in" },
    429: { description: "Locked" },
    ...problemResponses,
  },
});

// POST /api/Users/refresh
const refresh = createRoute({
  method: "post",
  path: "/Users/refresh",
  tags: ["Users"],
  summary: "Trade a refresh token for a new pair (each refresh token works once)",
  request: jsonBody(RefreshRequest),
  responses: { ...tokens, 401: { description: "Invalid, used or expired" }, ...problemResponses },
});

// POST /api/Users/logout
const logout = createRoute({
  method: "post",
  path: "/Users/logout",
  tags: ["Users"],
  summary: "End the session the refresh token belongs to",
  request: jsonBody(RefreshRequest),
  responses: { 204: { description: "Signed out" }, ...problemResponses },
});

export const sessionRoutes = createRouter()
  .openapi(login, async (c) => {
    const address = clientAddress(c, c.get("deps").config.trustProxy);
    return c.json(await signIn(serviceContext(c), { ...c.req.valid("json"), address }), 200);
  })
  .openapi(refresh, async (c) => {
    return c.json(await refreshSession(serviceContext(c), c.req.valid("json")), 200);
  })
  .openapi(logout, async (c) => {
    await endSession(serviceContext(c), c.req.valid("json"));
    return c.body(null, 204);
  });
