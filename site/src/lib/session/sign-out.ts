import { logout } from "../api/users.ts";
import { ROUTES } from "../navigation/routes.ts";
import { setSession } from "./session-state.ts";
import { forgetThisDevice } from "../pwa/push-subscription.ts";
import {
  clearStoredSession,
  IMPERSONATOR_STORAGE_KEY,
  readStoredUser,
  writeStoredUser,
} from "./stored-session.ts";

/**
 * Logout (spec section 4): revokes the session on the server (and the waiting administrator's, when
 * impersonating), stops this browser's pushes, forgets the stored user and goes to Login (or `to`, e.g. Login returning to an
 * invitation's page).
 */
export async function signOut({ to = ROUTES.login }: { to?: string } = {}): Promise<never> {
  const user = readStoredUser();
  const impersonator = readStoredUser(IMPERSONATOR_STORAGE_KEY);
  // Before the session ends: its push subscription on this browser goes too (issue 35).
  if (user && !impersonator) await forgetThisDevice();
  if (user) await logout(user.refreshToken);
  if (impersonator) {
    // logout() sends the current bearer header, so the administrator's entry becomes current.
    writeStoredUser(impersonator);
    await logout(impersonator.refreshToken);
  }
  clearStoredSession();
  setSession({ status: "signedOut" });
  location.assign(to);
  return new Promise<never>(() => {});
}
