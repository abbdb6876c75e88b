import { FIREWALL_BACKOFF_HOURS, FIREWALL_RETRIES } from "@shared/firewall-backoff.ts";
import type { EVisitorError } from "../../../evisitor/types.ts";
import type { RegistrationFailure } from "@shared/registration-failures.ts";
import { hostFailureOf } from "./failure-of.ts";

/**
 * A registration that failed only because eVisitor did not answer (down, timing out: every
 * delivery of the event, about 30 s with the defaults, went unanswered) is sent again by itself,
 * later and later: 5 and 15 minutes, half an hour, then 1, 2 and three times 4 hours, about 16 hours
 * in all, inside the 24 hours eVisitor gives after arrival. The host is told at the first failure
 * and again if the last try fails too; pressing "send again" takes over.
 */
export const UNANSWERED_RETRY_DELAYS_MS = [5, 15, 30, 60, 120, 240, 240, 240].map((m) =>
  m * 60_000
);

/** When to send again a guest sent again `retries` times already; null when it is up to the host. */
export function unansweredRetryAt(retries: number, now: Date): Date | null {
  const delay = UNANSWERED_RETRY_DELAYS_MS[retries];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

/**
 * When to send again a guest eVisitor's firewall refused, sent again `retries` times already:
 * hours later, not minutes (shared/firewall-backoff.ts); null when it is up to the host.
 */
export function firewallRetryAt(retries: number, now: Date): Date | null {
  if (retries >= FIREWALL_RETRIES) return null;
  return new Date(now.getTime() + FIREWALL_BACKOFF_HOURS * 3_600_000);
}

/**
 * What a registration or check-out that ended in `error` (after its last delivery, or at once
 * where retrying cannot help) leaves on the guest: the failure the host sees and when it goes
 * again by itself. An outage is sent again minutes later, eVisitor's firewall (tried once: a
 * block is deterministic) hours later, told as such with its support ID; a refusal is the
 * host's. `notify`: the host is told at the first failure and when no retry is left.
 */
export function failureAfter(
  error: EVisitorError,
  { retries, now }: { retries: number; now: Date },
): { failure: RegistrationFailure; retryAt: Date | null; notify: boolean } {
  const retryAt = error.kind === "firewall"
    ? firewallRetryAt(retries, now)
    : error.retriesSoon
    ? unansweredRetryAt(retries, now)
    : null;
  const failure: RegistrationFailure = error.retriesSoon
    ? { code: retryAt ? "unanswered-retrying" : "unanswered", detail: null }
    : hostFailureOf(error);
  return { failure, retryAt, notify: retries === 0 || retryAt === null };
}
