import type { Context } from "hono";
import { loadApiTokenUser } from "@core/auth/api-token-user.ts";
import type { Database } from "@core/db/client.ts";
import { AppError } from "@core/errors.ts";
import { assertApiAccess } from "@core/services/plans/api-access.ts";
import { refuseWhileDeletionPending } from "@core/services/users/deletion-pending.ts";
import { DEFAULT_API_TOKEN_RATE_LIMIT, RateLimiter } from "../security/rate-limit.ts";
import type { AppEnv } from "../types.ts";

const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="prijavko"' };

/** One limiter per database, like the app's own: the counters live in the database. */
const limiters = new WeakMap<Database, RateLimiter>();
function limiterOf(db: Database): RateLimiter {
  let limiter = limiters.get(db);
  if (!limiter) limiters.set(db, limiter = new RateLimiter(db));
  return limiter;
}

/**
 * A request made with a personal API token: the token must be live (401 otherwise), within its
 * rate (429 with Retry-After), its owner's plan must include API access now (403, so a downgrade
 * stops every token at once), and its scopes must cover the method: `read` for GET and HEAD,
 * `write` for the rest (403). Then the owner is the caller, as if signed in, for their data only.
 */
export async function authenticateApiToken(c: Context<AppEnv>, token: string): Promise<void> {
  const { db, clock, config } = c.get("deps");
  const now = clock();
  const user = await loadApiTokenUser(db, token, now);
  if (!user?.apiToken) {
    throw new AppError("Unauthorized", {
      detail: "This API token is not valid: it was revoked, has expired or never existed.",
      headers: CHALLENGE,
    });
  }
  const limit = config.apiTokenRateLimit ?? DEFAULT_API_TOKEN_RATE_LIMIT;
  const decision = await limiterOf(db).hit(`apiToken:${user.apiToken.id}`, limit, now);
  if (!decision.allowed) {
    const seconds = decision.retryAfterSeconds;
    throw new AppError("TooManyRequests", {
      detail:
        `This API token may make ${limit} requests a minute. Please try again in ${seconds} second${
          seconds === 1 ? "" : "s"
        }.`,
      headers: { "Retry-After": String(seconds) },
    });
  }
  await assertApiAccess(db, user.id, now);
  await refuseWhileDeletionPending(
    db,
    user.id,
    "This account is scheduled for deletion, so its API tokens are refused; cancel the " +
      "deletion to use them again.",
  );
  const needed = c.req.method === "GET" || c.req.method === "HEAD" ? "read" : "write";
  if (!user.apiToken.scopes.includes(needed)) {
    throw new AppError("Forbidden", {
      detail: `This API token does not have the ${needed} scope.`,
    });
  }
  c.set("user", user);
}
