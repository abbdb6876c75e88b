import { atom, getDefaultStore } from "jotai";
import type { AccountInfo } from "@shared/schemas/account.ts";
import { IMPERSONATOR_STORAGE_KEY, readStoredUser } from "./stored-session.ts";

/** The role of the admin area (spec section 6). */
export const ADMINISTRATOR_ROLE = "Administrator";

/**
 * Where the session of this page stands: being restored from storage, signed in (with the
 * account, and whether an administrator is impersonating it), or signed out.
 */
export type SessionState =
  | { status: "restoring" }
  | { status: "signedIn"; account: AccountInfo; isImpersonating: boolean }
  | { status: "signedOut" };

/** The stored session as this page found it (islands of the app areas run in the browser only). */
export function storedSession(): SessionState {
  const user = readStoredUser();
  if (!user) return { status: "signedOut" };
  if (!user.account) return { status: "restoring" };
  const isImpersonating = readStoredUser(IMPERSONATOR_STORAGE_KEY) !== undefined;
  return { status: "signedIn", account: user.account, isImpersonating };
}

// Known at once when the account info is stored too: the shell shows without waiting.
export const sessionAtom = atom<SessionState>(storedSession());

/** The signed-in account; only read inside the app frame, which renders once signed in. */
export const accountAtom = atom((get) => {
  const session = get(sessionAtom);
  return session.status === "signedIn" ? session.account : undefined;
});

export const isAdministratorAtom = atom((get) =>
  get(accountAtom)?.roles.includes(ADMINISTRATOR_ROLE) ?? false
);

/** For code outside React (the API client, sign-out). */
export function setSession(state: SessionState): void {
  getDefaultStore().set(sessionAtom, state);
}
