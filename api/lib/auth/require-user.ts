import type { MiddlewareHandler } from "hono";
import { AppError } from "../problem.ts";
import type { AppEnv } from "../types.ts";
import { verifyAccessToken } from "./access-token.ts";
import { loadAuthUser } from "./auth-user.ts";

const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="prijavko"' };

/** Lets the request through only with a valid bearer token of an existing user. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "");
  if (!match) throw new AppError("Unauthorized", { headers: CHALLENGE });
  const { db, clock, config } = c.get("deps");
  const claims = await verifyAccessToken(match[1], config.auth, clock());
  const user = claims && await loadAuthUser(db, claims.userId);
  if (!claims || !user) throw new AppError("Unauthorized", { headers: CHALLENGE });
  c.set("user", { ...user, impersonatorId: claims.impersonatorId, sessionId: claims.sessionId });
  await next();
};

/** After requireUser: lets the request through only when the user has the role. */
export function requireRole(role: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get("user").roles.includes(role)) throw new AppError("Forbidden");
    await next();
  };
}
