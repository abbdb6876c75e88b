import { and, eq, isNull, lt, or } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "../../db/schema/users.ts";

const PERIOD_SECONDS = 30;

/** RFC 6238 codes as authenticator apps make them: SHA-1, 6 digits, 30 s. */
function totpOf(secretBase32: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: "Prijavko",
    secret: OTPAuth.Secret.fromBase32(secretBase32),
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
  });
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/**
 * The time step a code belongs to: the current one or one either side, for clocks that drift a
 * little; undefined for a wrong code.
 */
export function totpStepOf(secretBase32: string, code: string, now: Date): number | undefined {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return undefined;
  const delta = totpOf(secretBase32).validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/**
 * Checks a code and uses up its time step: a step's code works once per user, and a code of a
 * step older than the last one used (the previous window, replayed) never works. The conditional
 * update makes two simultaneous uses of one code impossible.
 */
export async function useTotp(
  db: DbOrTx,
  { userId, secret, code, now }: { userId: string; secret: string; code: string; now: Date },
): Promise<boolean> {
  const step = totpStepOf(secret, code, now);
  if (step === undefined) return false;
  const claimed = await db.update(users).set({ totpLastStep: step })
    .where(and(
      eq(users.id, userId),
      or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
    ))
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** The current code; tests and the simulator use it to sign in as an authenticator app would. */
export function currentTotp(secretBase32: string, now: Date): string {
  return totpOf(secretBase32).generate({ timestamp: now.getTime() });
}
