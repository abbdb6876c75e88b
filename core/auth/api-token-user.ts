import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { API_TOKEN_PREFIX } from "@shared/schemas/api-token.ts";
import type { DbOrTx } from "../db/client.ts";
import { preparedQuery } from "../db/prepared-query.ts";
import { apiTokens } from "../db/schema/api-tokens.ts";
import { userRoles, users } from "../db/schema/users.ts";
import { hashToken } from "../platform/crypto/random-token.ts";
import type { AuthUser } from "./auth-user.ts";

/** `lastUsedAt` is written at most this often per token: the list shows minutes, not requests. */
const LAST_USE_PRECISION_MS = 60_000;

/** Whether a bearer credential is an API token (rather than a session's access token). */
export function isApiToken(credential: string): boolean {
  return credential.startsWith(API_TOKEN_PREFIX);
}

const liveToken = preparedQuery((db) =>
  db.select({
    tokenId: apiTokens.id,
    scopes: apiTokens.scopes,
    lastUsedAt: apiTokens.lastUsedAt,
    id: users.id,
    email: users.email,
    language: users.language,
  })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(
      eq(apiTokens.tokenHash, sql.placeholder("hash")),
      isNull(apiTokens.revokedAt),
      or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql.placeholder("now"))),
    ))
    .prepare()
);
const rolesOf = preparedQuery((db) =>
  db.select({ role: userRoles.role }).from(userRoles)
    .where(eq(userRoles.userId, sql.placeholder("userId")))
    .prepare()
);

/**
 * The owner of a live API token (not revoked, not expired), with the token's id and scopes; the
 * token is looked up by its SHA-256. Records the use (to the minute). Undefined for anything else.
 * Whether the owner's plan allows API access is the caller's next check.
 */
export async function loadApiTokenUser(
  db: DbOrTx,
  token: string,
  now: Date,
): Promise<AuthUser | undefined> {
  if (!isApiToken(token)) return undefined;
  const [row] = await liveToken(db).all({ hash: await hashToken(token), now: now.getTime() });
  if (!row) return undefined;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USE_PRECISION_MS) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(and(
      eq(apiTokens.id, row.tokenId),
      or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, now)),
    ));
  }
  const roles = await rolesOf(db).all({ userId: row.id });
  return {
    id: row.id,
    email: row.email,
    language: row.language,
    roles: roles.map((r) => r.role),
    apiToken: { id: row.tokenId, scopes: row.scopes },
  };
}
