import { readStoredUser } from "../session/stored-session.ts";

/**
 * The one place where API requests get their credentials: the stored session (localStorage key
 * "user", spec section 4) as `Authorization: <tokenType> <accessToken>`.
 */
export function authHeaders(): Record<string, string> {
  const user = readStoredUser();
  return user ? { Authorization: `${user.tokenType || "Bearer"} ${user.accessToken}` } : {};
}

/** The access token requests are sent with right now, to tell later whether it was refreshed. */
export function currentAccessToken(): string | undefined {
  return readStoredUser()?.accessToken;
}
