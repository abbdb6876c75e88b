import { encodeBase64Url } from "./base64.ts";

/** An unguessable token for links and sessions: 32 random bytes, base64url (43 characters). */
export function randomToken(bytes = 32): string {
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** What we store instead of a token: its SHA-256, hex. Tokens are random, so no salt is needed. */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
