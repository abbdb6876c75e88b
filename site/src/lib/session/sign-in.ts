import type { TokenResponse } from "@shared/schemas/auth.ts";
import { getAccountInfo } from "../api/account.ts";
import { clearStoredSession, storeAccount, writeStoredUser } from "./stored-session.ts";
import { applySavedSettings } from "./refresh-account.ts";

/**
 * Keeps the tokens of a successful login under "user" (spec section 4) and fetches the account
 * info, so the next page can show the shell at once. A fresh sign-in forgets any impersonation.
 */
export async function startSession(tokens: TokenResponse): Promise<void> {
  clearStoredSession();
  writeStoredUser(pickTokens(tokens));
  try {
    storeAccount(await getAccountInfo());
  } catch {
    // The next page restores the session and asks again.
  }
  await applySavedSettings();
}

/** Only the token fields: an impersonation result carries more. */
export function pickTokens(tokens: TokenResponse): TokenResponse {
  const { tokenType, accessToken, expiresIn, refreshToken } = tokens;
  return { tokenType, accessToken, expiresIn, refreshToken };
}
