import { refuseWhileDeletionPending } from "../users/deletion-pending.ts";
import { and, desc, eq, isNull } from "drizzle-orm";
import {
  API_TOKEN_EXPIRY_PAST,
  API_TOKEN_PREFIX,
  type ApiToken,
  type CreateApiTokenRequest,
  type CreatedApiToken,
} from "@shared/schemas/api-token.ts";
import { CreateApiTokenRequest as CreateSchema } from "@shared/schemas/api-token.ts";
import { actorIdOf, actorOf, type ServiceContext } from "../../context.ts";
import { apiTokens } from "../../db/schema/api-tokens.ts";
import { AppError } from "../../errors.ts";
import { hashToken, randomToken } from "../../platform/crypto/random-token.ts";
import { assertApiAccess } from "../plans/api-access.ts";
import { recordAccountEvent } from "../users/account-history.ts";

/** A host has at most this many tokens that still work (not revoked, not expired). */
export const MAX_LIVE_API_TOKENS = 20;

/** Characters of the token kept to tell it apart: the prefix and four of the random part. */
const HINT_LENGTH = API_TOKEN_PREFIX.length + 4;

type Row = typeof apiTokens.$inferSelect;

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
function ownerOf(ctx: ServiceContext): string {
  const actor = actorOf(ctx);
  if (actor.impersonatorId || actor.apiToken) {
    throw new AppError("Forbidden", { detail: "API tokens are managed by the host only." });
  }
  return actor.id;
}

/**
 * Makes a token: 32 random bytes (base64url) behind `prijavko_`, stored as its SHA-256 only; the
 * answer is the one time the token is shown. Needs a plan with API access; an expiry must lie
 * ahead.
 */
export async function createApiToken(
  ctx: ServiceContext,
  input: CreateApiTokenRequest,
): Promise<CreatedApiToken> {
  const userId = ownerOf(ctx);
  const { name, scopes, expiresAt } = CreateSchema.parse(input);
  const expiry = expiresAt ? new Date(expiresAt) : null;
  if (expiry && expiry.getTime() <= ctx.now.getTime()) {
    throw AppError.invalid({ expiresAt: [API_TOKEN_EXPIRY_PAST] });
  }
  await assertApiAccess(ctx.db, userId, ctx.now);
  await refuseWhileDeletionPending(ctx.db, userId);
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
    const live = (await tx.select({ expiresAt: apiTokens.expiresAt }).from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt))))
      .filter((t) => !t.expiresAt || t.expiresAt.getTime() > ctx.now.getTime());
    if (live.length >= MAX_LIVE_API_TOKENS) {
      throw new AppError("SubscriptionLimitReached", {
        detail: `At most ${MAX_LIVE_API_TOKENS} API tokens can be in use; revoke one first.`,
      });
    }
    await tx.insert(apiTokens).values(row);
    await recordAccountEvent(tx, {
      userId,
      kind: "ApiTokenCreated",
      now: ctx.now,
      origin: ctx.request,
      details: { tokenName: name },
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
  const userId = ownerOf(ctx);
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
