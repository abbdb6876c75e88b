import type { MiddlewareHandler } from "hono";
import { AppError } from "@core/errors.ts";
import type { AppEnv } from "../types.ts";
import { verifyAccessToken } from "@core/auth/access-token.ts";
import { loadSessionUser } from "@core/auth/auth-user.ts";
import { isApiToken } from "@core/auth/api-token-user.ts";
import { authenticateApiToken } from "./api-token-auth.ts";

const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="prijavko"' };

function bearerOf(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1];
}

/**
 * Lets the request through only with a valid bearer token of a signed-in session. Personal API
 * tokens are refused (403): account, session, two-factor, token, billing and admin routes use
 * this, and a leaked API token must not reach them.
 */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearerOf(c.req.header("Authorization"));
  if (!token) throw new AppError("Unauthorized", { headers: CHALLENGE });
  if (isApiToken(token)) {
    throw new AppError("Forbidden", {
      detail: "API tokens are not accepted here; sign in to do this.",
    });
  }
  await authenticate(c, token);
  await next();
};

/**
 * The host routes (properties, units, stays, calendars, guests, notifications, statistics): a
 * signed-in session's token, or a personal API token within its scopes and plan
 * (api-token-auth.ts). Either way the caller sees only their own data.
 */
export const requireUserOrApiToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearerOf(c.req.header("Authorization"));
  if (!token) throw new AppError("Unauthorized", { headers: CHALLENGE });
  if (isApiToken(token)) await authenticateApiToken(c, token);
  else await authenticate(c, token);
  await next();
};

/**
 * For routes anyone may call that answer their owner more: without an Authorization header the
 * request goes on anonymously (`c.var.user` undefined); with one, the token must be valid (a
 * stale token gets 401, so the client refreshes it) and the user is set. An API token counts as
 * its owner, as on the host routes.
 */
export const optionalUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header("Authorization");
  if (header !== undefined) {
    const token = bearerOf(header);
    if (!token) throw new AppError("Unauthorized", { headers: CHALLENGE });
    if (isApiToken(token)) await authenticateApiToken(c, token);
    else await authenticate(c, token);
  }
  await next();
};

async function authenticate(c: Parameters<MiddlewareHandler<AppEnv>>[0], token: string) {
  const { db, clock, config } = c.get("deps");
  const now = clock();
  const claims = await verifyAccessToken(token, config.auth, now);
  // The signature check is cached; whether the session still lives is read on every request.
  const user = claims && await loadSessionUser(db, claims, now);
  if (!claims || !user) throw new AppError("Unauthorized", { headers: CHALLENGE });
  c.set("user", { ...user, impersonatorId: claims.impersonatorId, sessionId: claims.sessionId });
}

/** After requireUser: lets the request through only when the user has the role. */
export function requireRole(role: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get("user").roles.includes(role)) throw new AppError("Forbidden");
    await next();
  };
}
