/**
 * Keeps our own retries from locking a host out of eVisitor. eVisitor locks an account after a
 * number of failed logins (threshold unknown), and a lockout also blocks the host's own web GUI.
 * So:
 * - logins to one account run one at a time in a process, so a burst of jobs cannot fire a burst
 *   of logins;
 * - a password eVisitor answered `false` for is not sent again by any background work until the
 *   credentials change (a different one is sent), because a retry can only fail the same way and
 *   each failed login counts towards a lockout that also blocks the host's own eVisitor; so is an
 *   API key eVisitor refused (the test service refuses the application, not the user, so only a
 *   different key can get through). Only the host typing the same credentials again (connecting
 *   or changing them, `typedByHost`) tries them once more, as eVisitor may have enabled an account
 *   or a key again, but not within minutes of the refusal (a host pressing "save" again and
 *   again must not lock the account either);
 * - after a lockout no login is tried until it should have ended;
 * - with a `loginCap`, at most that many logins to one account are made in any window (a
 *   minute), counted by the store, so every process together keeps to it: a login beyond it waits
 *   for a slot, or fails as "unavailable" (retried later) when none frees in time.
 * Only a digest of the password is kept, to recognise the same one again. The product keeps the
 * refusals and lockouts in the database (login-guard-store.ts), so no process of it, API or any
 * copy of the workers, sends what another one learnt would fail.
 */
import { EVisitorError } from "./types.ts";

interface Account {
  baseUrl: string;
  username: string;
  password: string;
  apiKey?: string;
}

const MAX_ENTRIES = 1000;

async function sha256(text: string): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** What the guard knows of one account (times in epoch milliseconds). */
export interface GuardedAccount {
  /** Digest of the password eVisitor refused, and until when it is not sent again. */
  refused?: { digest: string; until: number };
  lockedUntil?: number;
  /** Digest of the API key eVisitor refused (or of none), and until when it is not sent again. */
  refusedApiKey?: { digest: string; until: number };
}

/**
 * Where the guard keeps what it knows, by account key. The default keeps it in this process; the
 * product keeps it in the database (login-guard-store.ts), so every process knows it.
 */
export interface LoginGuardStore {
  read(key: string): Promise<GuardedAccount>;
  refused(key: string, refused: { digest: string; until: number }): Promise<void>;
  apiKeyRefused(key: string, refused: { digest: string; until: number }): Promise<void>;
  lockedOut(key: string, until: number): Promise<void>;
  /** A login went through: nothing refused, no lockout. */
  succeeded(key: string): Promise<void>;
  /**
   * Claims a login at `at` if fewer than `max` were claimed for the account in the `windowMs`
   * before it: 0 when claimed, else the milliseconds until the oldest of them leaves the window.
   * Atomic: two processes never both take the last slot.
   */
  claimLogin(key: string, at: number, windowMs: number, max: number): Promise<number>;
}

/** The guard's memory in this process only, bounded to the last MAX_ENTRIES accounts. */
export function memoryLoginGuardStore(): LoginGuardStore {
  const accounts = new Map<string, GuardedAccount>();
  const logins = new Map<string, number[]>();
  const update = (key: string, change: Partial<GuardedAccount>) => {
    const next = { ...accounts.get(key), ...change };
    accounts.delete(key);
    accounts.set(key, next);
    if (accounts.size > MAX_ENTRIES) accounts.delete(accounts.keys().next().value!);
  };
  return {
    read: (key) => Promise.resolve({ ...accounts.get(key) }),
    refused: (key, refused) => Promise.resolve(update(key, { refused })),
    apiKeyRefused: (key, refusedApiKey) => Promise.resolve(update(key, { refusedApiKey })),
    lockedOut: (key, until) => Promise.resolve(update(key, { lockedUntil: until })),
    succeeded: (key) => Promise.resolve(void accounts.delete(key)),
    claimLogin(key, at, windowMs, max) {
      const recent = (logins.get(key) ?? []).filter((t) => t > at - windowMs);
      const claimed = recent.length < max;
      if (claimed) recent.push(at);
      logins.delete(key);
      logins.set(key, recent);
      if (logins.size > MAX_ENTRIES) logins.delete(logins.keys().next().value!);
      return Promise.resolve(claimed ? 0 : recent[0] + windowMs - at);
    },
  };
}

export interface LoginGuardOptions {
  /** How long to hold off after a lockout whose message names no duration. */
  defaultLockoutMs?: number;
  /**
   * How long a refused password or API key is not tried again by background work: a year unless
   * given, i.e. until the credentials change (the host typing them again is always tried once).
   */
  refusalMemoryMs?: number;
  /**
   * How long after a refusal the host typing the same credentials is still answered from memory
   * rather than with a login: 10 minutes unless given.
   */
  hostRetryAfterMs?: number;
  now?: () => number;
  /** Where refusals and lockouts are kept; this process's memory unless given. */
  store?: LoginGuardStore;
  /** How a password is recognised again without keeping it; SHA-256 unless given. */
  digest?: (password: string) => Promise<string>;
  /** At most `max` logins to one account in any `windowMs` (a minute unless given); none unless set. */
  loginCap?: LoginCap;
}

export interface LoginCap {
  max: number;
  /** 60 s unless given. */
  windowMs?: number;
  /**
   * How long a login may wait for a slot (20 s unless given: under the workers' 30 s ack wait,
   * so a waiting message is not delivered to another worker meanwhile).
   */
  maxWaitMs?: number;
}

