import * as OTPAuth from "otpauth";

/** RFC 6238 codes as authenticator apps make them: SHA-1, 6 digits, 30 s. */
function totpOf(secretBase32: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: "Prijavko",
    secret: OTPAuth.Secret.fromBase32(secretBase32),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  });
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** Accepts the current code and one step either side, for clocks that drift a little. */
export function isValidTotp(secretBase32: string, code: string, now: Date): boolean {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return false;
  return totpOf(secretBase32).validate({ token, timestamp: now.getTime(), window: 1 }) !== null;
}

/** The current code; tests and the simulator use it to sign in as an authenticator app would. */
export function currentTotp(secretBase32: string, now: Date): string {
  return totpOf(secretBase32).generate({ timestamp: now.getTime() });
}
