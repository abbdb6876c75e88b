import { eq } from "drizzle-orm";
import type { TwoFactorRequest, TwoFactorState } from "@shared/schemas/account.ts";
import { requiredMessage } from "@shared/schemas/fields.ts";
import type { AuthUser } from "../../auth/auth-user.ts";
import { users } from "../../db/schema/users.ts";
import { actorOf, type ServiceContext } from "../../context.ts";
import { verifyPassword } from "../../platform/crypto/password-hash.ts";
import { AppError } from "../../errors.ts";
import {
  checkProof,
  INCORRECT_PASSWORD,
  INVALID_CODE,
  refuseDuringImpersonation,
  requirePassword,
} from "./reauthenticate.ts";
import {
  recoveryCodesLeft,
  removeRecoveryCodes,
  replaceRecoveryCodes,
  useRecoveryCode,
} from "./recovery-codes.ts";
import { newTotpSecret, useTotp } from "./totp.ts";
import { recordSecurityChange } from "./security-notice.ts";

/**
 * Two-factor sign-in (TOTP). An empty request reads the state, creating a shared key if there is
 * none; `enable: true` with a valid code turns it on and hands out recovery codes once;
 * `enable: false` turns it off and forgets key and codes. The shared key is returned only while
 * two-factor is off (during set-up), so a stolen access token cannot copy a working key. Turning it
 * on and making new recovery codes need the password (whoever holds a copied access token could
 * otherwise put their own app, or codes, between the owner and the account, and a password reset
 * would not undo it); turning it off or resetting the key needs a current code, a recovery code or
 * the password. No change is possible during impersonation, and each one is e-mailed to the owner.
 */
export async function manageTwoFactor(
  ctx: ServiceContext,
  request: TwoFactorRequest,
): Promise<TwoFactorState> {
  const user = actorOf(ctx);
  const { db, now, secretBox } = ctx;
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  let enabled = row.twoFactorEnabled;
  let secret = row.twoFactorSecret ? await secretBox.open(row.twoFactorSecret) : undefined;
  let recoveryCodes: string[] | null = null;

  const changes = request.enable !== undefined || request.resetSharedKey ||
    request.resetRecoveryCodes;
  if (changes) refuseDuringImpersonation(user);
  const turnsOff = enabled && (request.enable === false || request.resetSharedKey);
  const turnsOn = request.enable === true && (!enabled || request.resetSharedKey);
  const newCodes = enabled && !turnsOff && request.resetRecoveryCodes;
  // Checked (and a code used up, atomically) before the write: wrong answers are counted in
  // their own transaction. The password proves both when a request turns off and on.
  if (turnsOn && (!request.password || !request.twoFactorCode)) {
    // Both fields at once, so a form can mark every one that is missing.
    throw AppError.invalid({
      ...(request.password ? {} : { password: [requiredMessage("password")] }),
      ...(request.twoFactorCode ? {} : { twoFactorCode: [requiredMessage("verificationCode")] }),
    });
  }
  if (turnsOn || newCodes) {
    await requirePassword(db, user, now, {
      passwordHash: row.passwordHash,
      password: request.password,
    });
  } else if (turnsOff) await proveOwner(ctx, user, row.passwordHash, secret ?? "", request);

  await db.transaction(async (tx) => {
    const record = (
      kind: "TwoFactorEnabled" | "TwoFactorDisabled" | "TwoFactorRecoveryCodesReset",
    ) => recordSecurityChange(tx, { userId: user.id, kind, now, origin: ctx.request });
    const save = async (values: Partial<typeof users.$inferInsert>) =>
      await tx.update(users).set(values).where(eq(users.id, user.id));

    if (request.enable === false || request.resetSharedKey) {
      if (enabled) await record("TwoFactorDisabled");
      enabled = false;
      secret = undefined;
      await removeRecoveryCodes(tx, user.id);
      await save({ twoFactorEnabled: false, twoFactorSecret: null });
    }
    if (!secret) {
      secret = newTotpSecret();
      // Steps used with an old key say nothing about the new one.
      await save({ twoFactorSecret: await secretBox.seal(secret), totpLastStep: null });
    }
    if (request.enable === true && !enabled) {
      const ok = await useTotp(tx, {
        userId: user.id,
        secret,
        code: request.twoFactorCode ?? "",
        now,
      });
      if (!ok) throw AppError.invalid({ twoFactorCode: [INVALID_CODE] });
      enabled = true;
      await save({ twoFactorEnabled: true });
      recoveryCodes = await replaceRecoveryCodes(tx, user.id);
      await record("TwoFactorEnabled");
    } else if (request.resetRecoveryCodes && enabled) {
      recoveryCodes = await replaceRecoveryCodes(tx, user.id);
      await record("TwoFactorRecoveryCodesReset");
    }
  });

  return {
    sharedKey: enabled ? null : secret ?? null,
    recoveryCodesLeft: enabled ? await recoveryCodesLeft(db, user.id) : 0,
    recoveryCodes,
    isTwoFactorEnabled: enabled,
    isMachineRemembered: false,
  };
}

/**
 * The password, a current authenticator code (each step once) or an unused recovery code; a wrong
 * one is a 400 naming its field.
 */
async function proveOwner(
  { db, now }: ServiceContext,
  user: AuthUser,
  passwordHash: string,
  secret: string,
  { password, twoFactorCode, recoveryCode }: TwoFactorRequest,
): Promise<void> {
  const prove = async (field: string, message: string, check: () => Promise<boolean>) => {
    if (!(await checkProof(db, user, now, check))) throw AppError.invalid({ [field]: [message] });
  };
  if (password) {
    await prove("password", INCORRECT_PASSWORD, () => verifyPassword(passwordHash, password));
  } else if (recoveryCode) {
    await prove(
      "recoveryCode",
      INVALID_CODE,
      () => useRecoveryCode(db, user.id, recoveryCode, now),
    );
  } else if (twoFactorCode) {
    await prove(
      "twoFactorCode",
      INVALID_CODE,
      () => useTotp(db, { userId: user.id, secret, code: twoFactorCode, now }),
    );
  } else {
    throw AppError.invalid({ twoFactorCode: [requiredMessage("verificationCode")] });
  }
}
