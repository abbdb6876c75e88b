import type { Database } from "@core/db/client.ts";
import type { AuthConfig } from "@core/auth/access-token.ts";
import type { SecretBox } from "@core/platform/crypto/secret-box.ts";
import type { NatsHandle } from "@core/platform/nats.ts";
import type { EVisitorAccess } from "@core/services/external-accounts/evisitor-access.ts";
import type { Payee } from "@core/services/billing/payee.ts";
import type { RateLimits } from "./security/rate-limit.ts";

/** Everything the app needs from outside, injected by main (real) or by tests. */
export interface AppDeps {
  db: Database;
  nats: NatsHandle;
  clock: () => Date;
  secretBox: SecretBox;
  /** The configured eVisitor service (the simulator locally and in tests). */
  evisitor: EVisitorAccess;
  config: {
    /** The site's public address; QR codes and e-mailed links start with it. */
    publicUrl: string;
    siteDir: string;
    bodyLimitBytes: number;
    auth: AuthConfig;
    trustProxy: boolean;
    /** Who hosts pay by bank transfer; the development payee when absent (tests). */
    payee?: Payee;
    /** Support's address (SUPPORT_EMAIL), named on the legal pages; the default when absent. */
    supportEmail?: string;
    /** GUEST_DATA_RETENTION_DAYS (the privacy centre shows it); the default when absent. */
    guestDataRetentionDays?: number;
    /** Requests per minute and address for each rate-limited group; none when absent (RATE_LIMITS=off). */
    rateLimits?: RateLimits;
    /** Requests per minute each personal API token may make; 120 when absent. */
    apiTokenRateLimit?: number;
    /** Origins whose pages may call the API (CORS); none when absent. */
    corsOrigins?: readonly string[];
    /** Web Push's public key and endpoint rule (issue 35); push is off when absent. */
    push?: { publicKey: string; allowAnyEndpoint?: boolean };
  };
}
