import { and, eq, inArray, isNull } from "drizzle-orm";
import {
  GuestCancelRequested,
  GuestCheckInRequested,
  GuestCheckOutRequested,
  GuestDepartureUpdateRequested,
  GuestUndoCheckOutRequested,
} from "@shared/events.ts";
import { LOGIN_FAILURES } from "@shared/registration-failures.ts";
import type { Transaction } from "../../db/client.ts";
import { guests } from "../../db/schema/guests.ts";
import { properties } from "../../db/schema/properties.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { appendEvent } from "../../outbox/append-event.ts";

type Event =
  | typeof GuestCheckInRequested
  | typeof GuestCheckOutRequested
  | typeof GuestCancelRequested
  | typeof GuestUndoCheckOutRequested
  | typeof GuestDepartureUpdateRequested;

interface Held {
  id: string;
  event: Event;
  /** When it was asked for: the work goes again in that order. */
  askedAt: number;
  /** A registration or check-out starts its automatic retries afresh (unanswered-retry.ts). */
  resetRetries: boolean;
}

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
  const held: Held[] = [];
  for (const g of rows) {
    if (g.status === "PreCheckIn" && g.registrationState === "failed") {
      // A registration of a cancelled stay is not sent; what is registered still leaves eVisitor.
      if (g.stayCancelledAt) continue;
      held.push({
        id: g.id,
        event: GuestCheckInRequested,
        askedAt: +g.createdAt,
        resetRetries: true,
      });
    } else if (g.status === "CheckedIn" && g.cancelRequestedAt) {
      held.push({
        id: g.id,
        event: GuestCancelRequested,
        askedAt: +g.cancelRequestedAt,
        resetRetries: false,
      });
    } else if (g.status === "CheckedIn" && g.checkOutRequestedAt) {
      held.push({
        id: g.id,
        event: GuestCheckOutRequested,
        askedAt: +g.checkOutRequestedAt,
        resetRetries: true,
      });
    } else if (g.status === "CheckedIn" && g.departureUpdateRequestedAt) {
      held.push({
        id: g.id,
        event: GuestDepartureUpdateRequested,
        askedAt: +g.departureUpdateRequestedAt,
        resetRetries: false,
      });
    } else if (g.status === "CheckedOut" && g.undoCheckOutRequestedAt) {
      held.push({
        id: g.id,
        event: GuestUndoCheckOutRequested,
        askedAt: +g.undoCheckOutRequestedAt,
        resetRetries: false,
      });
    }
  }
  const going = held.sort((a, b) => a.askedAt - b.askedAt || a.id.localeCompare(b.id));
  for (const { id, event, resetRetries } of going) {
    await tx.update(guests).set({
      ...(event === GuestCheckInRequested ? { registrationState: "queued" as const } : {}),
      ...(resetRetries ? { registrationRetries: 0 } : {}),
      registrationFailure: null,
      registrationError: null,
      registrationRetryAt: null,
      updatedAt: now,
    }).where(eq(guests.id, id));
    await appendEvent(tx, event, { guestId: id }, now);
  }
  return going.length;
}
