import type { AuthUser } from "../../auth/auth-user.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { assertSignInAllowed, recordFailedSignIn, throttleKeys } from "./login-throttle.ts";

/**
 * Changes that would hand the account to whoever holds a copied access token (the sign-in
 * e-mail, the password, two-factor) are the owner's alone: never an administrator's during
 * impersonation.
 */
export function refuseDuringImpersonation(user: AuthUser): void {
  if (user.impersonatorId) throw new AppError("Forbidden");
}

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
