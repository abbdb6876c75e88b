import { and, eq, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { guests } from "../../../db/schema/guests.ts";
import { properties } from "../../../db/schema/properties.ts";
import { reservations } from "../../../db/schema/reservations.ts";
import { today as todayOf } from "../../reservations/stay-dates.ts";
import { recordTransition } from "./record-transition.ts";
import type { Transition } from "./transitions.ts";

/**
 * The registration work the schedule starts, found by query and moved by the one writer
 * (record-transition.ts), all of one run in one transaction: each transition is decided again on
 * the row as it is then, so another copy of the schedule, or the host, having been quicker
 * changes nothing. Answers how many moved.
 */
async function moveAll(
  db: Database,
  ids: string[],
  transition: Transition,
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  return await db.transaction(async (tx) => {
    let moved = 0;
    for (const id of ids) {
      if ((await recordTransition(tx, id, transition, now))?.outcome === "apply") moved++;
    }
    return moved;
  });
}

/**
 * Automatic check-in: guests who completed the form before arrival are queued for registration
 * on the arrival day, where the property checks guests in automatically or the host approved
 * them (a guest held for approval waits for it, issue 20). Returns how many were due.
 */
export async function queueArrivals(db: Database, now: Date): Promise<number> {
  const today = todayOf(now);
  const due = await db.select({ id: guests.id }).from(guests)
    .innerJoin(reservations, eq(reservations.id, guests.reservationId))
    .innerJoin(properties, eq(properties.id, guests.propertyId))
    .where(and(
      eq(guests.registrationState, "waiting"),
      eq(guests.status, "PreCheckIn"),
      or(
        and(eq(properties.automaticCheckIn, true), isNull(guests.approvalRequestedAt)),
        isNotNull(guests.approvedAt),
      ),
      lte(reservations.startDate, today),
      isNull(reservations.canceledAt),
    ));
  await moveAll(db, due.map((g) => g.id), { kind: "arrival-day" }, now);
  return due.length;
}

/**
 * Automatic check-out: registered guests whose stay has ended are checked out of eVisitor, where
 * the property checks guests out automatically. Each guest is queued once. Returns how many were
 * due.
 */
export async function queueDepartures(db: Database, now: Date): Promise<number> {
  const today = todayOf(now);
  const due = await db.select({ id: guests.id }).from(guests)
    .innerJoin(reservations, eq(reservations.id, guests.reservationId))
    .innerJoin(properties, eq(properties.id, guests.propertyId))
    .where(and(
      eq(guests.status, "CheckedIn"),
      isNull(guests.checkOutRequestedAt),
      // A check-out once undone was a mistake: the host checks the guest out from then on.
      isNull(guests.checkOutUndoneAt),
      isNull(guests.cancelRequestedAt),
      eq(properties.automaticCheckOut, true),
      lte(reservations.endDate, today),
    ));
  await moveAll(db, due.map((g) => g.id), { kind: "check-out-asked", by: "schedule" }, now);
  return due.length;
}

/**
 * The guests' clock: queues again the registrations whose retry time has come (each once, with
 * the outbox event in the same transaction; retry-schedule.ts). Returns how many.
 */
export async function retryUnansweredRegistrations(db: Database, now: Date): Promise<number> {
  const due = await db.select({ id: guests.id }).from(guests).where(and(
    eq(guests.registrationState, "failed"),
    lte(guests.registrationRetryAt, now),
    isNull(guests.anonymisedAt),
  ));
  return await moveAll(db, due.map((g) => g.id), { kind: "retry-due" }, now);
}

/**
 * The same for check-outs: a registered guest whose check-out eVisitor did not answer, or its
 * firewall kept refusing, is queued for check-out again once the retry time has come, on the same
 * growing delays. Returns how many.
 */
export async function retryUnansweredCheckOuts(db: Database, now: Date): Promise<number> {
  const due = await db.select({ id: guests.id }).from(guests).where(and(
    eq(guests.status, "CheckedIn"),
    isNotNull(guests.checkOutRequestedAt),
    lte(guests.registrationRetryAt, now),
    isNull(guests.anonymisedAt),
  ));
  return await moveAll(db, due.map((g) => g.id), { kind: "check-out-retry-due" }, now);
}
