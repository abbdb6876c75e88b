import type { Context, MiddlewareHandler } from "hono";
import { lt, sql } from "drizzle-orm";
import type { Database } from "@core/db/client.ts";
import { rateLimitCounters } from "@core/db/schema/rate-limits.ts";
import { clientAddress } from "../auth/client-address.ts";
import { describeError, log } from "@core/platform/logger.ts";
import { AppError } from "@core/errors.ts";
import { addressSubject } from "@core/platform/address-subject.ts";
import type { AppEnv } from "../types.ts";

/** Route groups with a limit of their own (the routes are listed in rate-limited-routes.ts). */
export type RateLimitGroup =
  | "login"
  | "register"
  | "accountEmails"
  | "resetPassword"
  | "contact"
  | "mrz"
  | "mrzFrames"
  | "checkinReads"
  | "checkinWrites"
  | "codeReads"
  | "codeCheckins"
  | "reservationImport";

/**
 * Requests one client address may make to each group per window (a minute); the `code` groups
 * count per stay or door code instead (security/code-rate-limit.ts), `reservationImport` per
 * account (rateLimitPerAccount).
 */
export type RateLimits = Record<RateLimitGroup, number>;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: 10,
  register: 5,
  accountEmails: 5,
  resetPassword: 10,
  contact: 5,
  mrz: 20,
  // A live camera scan sends a small frame at most every 500 ms: a 30-second scan is 60 frames.
  // 120 leave room for two phones behind one address, or a scan tried again, within a minute.
  mrzFrames: 120,
  checkinReads: 120,
  checkinWrites: 30,
  // Per stay or door code, whatever the address (issue 20): a page polls a stay every 2 s while
  // eVisitor registers its guests (30 a minute), so two phones of one party fit; a party checks
  // in with one request, so 10 check-ins a minute on one code is already far past any real door.
  codeReads: 120,
  codeCheckins: 10,
  // Per account: each file read costs a worker up to a few seconds; a host previews, fixes a few
  // rows and previews again, then applies, so 10 a minute is far past real use.
  reservationImport: 10,
};

/** Requests one personal API token may make per minute unless configured (API_TOKEN_RATE_LIMIT). */
export const DEFAULT_API_TOKEN_RATE_LIMIT = 120;

export const RATE_LIMIT_WINDOW_MS = 60_000;
/** How often one process deletes the rows of finished windows. */
const PURGE_EVERY_MS = 5 * 60_000;

export interface RateLimitDecision {
  allowed: boolean;
  /** Requests counted in the window, this one included. */
  hits: number;
  /** Seconds until the window ends (the Retry-After of a refusal). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in the database, so that every API replica counts the same requests: one
 * atomic upsert per request (insert the key, or add one in the same window, or start the count again
 * in a newer one) that returns the count. A replica whose clock lags never moves a window back.
 */
export class RateLimiter {
  #lastPurge = 0;

  constructor(private readonly db: Database, private readonly windowMs = RATE_LIMIT_WINDOW_MS) {}

  async hit(key: string, limit: number, now: Date): Promise<RateLimitDecision> {
    const windowStart = Math.floor(now.getTime() / this.windowMs) * this.windowMs;
    const [row] = await this.db.insert(rateLimitCounters)
      .values({ key, windowStart, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          hits: sql`case when excluded.window_start > ${rateLimitCounters.windowStart} then 1
            else ${rateLimitCounters.hits} + 1 end`,
          windowStart: sql`max(${rateLimitCounters.windowStart}, excluded.window_start)`,
        },
      })
      .returning({ hits: rateLimitCounters.hits, windowStart: rateLimitCounters.windowStart });
    this.#purgeNowAndThen(now);
    const hits = row?.hits ?? 1;
    const windowEnd = (row?.windowStart ?? windowStart) + this.windowMs;
    return {
      allowed: hits <= limit,
      hits,
      retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
    };
  }

  /** Rows of windows that ended are useless; they go in the background every few minutes. */
  #purgeNowAndThen(now: Date): void {
    if (now.getTime() - this.#lastPurge < PURGE_EVERY_MS) return;
    this.#lastPurge = now.getTime();
    const before = now.getTime() - this.windowMs;
    this.db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before))
      .catch((error) => log.warn("rate limit purge failed", describeError(error)));
  }
}

/** The rate limits count IPv4 addresses and IPv6 /64s (core/platform/address-subject.ts). */
export { addressSubject as rateLimitSubject } from "@core/platform/address-subject.ts";

/**
 * Counts the request against its group for the caller's address and refuses it with 429
 * TooManyRequests (and Retry-After) beyond the limit. Should the database fail, the request goes
 * on: the route needs the database itself and will answer for it; sign-in keeps its own lockout.
 */
export function rateLimit(
  limiter: RateLimiter,
  group: RateLimitGroup,
  limit: number,
): MiddlewareHandler<AppEnv> {
  return async (c: Context<AppEnv>, next) => {
    const deps = c.get("deps");
    const key = `${group}:${addressSubject(clientAddress(c, deps.config.trustProxy))}`;
    let decision: RateLimitDecision | undefined;
    try {
      decision = await limiter.hit(key, limit, deps.clock());
    } catch (error) {
      log.warn("rate limit unavailable", { group, ...describeError(error) });
    }
    if (decision && !decision.allowed) {
      const seconds = decision.retryAfterSeconds;
      throw new AppError("TooManyRequests", {
        detail: `Too many requests. Please try again in ${seconds} second${
          seconds === 1 ? "" : "s"
        }.`,
        headers: { "Retry-After": String(seconds) },
      });
    }
    await next();
  };
}

/** One limiter per database, so its purge runs now and then rather than on every request. */
const accountLimiters = new WeakMap<Database, RateLimiter>();

/**
 * Counts the request against its group for the signed-in caller's account (after requireUser),
 * whatever address it comes from, and refuses it with 429 TooManyRequests (and Retry-After)
 * beyond the group's limit: for routes whose cost is the work a file makes, where one account
 * from many addresses would otherwise escape a count per address. Off with the other limits
 * (RATE_LIMITS=off).
 */
export function rateLimitPerAccount(group: RateLimitGroup): MiddlewareHandler<AppEnv> {
  return async (c: Context<AppEnv>, next) => {
    const deps = c.get("deps");
    const limit = deps.config.rateLimits?.[group];
    if (limit === undefined) return await next();
    let limiter = accountLimiters.get(deps.db);
    if (!limiter) accountLimiters.set(deps.db, limiter = new RateLimiter(deps.db));
    let decision: RateLimitDecision | undefined;
    try {
      decision = await limiter.hit(`${group}:user:${c.get("user").id}`, limit, deps.clock());
    } catch (error) {
      log.warn("rate limit unavailable", { group, ...describeError(error) });
    }
    if (decision && !decision.allowed) {
      const seconds = decision.retryAfterSeconds;
      throw new AppError("TooManyRequests", {
        detail: `Too many requests from this account. Please try again in ${seconds} second${
          seconds === 1 ? "" : "s"
        }.`,
        headers: { "Retry-After": String(seconds) },
      });
    }
    await next();
  };
}
