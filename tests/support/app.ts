import { createApp } from "../../api/app.ts";
import type { AppDeps } from "../../api/deps.ts";
import type { Database } from "../../api/db/client.ts";
import { createSecretBox } from "../../api/lib/crypto/secret-box.ts";
import type { NatsHandle } from "../../api/lib/nats.ts";

export const SITE_FIXTURE_DIR = new URL("./site-fixture", import.meta.url).pathname;

/** Test-only secrets; the product refuses to start without real ones. */
export const TEST_SECRETS = {
  JWT_SECRET: "test-jwt-secret-that-is-long-enough-0123456789",
  DATA_ENCRYPTION_KEY: "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
};

export const TEST_AUTH = {
  jwtSecret: TEST_SECRETS.JWT_SECRET,
  accessTokenMinutes: 15,
  refreshTokenDays: 14,
};

/** The real app on a test database; NATS is whatever the test connects, or a server nobody runs. */
export async function createTestApp(
  { db, nats, bodyLimitBytes = 64 * 1024, clock = () => new Date() }: {
    db: Database;
    nats?: NatsHandle;
    bodyLimitBytes?: number;
    clock?: () => Date;
  },
) {
  const deps: AppDeps = {
    db,
    nats: nats ?? unreachableNats(),
    clock,
    secretBox: await createSecretBox(TEST_SECRETS.DATA_ENCRYPTION_KEY),
    config: { siteDir: SITE_FIXTURE_DIR, bodyLimitBytes, trustProxy: false, auth: TEST_AUTH },
  };
  return createApp(deps);
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A handle to an address where no NATS runs: the app must still serve everything but health. */
function unreachableNats(): NatsHandle {
  return { connection: () => undefined, isConnected: () => false, close: async () => {} };
}

/** JSON POST helper for app.request. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A clock the test moves forward, for expiry and lockout windows. */
export class TestClock {
  constructor(private current = new Date()) {}
  now = () => new Date(this.current);
  advanceMinutes(minutes: number) {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
}

/** Runs `fn` with the real app on a fresh database, cleaned up afterwards. */
export async function withTestApp(
  fn: (ctx: { app: TestApp; db: Database; clock: TestClock }) => Promise<void>,
): Promise<void> {
  const { createTestDatabase } = await import("./database.ts");
  const database = await createTestDatabase();
  const clock = new TestClock();
  try {
    await fn({
      app: await createTestApp({ db: database.db, clock: clock.now }),
      db: database.db,
      clock,
    });
  } finally {
    await database.dispose();
  }
}