export class LoginGuard {
  readonly #queues = new Map<string, Promise<unknown>>();
  readonly #defaultLockoutMs: number;
  readonly #refusalMemoryMs: number;
  readonly #hostRetryAfterMs: number;
  readonly #now: () => number;
  readonly #store: LoginGuardStore;
  readonly #digest: (password: string) => Promise<string>;
  readonly #cap: Required<LoginCap> | undefined;

  constructor(options: LoginGuardOptions = {}) {
    this.#defaultLockoutMs = options.defaultLockoutMs ?? 15 * 60_000;
    this.#refusalMemoryMs = options.refusalMemoryMs ?? 365 * 24 * 60 * 60_000;
    this.#hostRetryAfterMs = options.hostRetryAfterMs ?? 10 * 60_000;
    this.#now = options.now ?? Date.now;
    this.#store = options.store ?? memoryLoginGuardStore();
    this.#digest = options.digest ?? sha256;
    this.#cap = options.loginCap && {
      windowMs: 60_000,
      maxWaitMs: 20_000,
      ...options.loginCap,
    };
  }

  #key(account: Account): string {
    return `${
      account.baseUrl.replace(/\/+$/, "").toLowerCase()
    }\n${account.username.toLowerCase()}`;
  }

  /**
   * Runs `login` unless the guard already knows how it would end; one at a time per account in
   * this process. `typedByHost`: the host has just typed these credentials (and waits for the
   * answer), so a remembered refusal of them is tried once more; a lockout still is not.
   */
  run(
    account: Account,
    login: () => Promise<void>,
    { typedByHost = false }: { typedByHost?: boolean } = {},
  ): Promise<void> {
    const key = this.#key(account);
    const previous = this.#queues.get(key) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(() =>
      this.#attempt(key, account, login, typedByHost)
    );
    this.#queues.set(key, next);
    // Drop the queue entry once idle so the map does not grow with every account ever seen.
    next.finally(() => {
      if (this.#queues.get(key) === next) this.#queues.delete(key);
    }).catch(() => {});
    return next;
  }

  async #attempt(
    key: string,
    account: Account,
    login: () => Promise<void>,
    typedByHost: boolean,
  ): Promise<void> {
    const apiKeyDigest = await this.#digest(`api key\n${account.apiKey ?? ""}`);
    const passwordDigest = await this.#digest(account.password);
    let known = await this.#store.read(key);
    this.#refuseKnown(known, apiKeyDigest, passwordDigest, typedByHost);
    if (this.#cap && await this.#waitForSlot(key)) {
      // Another process may have learnt meanwhile how this login would end.
      known = await this.#store.read(key);
      this.#refuseKnown(known, apiKeyDigest, passwordDigest, typedByHost);
    }
    try {
      await login();
    } catch (error) {
      if (error instanceof EVisitorError && error.kind === "invalid-credentials") {
        await this.#store.refused(key, {
          digest: passwordDigest,
          until: this.#now() + this.#refusalMemoryMs,
        });
      } else if (error instanceof EVisitorError && error.kind === "api-key") {
        await this.#store.apiKeyRefused(key, {
          digest: apiKeyDigest,
          until: this.#now() + this.#refusalMemoryMs,
        });
      } else if (error instanceof EVisitorError && error.kind === "locked-out") {
        const minutes = error.message.match(/(\d+) minutes/)?.[1];
        const ms = minutes ? Number(minutes) * 60_000 : this.#defaultLockoutMs;
        await this.#store.lockedOut(key, this.#now() + ms);
      }
      throw error;
    }
    if (known.refused || known.refusedApiKey || known.lockedUntil !== undefined) {
      await this.#store.succeeded(key);
    }
  }

  /** Throws what eVisitor would answer, when the guard already knows it. */
  #refuseKnown(
    known: GuardedAccount,
    apiKeyDigest: string,
    passwordDigest: string,
    typedByHost: boolean,
  ): void {
    if (known.lockedUntil !== undefined && known.lockedUntil > this.#now()) {
      const minutes = Math.ceil((known.lockedUntil - this.#now()) / 60_000);
      throw new EVisitorError(
        "locked-out",
        `eVisitor locked the account after failed logins; not trying again for ${minutes} minutes`,
      );
    }
    // A refusal still holds, unless the host types the same again a while after it.
    const holds = (refusal: { until: number }) =>
      refusal.until > this.#now() &&
      !(typedByHost &&
        this.#now() - (refusal.until - this.#refusalMemoryMs) >= this.#hostRetryAfterMs);
    // The key is checked before the password: eVisitor refuses the application first.
    const refusedKey = known.refusedApiKey;
    if (refusedKey && refusedKey.digest === apiKeyDigest && holds(refusedKey)) {
      throw new EVisitorError(
        "api-key",
        "eVisitor already refused this API key; not trying it again",
      );
    }
    const refused = known.refused;
    if (refused && refused.digest === passwordDigest && holds(refused)) {
      throw new EVisitorError(
        "invalid-credentials",
        "eVisitor already refused this username and password; not trying them again",
      );
    }
  }

  /**
   * Claims a login slot under the cap, waiting for one to free; true if it had to wait. Fails as
   * "unavailable" (transient: the work is retried later) when none frees within maxWaitMs.
   */
  async #waitForSlot(key: string): Promise<boolean> {
    const { max, windowMs, maxWaitMs } = this.#cap!;
    const deadline = this.#now() + maxWaitMs;
    let waited = false;
    while (true) {
      const wait = await this.#store.claimLogin(key, this.#now(), windowMs, max);
      if (wait <= 0) return waited;
      if (this.#now() + wait > deadline) {
        throw new EVisitorError(
          "unavailable",
          `${max} logins to this eVisitor account in the last ${
            Math.round(windowMs / 1000)
          } s already; not logging in again yet`,
        );
      }
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, wait + 1));
    }
  }
}
