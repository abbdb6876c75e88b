/**
 * Keeps our own retries from locking a host out of eVisitor. eVisitor locks an account after a
 * number of failed logins (threshold unknown), and a lockout also blocks the host's own web GUI.
 * So, per process:
 * - logins to one account run one at a time, so a burst of jobs cannot fire a burst of logins;
 * - a password eVisitor answered `false` for is not sent again for a while (a different one is),
 *   because a retry can only fail the same way;
 * - after a lockout no login is tried until it should have ended.
 * Only a digest of the password is kept, to recognise the same one again.
 */
import { EVisitorError } from "./types.ts";

interface Account {
  baseUrl: string;
  username: string;
  password: string;
}

const MAX_ENTRIES = 1000;

async function digest(text: string): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export interface LoginGuardOptions {
  /** How long to hold off after a lockout whose message names no duration. */
  defaultLockoutMs?: number;
  /**
   * How long a refused password is not tried again. Not forever: an account eVisitor had
   * disabled may be enabled again with the same password.
   */
  refusalMemoryMs?: number;
  now?: () => number;
}

export class LoginGuard {
  /** account → digest of the refused password and when to forget it */
  readonly #refusedPasswords = new Map<string, { digest: string; until: number }>();
  readonly #lockedUntil = new Map<string, number>();
  readonly #queues = new Map<string, Promise<unknown>>();
  readonly #defaultLockoutMs: number;
  readonly #refusalMemoryMs: number;
  readonly #now: () => number;

  constructor(options: LoginGuardOptions = {}) {
    this.#defaultLockoutMs = options.defaultLockoutMs ?? 15 * 60_000;
    this.#refusalMemoryMs = options.refusalMemoryMs ?? 30 * 60_000;
    this.#now = options.now ?? Date.now;
  }

  #key(account: Account): string {
    return `${
      account.baseUrl.replace(/\/+$/, "").toLowerCase()
    }\n${account.username.toLowerCase()}`;
  }

  /** Runs `login` unless the guard already knows how it would end; one at a time per account. */
  run(account: Account, login: () => Promise<void>): Promise<void> {
    const key = this.#key(account);
    const previous = this.#queues.get(key) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(() => this.#attempt(key, account, login));
    this.#queues.set(key, next);
    // Drop the queue entry once idle so the map does not grow with every account ever seen.
    next.finally(() => {
      if (this.#queues.get(key) === next) this.#queues.delete(key);
    }).catch(() => {});
    return next;
  }

  async #attempt(key: string, account: Account, login: () => Promise<void>): Promise<void> {
    const lockedUntil = this.#lockedUntil.get(key);
    if (lockedUntil !== undefined && lockedUntil > this.#now()) {
      const minutes = Math.ceil((lockedUntil - this.#now()) / 60_000);
      throw new EVisitorError(
        "locked-out",
        `eVisitor locked the account after failed logins; not trying again for ${minutes} minutes`,
      );
    }
    const passwordDigest = await digest(account.password);
    const refused = this.#refusedPasswords.get(key);
    if (refused && refused.digest === passwordDigest && refused.until > this.#now()) {
      throw new EVisitorError(
        "invalid-credentials",
        "eVisitor already refused this username and password; not trying them again",
      );
    }
    try {
      await login();
      this.#refusedPasswords.delete(key);
      this.#lockedUntil.delete(key);
    } catch (error) {
      if (error instanceof EVisitorError && error.kind === "invalid-credentials") {
        this.#remember(this.#refusedPasswords, key, {
          digest: passwordDigest,
          until: this.#now() + this.#refusalMemoryMs,
        });
      } else if (error instanceof EVisitorError && error.kind === "locked-out") {
        const minutes = error.message.match(/(\d+) minutes/)?.[1];
        const ms = minutes ? Number(minutes) * 60_000 : this.#defaultLockoutMs;
        this.#remember(this.#lockedUntil, key, this.#now() + ms);
      }
      throw error;
    }
  }

  #remember<V>(map: Map<string, V>, key: string, value: V): void {
    map.delete(key);
    map.set(key, value);
    if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
  }
}
