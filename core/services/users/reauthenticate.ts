import { message, requiredMessage } from "@shared/messages.ts";
import type { AuthUser } from "../../auth/auth-user.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { verifyPassword } from "../../platform/crypto/password-hash.ts";
import { assertSignInAllowed, recordFailedSignIn, throttleKeys } from "./login-throttle.ts";

/**
 * Changes that would hand the account to whoever holds a copied access token (the sign-in
 * e-mail, the password, two-factor) are the owner's alone: never an administrator's during
 * impersonation.
 */
export function refuseDuringImpersonation(user: AuthUser): void {
  if (user.impersonatorId) throw new AppError("Forbidden");
}

/** The field message of a wrong password (the same on every route that asks for it). */
export const INCORRECT_PASSWORD = message("incorrectPassword");
/** The field message of a wrong authenticator or recovery code. */
export const INVALID_CODE = message("invalidTwoFactorCode");

/**
 * Runs a check of the password or a second factor that a sensitive change asks for. Wrong answers
 * count like failed sign-ins, with the session in place of the address: five lock this session
 * out for a while, and they slow the account down and warn its owner like any others, so a copied
 * access token cannot be used to guess.
 */
export async function checkProof(
  db: Database,
  user: AuthUser,
  now: Date,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const keys = throttleKeys(user.email, `session:${user.sessionId ?? user.id}`);
  await assertSignInAllowed(db, keys, now);
  const ok = await check();
  if (!ok) await recordFailedSignIn(db, keys, now, user.id);
  return ok;
}

/**
 * The account's password, for a change a copied access token must not make alone: a 400 naming
 * `field` when it is missing ("Password is required") or wrong ("Incorrect password."), the
 * wrong ones counted by checkProof.
 */
export async function requirePassword(
  db: Database,
  user: AuthUser,
  now: Date,
  { passwordHash, password, field = "password" }: {
    passwordHash: string;
    password: string | undefined;
    field?: string;
  },
): Promise<void> {
  if (!password) throw AppError.invalid({ [field]: [requiredMessage("password")] });
  if (!(await checkProof(db, user, now, () => verifyPassword(passwordHash, password)))) {
    throw AppError.invalid({ [field]: [INCORRECT_PASSWORD] });
  }
}
