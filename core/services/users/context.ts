/** E-mail addresses are compared and stored lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
