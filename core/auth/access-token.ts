import { jwtVerify, SignJWT } from "jose";

const ISSUER = "prijavko";
const AUDIENCE = "prijavko-api";

export interface AuthConfig {
  jwtSecret: string;
  accessTokenMinutes: number;
  refreshTokenDays: number;
}

export interface AccessClaims {
  userId: string;
  /** The administrator acting as this user, during impersonation. */
  impersonatorId?: string;
  /** The sign-in session (refresh-token family), so a password change can end the others. */
  sessionId?: string;
}

/** The HMAC key, imported once per secret rather than on every request. */
function keyOf(config: AuthConfig): Promise<CryptoKey> {
  let key = keys.get(config.jwtSecret);
  if (!key) {
    key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(config.jwtSecret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    keys.set(config.jwtSecret, key);
  }
  return key;
}
const keys = new Map<string, Promise<CryptoKey>>();

/** A short-lived HS256 JWT naming the user (and the impersonating administrator, if any). */
export function signAccessToken(
  claims: AccessClaims,
  config: AuthConfig,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const jwt = new SignJWT({
    ...(claims.sessionId ? { sid: claims.sessionId } : {}),
    ...(claims.impersonatorId ? { act: { sub: claims.impersonatorId } } : {}),
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setJti(crypto.randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + config.accessTokenMinutes * 60);
  return keyOf(config).then((key) => jwt.sign(key));
}

/**
 * Verifies signature, algorithm (HS256 only, so `alg: none` and key-confusion tricks fail),
 * issuer, audience and expiry. Returns undefined for any token that is not ours and valid.
 */
export async function verifyAccessToken(
  token: string,
  config: AuthConfig,
  now: Date,
): Promise<AccessClaims | undefined> {
  const seconds = Math.floor(now.getTime() / 1000);
  const cache = verifiedTokensOf(config.jwtSecret);
  const known = cache.get(token);
  // The same check jose makes of `exp` (no clock tolerance): valid while exp > now, in seconds.
  if (known) return known.expiresAt > seconds ? known.claims : undefined;
  try {
    const { payload } = await jwtVerify(token, await keyOf(config), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
    });
    if (typeof payload.sub !== "string") return undefined;
    const act = payload.act as { sub?: unknown } | undefined;
    const claims = {
      userId: payload.sub,
      impersonatorId: typeof act?.sub === "string" ? act.sub : undefined,
      sessionId: typeof payload.sid === "string" ? payload.sid : undefined,
    };
    // Ours always carry exp and no nbf; anything else is verified afresh every time.
    if (typeof payload.exp === "number" && payload.nbf === undefined) {
      if (cache.size >= MAX_VERIFIED_TOKENS) cache.delete(cache.keys().next().value!);
      cache.set(token, { claims, expiresAt: payload.exp });
    }
    return claims;
  } catch {
    return undefined;
  }
}

/**
 * Tokens whose signature, issuer and audience were checked, by secret: an app calls with the same
 * token for its 15 minutes, and the HMAC check each time (a WebCrypto call, which hands the thread
 * back to the queue of requests) gives the same answer. Only the expiry can change, and it is
 * checked on every use. Revocation (an ended session) is not the token's business: the session is
 * read from the database on every request (`loadSessionUser`), so nothing is lost; the oldest
 * entries go first once there are MAX_VERIFIED_TOKENS.
 */
function verifiedTokensOf(secret: string) {
  let cache = verifiedTokens.get(secret);
  if (!cache) verifiedTokens.set(secret, cache = new Map());
  return cache;
}
const verifiedTokens = new Map<
  string,
  Map<string, { claims: AccessClaims; expiresAt: number }>
>();
const MAX_VERIFIED_TOKENS = 20_000;
