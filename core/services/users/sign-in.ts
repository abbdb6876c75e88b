import { eq } from "drizzle-orm";
import type { LoginRequest, TokenResponse } from "@shared/schemas/auth.ts";
import { users } from "../../db/schema/users.ts";
import { spendPasswordCheckTime, verifyPassword } from "../../platform/crypto/password-hash.ts";
import { AppError } from "../../errors.ts";
import { normalizeEmail } from "./context.ts";
import type { ServiceContext } from "../../context.ts";
import {
  assertSignInAllowed,
  clearFailedSignIns,
  recordFailedSignIn,
  signInClient,
  throttleKeys,
} from "./login-throttle.ts";
import { useRecoveryCode } from "./recovery-codes.ts";
import { issueSession } from "./sessions.ts";
import { useTotp } from "./totp.ts";
import { findUserByEmail } from "./find-user.ts";
import { recordAccountEvent } from "./account-history.ts";

/**
 * Checks the password (and the second factor when enabled) and starts a session. Failures count
 * towards a temporary lock per account and client and per client (an IPv4 address or an IPv6
 * /64), and slow the account down (login-throttle.ts). An unknown e-mail costs the same time as a
 * wrong password, and only someone with the right password learns that the e-mail awaits
 * confirmation.
 */
export async function signIn(
  ctx: ServiceContext,
  { address, ...request }: LoginRequest & { address: string },
): Promise<TokenResponse> {
  const { db, now } = ctx;
  const email = normalizeEmail(request.email);
  const client = signInClient(address);
  const keys = throttleKeys(email, client);
  const origin = { address, userAgent: ctx.request?.userAgent };
  await assertSignInAllowed(db, keys, now);

  const user = await findUserByEmail(db, email);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, request.password)
    : (await spendPasswordCheckTime(request.password), false);
  if (!user || !passwordOk) {
    await recordFailedSignIn(db, keys, now, user?.id, origin);
    throw new AppError("InvalidCredentials");
  }
  if (!user.emailConfirmedAt) throw new AppError("EmailNotConfirmed");

  if (user.twoFactorEnabled) {
    const { twoFactorCode, twoFactorRecoveryCode } = request;
    if (!twoFactorCode && !twoFactorRecoveryCode) throw new AppError("RequiresTwoFactor");
    const secret = user.twoFactorSecret ? await ctx.secretBox.open(user.twoFactorSecret) : "";
    const secondFactorOk = twoFactorRecoveryCode
      ? await useRecoveryCode(db, user.id, twoFactorRecoveryCode, now)
      : await useTotp(db, { userId: user.id, secret, code: twoFactorCode ?? "", now });
    if (!secondFactorOk) {
      await recordFailedSignIn(db, keys, now, user.id, origin);
      throw new AppError("InvalidTwoFactorCode");
    }
  }

  await clearFailedSignIns(db, email, client);
  return await db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
    await recordAccountEvent(tx, { userId: user.id, kind: "SignedIn", now, origin });
    return issueSession(tx, { userId: user.id }, ctx.config.auth, now);
  });
}
