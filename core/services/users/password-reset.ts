import { and, eq, isNull } from "drizzle-orm";
import { PasswordResetRequested } from "@shared/events.ts";
import type { ServiceContext } from "../../context.ts";
import { users } from "../../db/schema/users.ts";
import { userTokens } from "../../db/schema/user-tokens.ts";
import { hashPassword } from "../../platform/crypto/password-hash.ts";
import { AppError } from "../../errors.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { normalizeEmail } from "./context.ts";
import { clearFailedSignIns } from "./login-throttle.ts";
import { endUserSessions } from "./sessions.ts";
import { consumeUserToken } from "./user-tokens.ts";
import { findUserByEmail } from "./find-user.ts";
import { revokeAllApiTokens } from "../api-tokens/api-tokens.ts";
import { recordSecurityChange } from "./security-notice.ts";

/**
 * Forgotten password: queues a reset link for an existing, confirmed account. The caller answers
 * the same whatever happens here, so the answer never tells whether an e-mail is registered.
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  { email }: { email: string },
): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.emailConfirmedAt) return;
  await ctx.db.transaction((tx) =>
    appendEvent(tx, PasswordResetRequested, { userId: user.id }, ctx.now)
  );
}

/**
 * Sets a new password with a reset code, ends every other reset link still outstanding (an older
 * e-mail in a mailbox someone else reads must not work after the owner chose a password), every
 * session of the account and every API token (someone who held a session may have made one that
 * would outlive it). The owner is e-mailed what the reset did; two-factor sign-in stays as it was.
 */
export async function resetPassword(
  ctx: ServiceContext,
  { resetCode, newPassword, email }: { resetCode: string; newPassword: string; email?: string },
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const address = await ctx.db.transaction(async (tx) => {
    const token = await consumeUserToken(tx, {
      code: resetCode,
      purposes: ["ResetPassword"],
      now: ctx.now,
    });
    if (!token) throw new AppError("InvalidToken");
    const [user] = await tx.select({ email: users.email }).from(users).where(
      eq(users.id, token.userId),
    );
    if (!user || (email && normalizeEmail(email) !== user.email)) {
      throw new AppError("InvalidToken");
    }
    await tx.update(users).set({ passwordHash }).where(eq(users.id, token.userId));
    await tx.update(userTokens).set({ usedAt: ctx.now }).where(and(
      eq(userTokens.userId, token.userId),
      eq(userTokens.purpose, "ResetPassword"),
      isNull(userTokens.usedAt),
    ));
    await endUserSessions(tx, token.userId, ctx.now, undefined, ctx.request);
    const revokedApiTokens = await revokeAllApiTokens(tx, {
      userId: token.userId,
      now: ctx.now,
      origin: ctx.request,
    });
    await recordSecurityChange(tx, {
      userId: token.userId,
      kind: "PasswordReset",
      now: ctx.now,
      origin: ctx.request,
      details: { revokedApiTokens },
    });
    return user.email;
  });
  await clearFailedSignIns(ctx.db, address);
}
