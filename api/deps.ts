import type { Database } from "./db/client.ts";
import type { AuthConfig } from "./lib/auth/access-token.ts";
import type { SecretBox } from "./lib/crypto/secret-box.ts";
import type { NatsHandle } from "./lib/nats.ts";

/** Everything the app needs from outside, injected by main (real) or by tests. */
export interface AppDeps {
  db: Database;
  nats: NatsHandle;
  clock: () => Date;
  secretBox: SecretBox;
  config: {
    siteDir: string;
    bodyLimitBytes: number;
    auth: AuthConfig;
    trustProxy: boolean;
  };
}
