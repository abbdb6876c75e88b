import type { Context } from "hono";
import type { Database } from "@core/db/client.ts";
import { AppError } from "@core/errors.ts";
import { hashToken } from "@core/platform/crypto/random-token.ts";
import { describeError, log } from "@core/platform/logger.ts";
import type { AppEnv } from "../types.ts";
import { RateLimiter } from "./rate-limit.ts";

/** One limiter per database, so its purge runs now and then rather than on every request. */
const limiters = new WeakMap<Database, RateLimiter>();

/**
 * Counts a request against a stay or door code (issue 20), whatever address it comes from, and
 * refuses it with 429 beyond the code's limit: many addresses cannot hammer one door. The key is
 * the code's hash, so the counters table holds no working code. Called by the handlers, since a
 * check-in's code is in its body; off with the other limits (RATE_LIMITS=off).
 */
export async function limitPerCode(
  c: Context<AppEnv>,
  group: "codeReads" | "codeCheckins",
  code: string,
): Promise<void> {
  const deps = c.get("deps");
  const limit = deps.config.rateLimits?.[group];
  if (limit === undefined) return;
  let limiter = limiters.get(deps.db);
  if (!limiter) limiters.set(deps.db, limiter = new RateLimiter(deps.db));
  let decision;
  try {
    decision = await limiter.hit(`${group}:${await hashToken(code)}`, limit, deps.clock());
  } catch (error) {
    log.warn("rate limit unavailable", { group, ...describeError(error) });
    return;
  }
  if (!decision.allowed) {
    const seconds = decision.retryAfterSeconds;
    throw new AppError("TooManyRequests", {
      detail: `Too many requests for this code. Please try again in ${seconds} second${
        seconds === 1 ? "" : "s"
      }.`,
      headers: { "Retry-After": String(seconds) },
    });
  }
}
