import { refuseWhileDeletionPending } from "../users/deletion-pending.ts";
import { and, count, desc, eq, gt, isNull, or } from "drizzle-orm";
import { message } from "@shared/messages.ts";
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type CreateApiTokenRequest,
  type CreatedApiToken,
} from "@shared/schemas/api-token.ts";
import { CreateApiTokenRequest as CreateSchema } from "@shared/schemas/api-token.ts";
import { actorIdOf, actorOf, type RequestOrigin, type ServiceContext } from "../../context.ts";
import type { AuthUser } from "../../auth/auth-user.ts";
import type { DbOrTx } from "../../db/client.ts";
import { apiTokens } from "../../db/schema/api-tokens.ts";
import { users } from "../../db/schema/users.ts";
import { AppError } from "../../errors.ts";
import { hashToken, randomToken } from "../../platform/crypto/random-token.ts";
import { assertApiAccess } from "../plans/api-access.ts";
import { recordAccountEvent } from "../users/account-history.ts";
import { checkProof, INVALID_CODE, requirePassword } from "../users/reauthenticate.ts";
import { recordSecurityChange } from "../users/security-notice.ts";
import { useTotp } from "../users/totp.ts";

/** A host has at most this many tokens that still work (not revoked, not expired). */
export const MAX_LIVE_API_TOKENS = 20;

/** Characters of the token kept to tell it apart: the prefix and four of the random part. */
const HINT_LENGTH = API_TOKEN_PREFIX.length + 4;

type Row = typeof apiTokens.$inferSelect;

/** A host's tokens that still work: not revoked, not expired. */
const liveTokensOf = (userId: string, now: Date) =>
  and(
    eq(apiTokens.userId, userId),
    isNull(apiTokens.revokedAt),
    or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
  );

function toApiToken(row: Row): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * The caller's own account, as a person signed in: not during impersonation (an administrator must
 * not leave a working key behind) and never with an API token (routes refuse those already).
 */
function ownerOf(ctx: ServiceContext): AuthUser {
  const actor = actorOf(ctx);
  if (actor.impersonatorId || actor.apiToken) {
    throw new AppError("Forbidden", { detail: "API tokens are managed by the host only." });
  }
  return actor;
}

/**
 * A token outlives the session it was made in (until a password reset), so a copied access token
 * alone must not make one: the password, or a current authenticator code while two-factor sign-in
 * is on. Wrong answers count like failed sign-ins (checkProof).
 */
async function proveOwner(
  ctx: ServiceContext,
  user: AuthUser,
  { password, twoFactorCode }: { password?: string; twoFactorCode?: string },
): Promise<void> {
  const [row] = await ctx.db.select({
    passwordHash: users.passwordHash,
    twoFactorEnabled: users.twoFactorEnabled,
    twoFactorSecret: users.twoFactorSecret,
  }).from(users).where(eq(users.id, user.id));
  if (password || !twoFactorCode || !row.twoFactorEnabled || !row.twoFactorSecret) {
    return await requirePassword(ctx.db, user, ctx.now, {
      passwordHash: row.passwordHash,
      password,
    });
  }
  const secret = await ctx.secretBox.open(row.twoFactorSecret);
  const ok = await checkProof(
    ctx.db,
    user,
    ctx.now,
    () => useTotp(ctx.db, { userId: user.id, secret, code: twoFactorCode, now: ctx.now }),
  );
  if (!ok) throw AppError.invalid({ twoFactorCode: [INVALID_CODE] });
}

/**
 * Makes a token: 32 random bytes (base64url) behind `prijavko_`, stored as its SHA-256 only; the
 * answer is the one time the token is shown. Needs a plan with API access, an expiry that lies
 * ahead and the owner's proof (password or authenticator code); the owner is e-mailed the token's
 * name, scopes, time, browser and address (never the token).
 */
export async function createApiToken(
  ctx: ServiceContext,
  input: CreateApiTokenRequest,
): Promise<CreatedApiToken> {
  const owner = ownerOf(ctx);
  const userId = owner.id;
  const { name, scopes, expiresAt, password, twoFactorCode } = CreateSchema.parse(input);
  const expiry = expiresAt ? new Date(expiresAt) : null;
  if (expiry && expiry.getTime() <= ctx.now.getTime()) {
    throw AppError.invalid({ expiresAt: [message("apiTokenExpiryPast")] });
  }
  await assertApiAccess(ctx.db, userId, ctx.now);
  await refuseWhileDeletionPending(ctx.db, userId);
  await proveOwner(ctx, owner, { password, twoFactorCode });
  const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  const row: Row = {
    id: crypto.randomUUID(),
    userId,
    name,
    tokenHash: await hashToken(token),
    hint: token.slice(0, HINT_LENGTH),
    scopes,
    createdAt: ctx.now,
    expiresAt: expiry,
    lastUsedAt: null,
    revokedAt: null,
  };
  await ctx.db.transaction(async (tx) => {
    if (await countLiveApiTokens(tx, userId, ctx.now) >= MAX_LIVE_API_TOKENS) {
      throw new AppError("SubscriptionLimitReached", {
        detail: `At most ${MAX_LIVE_API_TOKENS} API tokens can be in use; revoke one first.`,
      });
    }
    await tx.insert(apiTokens).values(row);
    await recordSecurityChange(tx, {
      userId,
      kind: "ApiTokenCreated",
      now: ctx.now,
      origin: ctx.request,
      details: { tokenName: name, tokenScopes: scopes },
    });
  });
  return { ...toApiToken(row), token };
}

/**
 * The caller's tokens that were not revoked, newest first, with when each was last used. An
 * administrator impersonating the host may see the list (names and hints only), not change it.
 */
export async function listApiTokens(ctx: ServiceContext): Promise<ApiToken[]> {
  const userId = actorIdOf(ctx);
  const rows = await ctx.db.select().from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(toApiToken);
}

/**
 * Revokes one of the caller's tokens: refused from the next request on. NotFound otherwise. Both
 * this and the creation are entries of the account history (with the token's name).
 */
export async function revokeApiToken(ctx: ServiceContext, input: { id: string }): Promise<void> {
  const userId = ownerOf(ctx).id;
  await ctx.db.transaction(async (tx) => {
    const [done] = await tx.update(apiTokens).set({ revokedAt: ctx.now })
      .where(and(
        eq(apiTokens.id, input.id),
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
      ))
      .returning({ name: apiTokens.name });
    if (!done) throw new AppError("NotFound");
    await recordAccountEvent(tx, {
      userId,
      kind: "ApiTokenRevoked",
      now: ctx.now,
      origin: ctx.request,
      details: { tokenName: done.name },
    });
  });
}

/**
 * A password reset revokes every token of the account that still works: whoever reset it may be
 * the owner taking the account back from someone who made tokens with a copied session. Each is
 * an entry of the account history; returns how many.
 */
export async function revokeAllApiTokens(
  tx: DbOrTx,
  { userId, now, origin }: { userId: string; now: Date; origin?: RequestOrigin },
): Promise<number> {
  const revoked = await tx.update(apiTokens).set({ revokedAt: now })
    .where(liveTokensOf(userId, now))
    .returning({ name: apiTokens.name });
  for (const token of revoked) {
    await recordAccountEvent(tx, {
      userId,
      kind: "ApiTokenRevoked",
      now,
      origin,
      details: { tokenName: token.name },
    });
  }
  return revoked.length;
}

/** How many of a host's tokens still work (the password-reset e-mail says they will stop). */
export async function countLiveApiTokens(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiTokens).where(liveTokensOf(userId, now));
  return row.n;
}
