import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { preparedQuery } from "../db/prepared-query.ts";
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
}

export const ADMINISTRATOR = "Administrator";

const userById = preparedQuery((db) =>
  db.select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
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
