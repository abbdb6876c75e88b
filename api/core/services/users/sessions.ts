import { and, eq, isNull, ne } from "drizzle-orm";
import type { TokenResponse } from "@shared/schemas/auth.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { ServiceContext } from "../../context.ts";
import { refreshTokens } from "../../db/schema/refresh-tokens.ts";
import { type AuthConfig, signAccessToken } from "../../auth/access-token.ts";
import { hashToken, randomToken } from "../../platform/crypto/random-token.ts";
import { log } from "../../platform/logger.ts";
import { AppError } from "../../errors.ts";

const DAY = 24 * 60 * 60 * 1000;

/** Starts (or continues, with `familyId`) a session: a new refresh token and an access token. */
export async function issueSession(
  db: DbOrTx,
  { userId, impersonatorId, familyId = crypto.randomUUID() }: {
    userId: string;
    impersonatorId?: string;
    familyId?: string;
  },
  auth: AuthConfig,
  now: Date,
): Promise<TokenResponse> {
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({
    id: crypto.randomUUID(),
    userId,
    familyId,
    tokenHash: await hashToken(refreshToken),
    impersonatorId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + auth.refreshTokenDays * DAY),
  });
  const accessToken = await signAccessToken(
    { userId, impersonatorId, sessionId: familyId },
    auth,
    now,
  );
  return {
    tokenType: "Bearer",
    accessToken,
    expiresIn: auth.accessTokenMinutes * 60,
    refreshToken,
  };
}

async function revokeFamily(db: DbOrTx, familyId: string, now: Date): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Trades a refresh token for a new pair. Each token works once: presenting a used one means it
 * was copied, so the whole session is revoked and both holders must sign in again.
 */
export async function refreshSession(
  { db, now, config: { auth } }: ServiceContext,
  { refreshToken }: { refreshToken: string },
): Promise<TokenResponse> {
  const tokenHash = await hashToken(refreshToken);
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  if (!row || row.revokedAt || row.expiresAt <= now) throw new AppError("InvalidRefreshToken");
  const [claimed] = await db.update(refreshTokens).set({ usedAt: now })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (!claimed) {
    log.warn("refresh token reused, session revoked", {
      userId: row.userId,
      sessionId: row.familyId,
    });
    await revokeFamily(db, row.familyId, now);
    throw new AppError("InvalidRefreshToken");
  }
  return issueSession(
    db,
    { userId: row.userId, impersonatorId: row.impersonatorId ?? undefined, familyId: row.familyId },
    auth,
    now,
  );
}

/** Ends the session a refresh token belongs to (sign-out). Unknown tokens are ignored. */
export async function endSession(
  { db, now }: ServiceContext,
  { refreshToken }: { refreshToken: string },
): Promise<void> {
  const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, await hashToken(refreshToken)));
  if (row) await revokeFamily(db, row.familyId, now);
}

/** Ends every session of a user, except `keepSessionId` (the one making the change). */
export async function endUserSessions(
  db: DbOrTx,
  userId: string,
  now: Date,
  keepSessionId?: string,
): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: now }).where(and(
    eq(refreshTokens.userId, userId),
    isNull(refreshTokens.revokedAt),
    keepSessionId ? ne(refreshTokens.familyId, keepSessionId) : undefined,
  ));
}
