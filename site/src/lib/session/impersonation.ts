import type { ImpersonationResult } from "@shared/schemas/admin-user.ts";
import { getAccountInfo } from "../api/account.ts";
import { logout } from "../api/users.ts";
import { ROUTES } from "../navigation/routes.ts";
import { pickTokens } from "./sign-in.ts";
import {
  clearStoredSession,
  IMPERSONATOR_STORAGE_KEY,
  readStoredUser,
  storeAccount,
  writeStoredUser,
} from "./stored-session.ts";

/**
 * Impersonation (spec section 4): the administrator's own entry waits under "impersonator" while
 * "user" holds the impersonated user's tokens; ending it revokes the impersonated session and puts
 * the administrator back.
 */
export function isImpersonating(): boolean {
  return readStoredUser(IMPERSONATOR_STORAGE_KEY) !== undefined;
}

/** Switches to the impersonated user and loads their account info; the caller then navigates. */
export async function startImpersonation(result: ImpersonationResult): Promise<void> {
  const original = readStoredUser();
  if (!original) throw new Error("Impersonation needs a signed-in administrator.");
  // Never overwrite the administrator with an impersonated user, should this ever nest.
  if (!isImpersonating()) writeStoredUser(original, IMPERSONATOR_STORAGE_KEY);
  writeStoredUser(pickTokens(result));
  try {
    storeAccount(await getAccountInfo());
  } catch {
    // The dashboard restores the session and asks again.
  }
}

/** Back to the administrator's own session and their user list. */
export async function endImpersonation(): Promise<void> {
  const impersonated = readStoredUser();
  const original = readStoredUser(IMPERSONATOR_STORAGE_KEY);
  if (impersonated) await logout(impersonated.refreshToken);
  if (!original) {
    clearStoredSession();
    location.assign(ROUTES.login);
    return;
  }
  writeStoredUser(original);
  localStorage.removeItem(IMPERSONATOR_STORAGE_KEY);
  try {
    storeAccount(await getAccountInfo());
  } catch {
    // The next page restores the session and asks again.
  }
}
