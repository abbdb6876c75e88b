import { and, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import {
  GuestCancelRequested,
  GuestCheckInRequested,
  GuestCheckOutRequested,
  GuestDepartureUpdateRequested,
  GuestUndoCheckOutRequested,
} from "@shared/events.ts";
import type { Database } from "../client.ts";
import { guests } from "../schema/guests.ts";
import { outbox } from "../schema/outbox.ts";
import { appendEvent } from "../../outbox/append-event.ts";

/**
 * After a restore: the eVisitor work that was under way when the backup was taken. Its outbox
 * rows may have been published already (into a JetStream that is gone, or whose consumers have
 * acknowledged them since), so nothing would send them again: each guest still waiting for
 * eVisitor's answer is queued once more, unless an unpublished event for the same guest and
 * action is already in the outbox (the relay sends that one).
 *
 * Sending again is safe because every one of these is idempotent towards eVisitor: a check-in
 * reuses the guest's guid as registration id, so a repeat edits the registration eVisitor may
 * already hold and never makes a second one; check-outs, cancellations and undos go through
 * `actOnce`, which reads eVisitor's tourist list (ListOfTourists) when eVisitor refuses and takes
 * what it holds; a departure update is an edit under the same id. Returns how many were queued.
 */
export async function requeueInFlight(db: Database, now: Date): Promise<Record<string, number>> {
  const alive = isNull(guests.anonymisedAt);
  const work = [
    { event: GuestCheckInRequested, where: and(alive, eq(guests.registrationState, "queued")) },
    {
      event: GuestCheckOutRequested,
      where: and(
        alive,
        eq(guests.status, "CheckedIn"),
        isNotNull(guests.checkOutRequestedAt),
        // A retry time set: the scheduler sends it again by itself.
        isNull(guests.registrationRetryAt),
      ),
    },
    {
      event: GuestCancelRequested,
      where: and(alive, isNotNull(guests.cancelRequestedAt), ne(guests.status, "Cancelled")),
    },
    {
      event: GuestDepartureUpdateRequested,
      where: and(alive, isNotNull(guests.departureUpdateRequestedAt)),
    },
    {
      event: GuestUndoCheckOutRequested,
      where: and(alive, isNotNull(guests.undoCheckOutRequestedAt)),
    },
  ];
  const queued: Record<string, number> = {};
  await db.transaction(async (tx) => {
    for (const { event, where } of work) {
      const waiting = new Set(
        (await tx.select({ guestId: sql<string>`json_extract(${outbox.payload}, '$.guestId')` })
          .from(outbox)
          .where(and(eq(outbox.subject, event.subject), isNull(outbox.publishedAt))))
          .map((r) => r.guestId),
      );
      const due = await tx.select({ id: guests.id }).from(guests).where(where);
      let n = 0;
      for (const { id } of due) {
        if (waiting.has(id)) continue;
        await appendEvent(tx, event, { guestId: id }, now);
        n++;
      }
      queued[event.subject] = n;
    }
  });
  return queued;
}
