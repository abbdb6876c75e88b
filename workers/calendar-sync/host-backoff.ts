/**
 * Backing off a platform that asks us to (issue 34 item 3). A host answering 429 Too Many
 * Requests or a 5xx is left alone for a while by this worker: for its `Retry-After` when it sends
 * one (seconds or an HTTP date, capped at `maxRetryAfterMs`), otherwise for a delay doubling from
 * `baseMs` with each failure in a row, up to `maxMs`. One success ends it. The other feeds on the
 * host are not fetched meanwhile (their sync is deferred, not recorded as a failure).
 *
 * The state is the worker process's own: each replica learns a host's answer from its own
 * request, so N replicas send at most N requests to a host that has just refused one.
 */

export interface HostBackoffOptions {
  baseMs: number;
  maxMs: number;
  maxRetryAfterMs: number;
}

const DEFAULTS: HostBackoffOptions = {
  baseMs: 30_000,
  maxMs: 15 * 60_000,
  maxRetryAfterMs: 6 * 60 * 60_000,
};

/** Statuses that mean "the host is overloaded or down": worth backing off from. */
export function backsOff(status: number | null): boolean {
  return status === 429 || (status !== null && status >= 500 && status <= 599);
}

/** A `Retry-After` value as milliseconds from `now`, or null when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now: Date): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
}

/** The host a feed URL is fetched from (`webcal:` is fetched over https), lower-cased. */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

export class HostBackoff {
  readonly #options: HostBackoffOptions;
  readonly #hosts = new Map<string, { until: number; failures: number }>();

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
    if (!backsOff(answer.status)) {
      if (answer.status !== null && answer.status < 400) this.#hosts.delete(host);
      return null;
    }
    const failures = (this.#hosts.get(host)?.failures ?? 0) + 1;
    const asked = retryAfterMs(answer.retryAfter, now);
    const delay = asked !== null
      ? Math.min(asked, this.#options.maxRetryAfterMs)
      : Math.min(this.#options.baseMs * 2 ** (failures - 1), this.#options.maxMs);
    const until = now.getTime() + delay;
    this.#hosts.set(host, { until, failures });
    return new Date(until);
  }
}
