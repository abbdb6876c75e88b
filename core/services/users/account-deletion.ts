import { and, eq, isNull, sql } from "drizzle-orm";
import { AccountDeletionRequested } from "@shared/events.ts";
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  ACCOUNT_HISTORY_RETENTION_DAYS,
  CONTACT_MESSAGE_RETENTION_DAYS,
  DEFAULT_GUEST_DATA_RETENTION_DAYS,
  RECEIPT_RETENTION_YEARS,
} from "@shared/retention.ts";
import type {
  AccountDeletionState,
  CancelDeletionRequest,
  DeleteAccountRequest,
  PrivacyOverview,
} from "@shared/schemas/account-deletion.ts";
import { ADMINISTRATOR } from "../../auth/auth-user.ts";
import { actorOf, type ServiceContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { userTokens } from "../../db/schema/user-tokens.ts";
import { userRoles, users } from "../../db/schema/users.ts";
import { AppError } from "../../errors.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { verifyPassword } from "../../platform/crypto/password-hash.ts";
import { recordAccountEvent } from "./account-history.ts";
import { tellMembersOwnerLeaves, withdrawOwnerLeavingNotices } from "./owner-leaving.ts";
import { checkProof, INCORRECT_PASSWORD, refuseDuringImpersonation } from "./reauthenticate.ts";
import { consumeUserToken } from "./user-tokens.ts";

const DAY = 24 * 3600_000;

async function deletionStateOf(db: DbOrTx, userId: string): Promise<AccountDeletionState> {
  const [row] = await db.select({
    requestedAt: users.deletionRequestedAt,
    dueAt: users.deletionDueAt,
  }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError("NotFound");
  return {
    deletionRequestedAt: row.requestedAt?.toISOString() ?? null,
    deletionDueAt: row.dueAt?.toISOString() ?? null,
  };
}

/**
 * GET /Users/manage/privacy: the retention periods the workers apply (the guests' one from the
 * same GUEST_DATA_RETENTION_DAYS) and whether a deletion is pending.
 */
export async function getPrivacyOverview(ctx: ServiceContext): Promise<PrivacyOverview> {
  return {
    retention: {
      guestDataDaysAfterCheckOut: ctx.config.guestDataRetentionDays ??
        DEFAULT_GUEST_DATA_RETENTION_DAYS,
      accountHistoryDays: ACCOUNT_HISTORY_RETENTION_DAYS,
      contactMessageDays: CONTACT_MESSAGE_RETENTION_DAYS,
      deletionGraceDays: ACCOUNT_DELETION_GRACE_DAYS,
      receiptYears: RECEIPT_RETENTION_YEARS,
    },
    deletion: await deletionStateOf(ctx.db, actorOf(ctx).id),
  };
}

/**
 * POST /Users/manage/delete: the owner, with the password (checked like a sign-in, so a copied
 * access token cannot guess it), asks for the account to be erased in 14 days. The e-mail with
 * the cancel link is sent by the notifications worker; signing in during the grace period shows
 * a cancel button. Never during impersonation.
 *
 * An administrator may not leave the product without administrators: the one UPDATE both checks
 * that another administrator remains (not on the way out) and schedules the deletion, so two
 * administrators asking at the same moment cannot both pass the check.
 */
export async function requestAccountDeletion(
  ctx: ServiceContext,
  { password }: DeleteAccountRequest,
): Promise<AccountDeletionState> {
  const { db, now } = ctx;
  const user = actorOf(ctx);
  refuseDuringImpersonation(user);
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  if (!row) throw new AppError("NotFound");
  const ok = await checkProof(db, user, now, () => verifyPassword(row.passwordHash, password));
  if (!ok) throw AppError.invalid({ password: [INCORRECT_PASSWORD] });
  if (row.deletionDueAt) return await deletionStateOf(db, user.id);

  const dueAt = new Date(now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY);
  await db.transaction(async (tx) => {
    const scheduled = await tx.update(users)
      .set({ deletionRequestedAt: now, deletionDueAt: dueAt })
      .where(and(
        eq(users.id, user.id),
        isNull(users.deletionDueAt),
        sql`(not exists (select 1 from ${userRoles} where ${userRoles.userId} = ${user.id}
              and ${userRoles.role} = ${ADMINISTRATOR})
            or exists (select 1 from ${userRoles} join ${users} others
              on others.id = ${userRoles.userId}
              where ${userRoles.role} = ${ADMINISTRATOR} and others.id <> ${user.id}
              and others.deletion_due_at is null))`,
      ))
      .returning({ id: users.id });
    if (scheduled.length === 0) {
      const [again] = await tx.select({ dueAt: users.deletionDueAt }).from(users)
        .where(eq(users.id, user.id));
      if (again?.dueAt) return; // a parallel request of the same owner scheduled it
      throw new AppError("LastAdministrator");
    }
    await appendEvent(tx, AccountDeletionRequested, { userId: user.id }, now);
    await tellMembersOwnerLeaves(tx, user.id, dueAt, now);
    await recordAccountEvent(tx, {
      userId: user.id,
      kind: "AccountDeletionRequested",
      now,
      origin: ctx.request,
    });
  }, { behavior: "immediate" });
  return await deletionStateOf(db, user.id);
}

async function cancelPending(db: DbOrTx, userId: string, ctx: ServiceContext): Promise<boolean> {
  const cancelled = await db.update(users)
    .set({ deletionRequestedAt: null, deletionDueAt: null })
    .where(and(eq(users.id, userId), sql`${users.deletionDueAt} is not null`))
    .returning({ id: users.id });
  if (cancelled.length === 0) return false;
  await withdrawOwnerLeavingNotices(db, userId);
  // Links of this request stop working: a later request sends a new one.
  await db.update(userTokens).set({ usedAt: ctx.now }).where(and(
    eq(userTokens.userId, userId),
    eq(userTokens.purpose, "CancelDeletion"),
    isNull(userTokens.usedAt),
  ));
  await recordAccountEvent(db, {
    userId,
    kind: "AccountDeletionCancelled",
    now: ctx.now,
    origin: ctx.request,
  });
  return true;
}

/**
 * POST /Users/manage/delete/cancel: the signed-in owner keeps the account. Never during
 * impersonation: whether the account goes is the owner's decision (an erasure request), not an
 * administrator's.
 */
export async function cancelAccountDeletion(ctx: ServiceContext): Promise<AccountDeletionState> {
  const user = actorOf(ctx);
  refuseDuringImpersonation(user);
  await ctx.db.transaction((tx) => cancelPending(tx, user.id, ctx));
  return await deletionStateOf(ctx.db, user.id);
}

/**
 * POST /Users/cancelDeletion: the link e-mailed with the request, without signing in. Single
 * use; a used, expired or foreign code, or one for a deletion no longer pending, is InvalidToken.
 */
export async function cancelAccountDeletionByLink(
  ctx: ServiceContext,
  { userId, code }: CancelDeletionRequest,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const token = await consumeUserToken(tx, {
      code,
      purposes: ["CancelDeletion"],
      now: ctx.now,
    });
    if (!token || token.userId !== userId) throw new AppError("InvalidToken");
    if (!await cancelPending(tx, userId, ctx)) throw new AppError("InvalidToken");
  });
}
