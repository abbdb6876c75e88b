/**
 * One logged-in eVisitor session per connected account in this process, shared by all the work
 * queued for the account (issue 19 item 6): three guests of a stay checked in together make one
 * login, read each code list once (the session caches them, client.ts) and end with one logout.
 *
 * - `use(account, work)` runs `work` with the account's session, opening it on first use;
 *   concurrent work for the account waits for the same login.
 * - When the last work ends, the session stays open for `idleMs` (a few seconds), so messages of
 *   the same batch arriving close together reuse it; then it is logged out.
 * - A session older than `maxAgeMs` takes no new work (its cached code lists would grow old);
 *   the next work opens a fresh one and the old one is logged out once its work ends.
 * - New credentials (a changed password or API key, or another service) open a new session.
 * - eVisitor ending the session (expiry, restart) is handled inside it: one new login, shared by
 *   the calls that saw it (transport.ts). A session that cannot log in again (refused password,
 *   API key, lockout) or is still refused right after a login is dropped, so the next work opens
 *   a new one through the login guard, which answers from what it remembers without a login.
 * - `close()` (workers shutting down) logs out every session.
 *
 * Logins still go through the login guard (refusals, lockouts, the per-account cap across
 * processes: login-guard.ts), so nothing here can send a login the guard would not.
 */
import type { externalAccounts } from "../db/schema/external-accounts.ts";
import type { SecretBox } from "../platform/crypto/secret-box.ts";
import type { EVisitorAccess } from "../services/external-accounts/evisitor-access.ts";
import { openAccountSession } from "./account-session.ts";
import { EVisitorError, type EVisitorSession } from "./types.ts";

type Account = typeof externalAccounts.$inferSelect;

export interface AccountSessionsOptions {
  /** How long an unused session stays logged in for more work (EVISITOR_SESSION_IDLE_MS). */
  idleMs: number;
  /** How long a session takes new work; 15 minutes unless given. */
  maxAgeMs?: number;
  now?: () => number;
  /**
   * Called when eVisitor refused the account's password or API key (or the login guard answered
   * so from memory), whatever work met it, so the host is told on the account itself; such
   * credentials are not sent again until they change (login-guard.ts).
   */
  onCredentialsRefused?: (account: Account, error: EVisitorError) => Promise<void>;
}

interface Entry {
  /** The credentials and service it was opened with; others need a new session. */
  version: string;
  session: Promise<EVisitorSession>;
  openedAt: number;
  users: number;
  idle?: ReturnType<typeof setTimeout>;
  /** Takes no new work; logged out when its last work ends. */
  retired: boolean;
  loggedOut?: Promise<void>;
}

/** Errors after which the session is of no further use. */
const ENDS_SESSION: EVisitorError["kind"][] = [
  "invalid-credentials",
  "locked-out",
  "api-key",
  "unauthenticated",
];

export class AccountSessions {
  readonly #entries = new Map<string, Entry>();
  readonly #loggingOut = new Set<Promise<void>>();
  readonly #idleMs: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  readonly #onCredentialsRefused: AccountSessionsOptions["onCredentialsRefused"];
  #closed = false;

  constructor(
    private readonly access: { evisitor: EVisitorAccess; secretBox: SecretBox },
    options: AccountSessionsOptions,
  ) {
    this.#idleMs = options.idleMs;
    this.#maxAgeMs = options.maxAgeMs ?? 15 * 60_000;
    this.#now = options.now ?? Date.now;
    this.#onCredentialsRefused = options.onCredentialsRefused;
  }

  /** Runs `work` with the account's session (opened, or reused while it is open). */
  async use<T>(account: Account, work: (session: EVisitorSession) => Promise<T>): Promise<T> {
    const entry = this.#entryFor(account);
    entry.users++;
    clearTimeout(entry.idle);
    entry.idle = undefined;
    try {
      return await work(await entry.session);
    } catch (error) {
      if (error instanceof EVisitorError && ENDS_SESSION.includes(error.kind)) {
        this.#retire(account.id, entry);
      }
      if (
        error instanceof EVisitorError && this.#onCredentialsRefused &&
        (error.kind === "invalid-credentials" || error.kind === "api-key")
      ) {
        // Best effort: the work's own failure is what the caller acts on.
        await this.#onCredentialsRefused(account, error).catch(() => {});
      }
      throw error;
    } finally {
      entry.users--;
      this.#released(account.id, entry);
    }
  }

  /** Logs out every session (after the work using them has ended). */
  async close(): Promise<void> {
    this.#closed = true;
    for (const [id, entry] of [...this.#entries]) this.#retire(id, entry);
    await Promise.allSettled([...this.#loggingOut]);
  }

  /** Open sessions, for tests and logs. */
  get size(): number {
    return this.#entries.size;
  }

  #entryFor(account: Account): Entry {
    const version = [
      account.environment,
      account.username,
      account.passwordSealed,
      account.apiKeySealed ?? "",
    ].join("\n");
    const current = this.#entries.get(account.id);
    if (current && current.version === version && this.#now() - current.openedAt < this.#maxAgeMs) {
      return current;
    }
    if (current) this.#retire(account.id, current);
    const entry: Entry = {
      version,
      session: openAccountSession(this.access, account),
      openedAt: this.#now(),
      users: 0,
      retired: false,
    };
    // A failed login leaves nothing to reuse: the next work asks the login guard again.
    entry.session.catch(() => {
      entry.retired = true;
      if (this.#entries.get(account.id) === entry) this.#entries.delete(account.id);
    });
    // After close(), work still gets a session, logged out as soon as the work ends.
    if (this.#closed) entry.retired = true;
    else this.#entries.set(account.id, entry);
    return entry;
  }

  #released(accountId: string, entry: Entry): void {
    if (entry.users > 0) return;
    if (entry.retired) {
      this.#logOut(entry);
      return;
    }
    entry.idle = setTimeout(() => this.#retire(accountId, entry), this.#idleMs);
  }

  #retire(accountId: string, entry: Entry): void {
    entry.retired = true;
    clearTimeout(entry.idle);
    entry.idle = undefined;
    if (this.#entries.get(accountId) === entry) this.#entries.delete(accountId);
    if (entry.users === 0) this.#logOut(entry);
  }

  /** Once per session; best effort (a session not closed simply expires at eVisitor). */
  #logOut(entry: Entry): void {
    if (entry.loggedOut) return;
    const done = entry.session.then((session) => session.logout()).catch(() => {});
    entry.loggedOut = done;
    this.#loggingOut.add(done);
    done.finally(() => this.#loggingOut.delete(done));
  }
}
