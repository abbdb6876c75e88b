/**
 * The one place where API requests get their credentials. Sign-in arrives in a later issue:
 * this will then read the stored session (localStorage key "user", spec section 4) and
 * return `{ Authorization: `${tokenType} ${accessToken}` }`; the one refresh-and-retry on
 * 401 (spec section 8) belongs in `client.ts`. Until then requests carry no credentials.
 */
export function authHeaders(): Record<string, string> {
  return {};
}
