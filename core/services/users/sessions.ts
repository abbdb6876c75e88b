import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { TokenResponse } from "@shared/schemas/auth.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestOrigin, ServiceContext } from "../../context.ts";
import { refreshTokens } from "../../db/schema/refresh-tokens.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { type AuthConfig, signAccessToken } from "../../auth/access-token.ts";
import { hashToken, randomToken } from "../../platform/crypto/random-token.ts";
import { log } from "../../platform/logger.ts";
import { AppError } from "../../errors.ts";
import { emailsOf, recordAccountEvent } from "./account-history.ts";

const DAY = 24 * 60 * 60 * 1000;
/** An administrator's impersonation session ends an hour after it started, refreshes or not. */
export const IMPERSONATION_MS = 60 * 60 * 1000;

/**
 * Starts a session (a `sessions` row) or continues one (`session`): a new refresh token and an
 * access token. Neither outlives the session's hard end, when it has one (impersonation).
 */
export async function issueSession(
  db: DbOrTx,
  { userId, impersonatorId, session }: {
    userId: string;
    impersonatorId?: string;
    session?: { id: string; expiresAt: Date | null };
  },
  auth: AuthConfig,
  now: Date,
): Promise<TokenResponse> {
  if (!session) {
    session = {
      id: crypto.randomUUID(),
      expiresAt: impersonatorId ? new Date(now.getTime() + IMPERSONATION_MS) : null,
    };
    await db.insert(sessions).values({
      id: session.id,
      userId,
      impersonatorId,
      createdAt: now,
      expiresAt: session.expiresAt,
    });
  }
  const hardEnd = session.expiresAt?.getTime() ?? Infinity;
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({
    id: crypto.randomUUID(),
    userId,
    familyId: session.id,
    tokenHash: await hashToken(refreshToken),
    impersonatorId,
    createdAt: now,
    expiresAt: new Date(Math.min(now.getTime() + auth.refreshTokenDays * DAY, hardEnd)),
  });
  const accessEnd = Math.min(now.getTime() + auth.accessTokenMinutes * 60_000, hardEnd);
  const expiresIn = Math.max(1, Math.floor((accessEnd - now.getTime()) / 1000));
  const accessToken = await signAccessToken(
    { userId, impersonatorId, sessionId: session.id },
    { ...auth, accessTokenMinutes: expiresIn / 60 },
    now,
  );
  return { tokenType: "Bearer", accessToken, expiresIn, refreshToken };
}

/**
 * Ends sessions matching `where` and revokes their refresh tokens; each ended session is recorded
 * in its user's history (an impersonation session as ImpersonationEnded, naming the
 * administrator). Run it in the transaction of the change that ends them.
 */
async function endSessionsWhere(
  db: DbOrTx,
  where: ReturnType<typeof and>,
  now: Date,
  origin?: RequestOrigin,
): Promise<void> {
  const ended = await db.update(sessions).set({ endedAt: now })
    .where(and(where, isNull(sessions.endedAt)))
    .returning({
      id: sessions.id,
      userId: sessions.userId,
      impersonatorId: sessions.impersonatorId,
    });
  const admins = await emailsOf(db, [
    ...new Set(ended.flatMap((s) => s.impersonatorId ? [s.impersonatorId] : [])),
  ]);
  for (const { id, userId, impersonatorId } of ended) {
    await db.update(refreshTokens).set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, id), isNull(refreshTokens.revokedAt)));
    await recordAccountEvent(db, {
      userId,
      kind: impersonatorId ? "ImpersonationEnded" : "SessionEnded",
      now,
      // An administrator's address is not shown to the host; the e-mail names who it was.
      origin: impersonatorId ? undefined : origin,
      actorEmail: impersonatorId ? admins.get(impersonatorId) : undefined,
    });
  }
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
  const [found] = await db.select({ token: refreshTokens, session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (!found) throw new AppError("InvalidRefreshToken");
  const { token: row, session } = found;
  const over = session.endedAt || (session.expiresAt && session.expiresAt <= now);
  if (row.revokedAt || row.expiresAt <= now || over) throw new AppError("InvalidRefreshToken");
  const [claimed] = await db.update(refreshTokens).set({ usedAt: now })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (!claimed) {
    log.warn("refresh token reused, session revoked", {
      userId: row.userId,
      sessionId: row.familyId,
    });
    await db.transaction((tx) => endSessionsWhere(tx, eq(sessions.id, row.familyId), now));
    throw new AppError("InvalidRefreshToken");
  }
  return issueSession(
    db,
    {
      userId: row.userId,
      impersonatorId: session.impersonatorId ?? undefined,
      session: { id: session.id, expiresAt: session.expiresAt },
    },
    auth,
    now,
  );
}

/**
 * Ends the session a refresh token belongs to (sign-out). An administrator signing out also ends
 * the impersonation sessions they started. Unknown tokens are ignored.
 */
export async function endSession(
  { db, now, request }: ServiceContext,
  { refreshToken }: { refreshToken: string },
): Promise<void> {
  const [row] = await db.select({ session: sessions }).from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, await hashToken(refreshToken)));
  if (!row) return;
  const { id, userId, impersonatorId } = row.session;
  await db.transaction(async (tx) => {
    await endSessionsWhere(tx, eq(sessions.id, id), now, request);
    if (!impersonatorId) {
      await endSessionsWhere(tx, eq(sessions.impersonatorId, userId), now, request);
    }
  });
}

/**
 * Ends every session of a user, except `keepSessionId` (the one making the change), and every
 * impersonation session the user started as an administrator.
 */
export async function endUserSessions(
  db: DbOrTx,
  userId: string,
  now: Date,
  keepSessionId?: string,
  origin?: RequestOrigin,
): Promise<void> {
  await endSessionsWhere(
    db,
    and(
      or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)),
      keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
    ),
    now,
    origin,
  );
}
