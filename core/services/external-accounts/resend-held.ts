import { and, eq, inArray, isNull } from "drizzle-orm";
import { LOGIN_FAILURES } from "@shared/registration-failures.ts";
import type { Transaction } from "../../db/client.ts";
import { guests } from "../../db/schema/guests.ts";
import { properties } from "../../db/schema/properties.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { recordTransition } from "../guests/registration/record-transition.ts";
import { heldWorkOf } from "../guests/registration/transitions.ts";

/**
 * Everything the account's refused login held up goes to eVisitor again, in the order it was
 * asked for, with the outbox events in the caller's transaction (the new credentials' own):
 * registrations (issue 13), and check-outs, cancels, undone check-outs and new departures (issue
 * 31: left open, the 24-hour duty ran on with no retry until the host acted). Each is cleared of
 * its failure, so the host sees it on its way. Returns how many.
 */
export async function resendHeldWork(
  tx: Transaction,
  { accountId, now }: { accountId: string; now: Date },
): Promise<number> {
  const rows = await tx.select({
    id: guests.id,
    status: guests.status,
    registrationState: guests.registrationState,
    registrationFailure: guests.registrationFailure,
    anonymisedAt: guests.anonymisedAt,
    createdAt: guests.createdAt,
    stayCancelledAt: reservations.canceledAt,
    checkOutRequestedAt: guests.checkOutRequestedAt,
    cancelRequestedAt: guests.cancelRequestedAt,
    undoCheckOutRequestedAt: guests.undoCheckOutRequestedAt,
    departureUpdateRequestedAt: guests.departureUpdateRequestedAt,
  }).from(guests)
    .innerJoin(properties, eq(properties.id, guests.propertyId))
    .innerJoin(reservations, eq(reservations.id, guests.reservationId))
    .where(and(
      eq(properties.externalAccountId, accountId),
      inArray(guests.registrationFailure, [...LOGIN_FAILURES]),
      isNull(guests.anonymisedAt),
    ));
  // What each guest's refused login held, in the order it was asked for.
  const going = rows.flatMap((g) => {
    const work = heldWorkOf(g, g.stayCancelledAt !== null);
    return work ? [{ id: g.id, stayCancelled: g.stayCancelledAt !== null, ...work }] : [];
  }).sort((a, b) => a.askedAt - b.askedAt || a.id.localeCompare(b.id));
  for (const { id, stayCancelled } of going) {
    await recordTransition(tx, id, { kind: "held-work-resent", stayCancelled }, now);
  }
  return going.length;
}
