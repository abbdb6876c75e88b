import type { AccountInfo } from "@shared/schemas/account.ts";
import type { TokenResponse } from "@shared/schemas/auth.ts";
import { clearNotificationCaches } from "../notifications/notification-cache.ts";

/**
 * The signed-in user as kept in localStorage (spec section 4): the token response under "user",
 * with the last known account info beside it so a page can show the shell at once. While an
 * administrator impersonates someone, their own entry waits under "impersonator".
 */
export const USER_STORAGE_KEY = "user";
export const IMPERSONATOR_STORAGE_KEY = "impersonator";

type StorageKey = typeof USER_STORAGE_KEY | typeof IMPERSONATOR_STORAGE_KEY;

export interface StoredUser extends TokenResponse {
  account?: AccountInfo;
}

export function readStoredUser(key: StorageKey = USER_STORAGE_KEY): StoredUser | undefined {
  try {
    const text = globalThis.localStorage?.getItem(key);
    if (!text) return undefined;
    const value: unknown = JSON.parse(text);
    return isStoredUser(value) ? value : undefined;
  } catch {
    // Blocked storage or a damaged entry: nobody is signed in.
    return undefined;
  }
}

export function writeStoredUser(user: StoredUser, key: StorageKey = USER_STORAGE_KEY): void {
  localStorage.setItem(key, JSON.stringify(user));
}

/** Replaces the tokens (after a refresh) and keeps the account info. */
export function storeTokens(tokens: TokenResponse): StoredUser {
  const user: StoredUser = {
    tokenType: tokens.tokenType,
    accessToken: tokens.accessToken,
    expiresIn: tokens.expiresIn,
    refreshToken: tokens.refreshToken,
    account: readStoredUser()?.account,
  };
  writeStoredUser(user);
  return user;
}

export function storeAccount(account: AccountInfo): void {
  const user = readStoredUser();
  if (user) writeStoredUser({ ...user, account });
}

/** Forgets both the user and a waiting impersonator, and the notifications cached for them. */
export function clearStoredSession(): void {
  try {
    localStorage.removeItem(USER_STORAGE_KEY);
    localStorage.removeItem(IMPERSONATOR_STORAGE_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
  clearNotificationCaches();
}

function isStoredUser(value: unknown): value is StoredUser {
  if (typeof value !== "object" || value === null) return false;
  const user = value as Record<string, unknown>;
  return typeof user.accessToken === "string" && user.accessToken !== "" &&
    typeof user.tokenType === "string" && typeof user.refreshToken === "string";
}
