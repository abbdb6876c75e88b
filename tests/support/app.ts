import { createApp } from "../../api/app.ts";
import type { AppDeps } from "../../api/deps.ts";
import type { Database } from "../../api/db/client.ts";
import { connectNatsInBackground, type NatsHandle } from "../../api/lib/nats.ts";

export const SITE_FIXTURE_DIR = new URL("./site-fixture", import.meta.url).pathname;

/** The real app on a test database; NATS is whatever the test connects, or a server nobody runs. */
export function createTestApp(
  { db, nats, bodyLimitBytes = 64 * 1024 }: {
    db: Database;
    nats?: NatsHandle;
    bodyLimitBytes?: number;
  },
) {
  const deps: AppDeps = {
    db,
    nats: nats ?? unreachableNats(),
    clock: () => new Date(),
    config: { siteDir: SITE_FIXTURE_DIR, bodyLimitBytes },
  };
  return createApp(deps);
}

/** A handle to an address where no NATS runs: the app must still serve everything but health. */
function unreachableNats(): NatsHandle {
  return { connection: () => undefined, isConnected: () => false, close: async () => {} };
}

export { connectNatsInBackground };

/** JSON POST helper for app.request. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
