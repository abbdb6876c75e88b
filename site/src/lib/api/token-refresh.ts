import type { TokenResponse } from "@shared/schemas/auth.ts";
import { readStoredUser, storeTokens } from "../session/stored-session.ts";
import { ApiError } from "./api-error.ts";
import { send } from "./transport.ts";

export const REFRESH_PATH = "/api/Users/refresh";

/**
 * Outcome of a refresh: "refreshed" (a newer access token is stored, retry with it), "ended" (no
 * refresh token or the server refused it: the session is over).
 */
export type RefreshOutcome = "refreshed" | "ended";

let inFlight: Promise<RefreshOutcome> | undefined;

/**
 * Gets a new access token after `staleAccessToken` was refused (spec section 8). Refresh tokens are
 * single-use and rotated, and using one twice makes the server revoke the whole session, so every
 * caller shares one refresh: concurrent 401s in this tab wait for the same promise, and other tabs
 * are kept out by a Web Lock. Whoever gets the lock first re-reads the stored tokens: when they
 * changed meanwhile, someone else already refreshed and there is nothing to send.
 * Offline or timed-out refreshes reject with their ApiError and end nothing.
 */
export function refreshAccessToken(staleAccessToken: string | undefined): Promise<RefreshOutcome> {
  inFlight ??= withRefreshLock(() => refreshUnlessDone(staleAccessToken)).finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

async function refreshUnlessDone(staleAccessToken: string | undefined): Promise<RefreshOutcome> {
  const user = readStoredUser();
  if (!user?.refreshToken) return "ended";
  if (staleAccessToken !== undefined && user.accessToken !== staleAccessToken) return "refreshed";
  try {
    const tokens = await send<TokenResponse>(REFRESH_PATH, {
      method: "POST",
      body: { refreshToken: user.refreshToken },
    });
    storeTokens(tokens);
    return "refreshed";
  } catch (error) {
    if (error instanceof ApiError && error.kind === "http") return "ended";
    throw error;
  }
}

/** Runs `task` holding a lock shared by every tab of the site, where the browser has Web Locks. */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return task();
  return locks.request("prijavko-token-refresh", task) as Promise<T>;
}
