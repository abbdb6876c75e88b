import type { MiddlewareHandler } from "hono";
import { AppError } from "@core/errors.ts";
import type { AppEnv } from "../types.ts";
import { verifyAccessToken } from "@core/auth/access-token.ts";
import { loadSessionUser } from "@core/auth/auth-user.ts";

const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="prijavko"' };

/** Lets the request through only with a valid bearer token of an existing user. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "");
  if (!match) throw new AppError("Unauthorized", { headers: CHALLENGE });
  await authenticate(c, match[1]);
  await next();
};

/**
 * For routes anyone may call that answer their owner more: without an Authorization header the
 * request goes on anonymously (`c.var.user` undefined); with one, the token must be valid (a
 * stale token gets 401, so the client refreshes it) and the user is set.
 */
export const optionalUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header("Authorization");
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new AppError("Unauthorized", { headers: CHALLENGE });
    await authenticate(c, match[1]);
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
