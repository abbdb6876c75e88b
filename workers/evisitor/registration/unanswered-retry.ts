import { and, eq, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import { GuestCheckInRequested, GuestCheckOutRequested } from "@shared/events.ts";
import type { Database } from "@core/db/client.ts";
import { guests } from "@core/db/schema/guests.ts";
import { appendEvent } from "@core/outbox/append-event.ts";
import { FIREWALL_BACKOFF_HOURS, FIREWALL_RETRIES } from "@shared/firewall-backoff.ts";

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
 * The guests' clock: queues again the registrations whose retry time has come (each once, with
 * the outbox event in the same transaction). Returns how many.
 */
export async function retryUnansweredRegistrations(db: Database, now: Date): Promise<number> {
  const due = and(
    eq(guests.registrationState, "failed"),
    lte(guests.registrationRetryAt, now),
    isNull(guests.anonymisedAt),
  );
  const candidates = await db.select({ id: guests.id }).from(guests).where(due);
  if (candidates.length === 0) return 0;
  let queued = 0;
  await db.transaction(async (tx) => {
    // Only those still due: another copy of the schedule, or the host, may have sent them.
    const still = await tx.select({ id: guests.id, retries: guests.registrationRetries })
      .from(guests).where(and(due, inArray(guests.id, candidates.map((g) => g.id))));
    for (const { id, retries } of still) {
      await tx.update(guests).set({
        registrationState: "queued",
        registrationRetryAt: null,
        registrationRetries: retries + 1,
        updatedAt: now,
      }).where(eq(guests.id, id));
      await appendEvent(tx, GuestCheckInRequested, { guestId: id }, now);
      queued++;
    }
  });
  return queued;
}

/**
 * The same for check-outs: a registered guest whose check-out eVisitor did not answer, or its
 * firewall kept refusing, is queued for check-out again once the retry time has come, on the same
 * growing delays. Returns how many.
 */
export async function retryUnansweredCheckOuts(db: Database, now: Date): Promise<number> {
  const due = and(
    eq(guests.status, "CheckedIn"),
    isNotNull(guests.checkOutRequestedAt),
    lte(guests.registrationRetryAt, now),
    isNull(guests.anonymisedAt),
  );
  const candidates = await db.select({ id: guests.id }).from(guests).where(due);
  if (candidates.length === 0) return 0;
  let queued = 0;
  await db.transaction(async (tx) => {
    const still = await tx.select({ id: guests.id, retries: guests.registrationRetries })
      .from(guests).where(and(due, inArray(guests.id, candidates.map((g) => g.id))));
    for (const { id, retries } of still) {
      // On its way again: no failure shown meanwhile (host-check-in.ts reads that as in flight).
      await tx.update(guests).set({
        registrationRetryAt: null,
        registrationRetries: retries + 1,
        registrationFailure: null,
        registrationError: null,
        updatedAt: now,
      }).where(eq(guests.id, id));
      await appendEvent(tx, GuestCheckOutRequested, { guestId: id }, now);
      queued++;
    }
  });
  return queued;
}
