import { eq } from "drizzle-orm";
import type { TwoFactorRequest, TwoFactorState } from "@shared/schemas/account.ts";
import { users } from "../../db/schema/users.ts";
import { actorOf, type ServiceContext } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { recoveryCodesLeft, removeRecoveryCodes, replaceRecoveryCodes } from "./recovery-codes.ts";
import { isValidTotp, newTotpSecret } from "./totp.ts";

const INVALID_CODE = "The verification code is not valid.";

/**
 * Two-factor sign-in (TOTP). An empty request reads the state, creating a shared key if there is
 * none; `enable: true` with a valid code turns it on and hands out recovery codes once;
 * `enable: false` turns it off and forgets key and codes. The shared key is returned only while
 * two-factor is off (during set-up), so a stolen access token cannot copy a working key.
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

  await db.transaction(async (tx) => {
    const save = async (values: Partial<typeof users.$inferInsert>) =>
      await tx.update(users).set(values).where(eq(users.id, user.id));

    if (request.enable === false || request.resetSharedKey) {
      enabled = false;
      secret = undefined;
      await removeRecoveryCodes(tx, user.id);
      await save({ twoFactorEnabled: false, twoFactorSecret: null });
    }
    if (!secret) {
      secret = newTotpSecret();
      await save({ twoFactorSecret: await secretBox.seal(secret) });
    }
    if (request.enable === true && !enabled) {
      if (!isValidTotp(secret, request.twoFactorCode ?? "", now)) {
        throw AppError.invalid({ twoFactorCode: [INVALID_CODE] });
      }
      enabled = true;
      await save({ twoFactorEnabled: true });
      recoveryCodes = await replaceRecoveryCodes(tx, user.id);
    } else if (request.resetRecoveryCodes && enabled) {
      recoveryCodes = await replaceRecoveryCodes(tx, user.id);
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
