import type { Database } from "./db/client.ts";
import type { NatsHandle } from "./lib/nats.ts";

/** Everything the app needs from outside, injected by main (real) or by tests. */
export interface AppDeps {
  db: Database;
  nats: NatsHandle;
  clock: () => Date;
  config: {
    siteDir: string;
    bodyLimitBytes: number;
  };
}
