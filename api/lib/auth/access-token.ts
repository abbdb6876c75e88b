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

function keyOf(config: AuthConfig): Uint8Array {
  return new TextEncoder().encode(config.jwtSecret);
}

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
  return jwt.sign(keyOf(config));
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
  try {
    const { payload } = await jwtVerify(token, keyOf(config), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
    });
    if (typeof payload.sub !== "string") return undefined;
    const act = payload.act as { sub?: unknown } | undefined;
    return {
      userId: payload.sub,
      impersonatorId: typeof act?.sub === "string" ? act.sub : undefined,
      sessionId: typeof payload.sid === "string" ? payload.sid : undefined,
    };
  } catch {
    return undefined;
  }
}
