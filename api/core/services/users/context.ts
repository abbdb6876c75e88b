import type { Database } from "../../db/client.ts";
import type { AuthConfig } from "../../auth/access-token.ts";
import type { SecretBox } from "../../platform/crypto/secret-box.ts";

/** What the account services need: the database, the moment, token settings, the secret box. */
export interface UsersContext {
  db: Database;
  now: Date;
  auth: AuthConfig;
  secretBox: SecretBox;
}

/** E-mail addresses are compared and stored lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
