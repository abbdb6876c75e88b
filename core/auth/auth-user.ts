import type { ApiTokenScope } from "@shared/schemas/api-token.ts";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { preparedQuery } from "../db/prepared-query.ts";
import { sessions } from "../db/schema/sessions.ts";
import { userRoles, users } from "../db/schema/users.ts";

/** The signed-in caller, as loaded from the database on every authenticated request. */
export interface AuthUser {
  id: string;
  email: string;
  language: string;
  roles: string[];
  /** The administrator acting as this user, during impersonation. */
  impersonatorId?: string;
  /** The sign-in session (refresh-token family) the access token belongs to. */
  sessionId?: string;
  /** Set when the request came with a personal API token instead of a session. */
  apiToken?: { id: string; scopes: ApiTokenScope[] };
}

export const ADMINISTRATOR = "Administrator";

const userById = preparedQuery((db) =>
  db.select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare()
);
/**
 * The same user, read only while the access token's session is live: one indexed join on the
 * primary keys, so checking revocation costs the per-request lookup nothing extra to speak of
 * (bench/session-check.ts).
 */
const userInLiveSession = preparedQuery((db) =>
  db.select({ id: users.id, email: users.email, language: users.language })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(
      eq(sessions.id, sql.placeholder("sessionId")),
      eq(sessions.userId, sql.placeholder("userId")),
      isNull(sessions.endedAt),
      or(isNull(sessions.expiresAt), gt(sessions.expiresAt, sql.placeholder("now"))),
    ))
    .prepare()
);
const rolesOf = preparedQuery((db) =>
  db.select({ role: userRoles.role }).from(userRoles)
    .where(eq(userRoles.userId, sql.placeholder("userId")))
    .prepare()
);

/** Loads a user with their roles; roles come from the database, never from the token alone. */
export async function loadAuthUser(db: DbOrTx, userId: string): Promise<AuthUser | undefined> {
  const [user] = await userById(db).all({ userId });
  if (!user) return undefined;
  const roles = await rolesOf(db).all({ userId });
  return { ...user, roles: roles.map((r) => r.role) };
}

/**
 * The caller of an authenticated request: the token's user, provided the token's session has not
 * ended (signed out, password changed or reset, refresh token reused, impersonation over). The
 * session is read from the database, so every API replica refuses an ended session's tokens.
 */
export async function loadSessionUser(
  db: DbOrTx,
  { userId, sessionId }: { userId: string; sessionId?: string },
  now: Date,
): Promise<AuthUser | undefined> {
  if (!sessionId) return undefined;
  const [user] = await userInLiveSession(db).all({ userId, sessionId, now: now.getTime() });
  if (!user) return undefined;
  const roles = await rolesOf(db).all({ userId });
  return { ...user, roles: roles.map((r) => r.role), sessionId };
}
