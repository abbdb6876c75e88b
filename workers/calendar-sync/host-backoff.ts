/**
 * Backing off a platform that asks us to (issue 34 item 3). A host answering 429 Too Many
 * Requests, a 5xx with `Retry-After`, or `serverErrorsInARow` 5xx in a row (one broken calendar on
 * a shared host must not hold back the others) is left alone for a while by this worker: for its
 * `Retry-After` when it sends one (seconds or an HTTP date, capped at `maxRetryAfterMs`),
 * otherwise for a delay doubling from `baseMs` with each refusal in a row, up to `maxMs`. Any
 * other answer from the host ends it. The other feeds on the host are not fetched meanwhile
 * (their sync is deferred, not recorded as a failure).
 *
 * The state is the worker process's own: each replica learns a host's answer from its own
 * request, so N replicas send at most N requests to a host that has just refused one.
 */

export interface HostBackoffOptions {
  baseMs: number;
  maxMs: number;
  maxRetryAfterMs: number;
  serverErrorsInARow: number;
}

const DEFAULTS: HostBackoffOptions = {
  baseMs: 30_000,
  maxMs: 15 * 60_000,
  maxRetryAfterMs: 6 * 60 * 60_000,
  serverErrorsInARow: 3,
};

const isServerError = (status: number | null) => status !== null && status >= 500 && status <= 599;

/** A `Retry-After` value as milliseconds from `now`, or null when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now: Date): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
}

/** The host (and port) a feed URL is fetched from, lower-cased. */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

export class HostBackoff {
  readonly #options: HostBackoffOptions;
  readonly #hosts = new Map<string, { until: number; failures: number; refusals: number }>();

  constructor(options: Partial<HostBackoffOptions> = {}) {
    this.#options = { ...DEFAULTS, ...options };
  }

  /** Until when `host` is left alone, or null if it may be fetched at `now`. */
  blockedUntil(host: string | null, now: Date): Date | null {
    if (host === null) return null;
    const entry = this.#hosts.get(host);
    if (!entry || entry.until <= now.getTime()) return null;
    return new Date(entry.until);
  }

  /** Records a host's answer; returns until when it is backed off (null: not backed off). */
  record(
    host: string | null,
    answer: { status: number | null; retryAfter?: string | null },
    now: Date,
  ): Date | null {
    if (host === null) return null;
    if (answer.status !== 429 && !isServerError(answer.status)) {
      // Any other answer (a timeout says nothing either way) means the host is serving.
      if (answer.status !== null) this.#hosts.delete(host);
      return null;
    }
    const entry = this.#hosts.get(host) ?? { until: 0, failures: 0, refusals: 0 };
    entry.failures++;
    const asked = retryAfterMs(answer.retryAfter, now);
    if (
      answer.status !== 429 && asked === null && entry.failures < this.#options.serverErrorsInARow
    ) {
      this.#hosts.set(host, entry);
      return null;
    }
    entry.refusals++;
    const delay = asked !== null
      ? Math.min(asked, this.#options.maxRetryAfterMs)
      : Math.min(this.#options.baseMs * 2 ** (entry.refusals - 1), this.#options.maxMs);
    entry.until = now.getTime() + delay;
    this.#hosts.set(host, entry);
    return new Date(entry.until);
  }
}
