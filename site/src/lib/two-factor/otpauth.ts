/** The issuer authenticator apps show next to the account. */
export const OTP_ISSUER = "Prijavko";

/**
 * The otpauth URL of the QR code that adds the account to an authenticator app:
 * otpauth://totp/Prijavko:{email}?secret={sharedKey}&issuer=Prijavko (label parts URL-encoded).
 */
export function otpauthUrl(email: string, sharedKey: string): string {
  const label = `${encodeURIComponent(OTP_ISSUER)}:${encodeURIComponent(email)}`;
  const secret = encodeURIComponent(sharedKey.replace(/\s/g, ""));
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(OTP_ISSUER)}`;
}

/** The key for typing by hand, in groups of four ("JBSW Y3DP EHPK 3PXP"); apps ignore spaces. */
export function groupKey(sharedKey: string): string {
  return sharedKey.replace(/\s/g, "").replace(/(.{4})(?=.)/g, "$1 ");
}
