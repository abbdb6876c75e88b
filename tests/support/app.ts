import type { Payee } from "@core/services/billing/payee.ts";
import { createApp } from "../../api/http/app.ts";
import type { AppDeps } from "../../api/http/deps.ts";
import type { Database } from "@core/db/client.ts";
import { createSecretBox } from "@core/platform/crypto/secret-box.ts";
import type { NatsHandle } from "@core/platform/nats.ts";
import type { RateLimits } from "../../api/http/security/rate-limit.ts";
import type { EVisitorAccess } from "@core/services/external-accounts/evisitor-access.ts";
import { EVisitorError } from "@core/evisitor/types.ts";
import { createEVisitorClient } from "@core/evisitor/client.ts";
import { AccountSessions } from "@core/evisitor/account-sessions.ts";

export const SITE_FIXTURE_DIR = new URL("./site-fixture", import.meta.url).pathname;

/** Test-only secrets; the product refuses to start without real ones. */
export const TEST_SECRETS = {
  JWT_SECRET: "test-jwt-secret-that-is-long-enough-0123456789",
  DATA_ENCRYPTION_KEY: "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
  /** A VAPID key pair for Web Push (issue 35), made for the tests. */
  VAPID_PUBLIC_KEY:
    "BKr0X3KhnpLDEZwHj028nO5dsKqjZStefJuoLrG5aSmdKbjmeZdsdwBRdDM_8a8S1va0Emrxv2PW-ItuKk9dLo0",
  VAPID_PRIVATE_KEY: "mA2CjmTYZtNLIhNPnr2KZ0T4AFQ40FwVAqFjeMzMb2U",
};

/**
 * Rate limits for the test stacks: on, as in production, but high enough that a browser test
 * (every request from 127.0.0.1) never meets them. tests/security/rate-limits.test.ts tests them.
 */
export const TEST_RATE_LIMITS = {
  RATE_LIMIT_LOGIN: "1000",
  RATE_LIMIT_REGISTER: "1000",
  RATE_LIMIT_ACCOUNT_EMAILS: "1000",
  RATE_LIMIT_RESET_PASSWORD: "1000",
  RATE_LIMIT_CONTACT: "1000",
  RATE_LIMIT_MRZ: "1000",
  RATE_LIMIT_MRZ_FRAMES: "1000",
  RATE_LIMIT_CHECKIN_READS: "1000",
  RATE_LIMIT_CHECKIN_WRITES: "1000",
  RATE_LIMIT_RESERVATION_IMPORT: "1000",
};

/** Everything a process needs in its environment besides defaults. */
export const TEST_ENV = {
  ...TEST_SECRETS,
  EVISITOR_URL: "http://127.0.0.1:9",
  ...TEST_RATE_LIMITS,
  // The push tests run their own push endpoint on 127.0.0.1.
  WEB_PUSH_ALLOW_ANY_ENDPOINT: "true",
};

export const TEST_AUTH = {
  jwtSecret: TEST_SECRETS.JWT_SECRET,
  accessTokenMinutes: 15,
  refreshTokenDays: 14,
};

/**
 * The real app on a test database; NATS is whatever the test connects, or a server nobody runs.
 * Rate limits are off unless given (every in-process request comes from the same "unknown" address).
 */
export async function createTestApp(
  {
    db,
    nats,
    evisitor,
    bodyLimitBytes = 64 * 1024,
    clock = () => new Date(),
    rateLimits,
    apiTokenRateLimit,
    corsOrigins,
    trustProxy = false,
    payee,
    supportEmail,
    push = { publicKey: TEST_SECRETS.VAPID_PUBLIC_KEY, allowAnyEndpoint: true },
  }: {
    db: Database;
    nats?: NatsHandle;
    evisitor?: EVisitorAccess;
    bodyLimitBytes?: number;
    clock?: () => Date;
    rateLimits?: RateLimits;
    apiTokenRateLimit?: number;
    corsOrigins?: string[];
    trustProxy?: boolean;
    payee?: Payee;
    supportEmail?: string;
    /** Web Push's key and endpoint rule; test keys and any endpoint unless given (null: off). */
    push?: { publicKey: string; allowAnyEndpoint?: boolean } | null;
  },
) {
  const deps: AppDeps = {
    db,
    nats: nats ?? unreachableNats(),
    clock,
    secretBox: await createSecretBox(TEST_SECRETS.DATA_ENCRYPTION_KEY),
    evisitor: evisitor ?? unreachableEVisitor(),
    config: {
      siteDir: SITE_FIXTURE_DIR,
      bodyLimitBytes,
      trustProxy,
      auth: TEST_AUTH,
      publicUrl: TEST_PUBLIC_URL,
      rateLimits,
      apiTokenRateLimit,
      corsOrigins,
      payee,
      supportEmail,
      push: push ?? undefined,
    },
  };
  return createApp(deps);
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** eVisitor as the simulator at `baseUrl` answers it, through the real client. */
export function simulatorAccess(baseUrl: string): EVisitorAccess {
  return { endpoint: { baseUrl, timeoutMs: 2000 }, openSession: createEVisitorClient() };
}

/**
 * The evisitor worker's sessions (one per account) against the simulator at `baseUrl`, for tests
 * that call a consumer directly; `close()` it at the end (it logs every session out).
 */
export async function simulatorSessions(baseUrl: string, idleMs = 0): Promise<AccountSessions> {
  return new AccountSessions({
    evisitor: simulatorAccess(baseUrl),
    secretBox: await createSecretBox(TEST_SECRETS.DATA_ENCRYPTION_KEY),
  }, { idleMs });
}

/** The site address tests build links and QR codes with. */
export const TEST_PUBLIC_URL = "http://prijavko.test";

/** An eVisitor nobody runs: tests that need one start the simulator and pass it in. */
function unreachableEVisitor(): EVisitorAccess {
  return {
    endpoint: { baseUrl: "http://127.0.0.1:9", timeoutMs: 1000 },
    openSession: () => Promise.reject(new EVisitorError("unavailable", "no eVisitor in this test")),
  };
}

/** A handle to an address where no NATS runs: the app must still serve everything but health. */
function unreachableNats(): NatsHandle {
  return {
    connection: () => undefined,
    isConnected: () => false,
    jetStreamReady: () => Promise.resolve(false),
    close: async () => {},
  };
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
  { evisitor, now }: { evisitor?: EVisitorAccess; now?: Date } = {},
): Promise<void> {
  const { createTestDatabase } = await import("./database.ts");
  const database = await createTestDatabase();
  const clock = new TestClock(now);
  try {
    await fn({
      app: await createTestApp({ db: database.db, clock: clock.now, evisitor }),
      db: database.db,
      clock,
    });
  } finally {
    await database.dispose();
  }
}
