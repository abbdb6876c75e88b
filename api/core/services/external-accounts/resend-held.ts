import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import {
  GuestCancelRequested,
  GuestCheckInRequested,
  GuestCheckOutRequested,
  GuestUndoCheckOutRequested,
} from "@shared/events.ts";
import type { Transaction } from "../../db/client.ts";
import { guests } from "../../db/schema/guests.ts";
import { properties } from "../../db/schema/properties.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { appendEvent } from "../../outbox/append-event.ts";

/** The failures of work that stopped only because eVisitor refused the account's login. */
export const LOGIN_FAILURES = ["credentials", "api-key", "locked-out"] as const;

type Event =
  | typeof GuestCheckInRequested
  | typeof GuestCheckOutRequested
  | typeof GuestCancelRequested
  | typeof GuestUndoCheckOutRequested;

interface Held {
  id: string;
  event: Event;
  /** When it was asked for: the work goes again in that order. */
  askedAt: number;
  retries: boolean;
}

/**
 * Everything the account's refused login held up goes to eVisitor again, in the order it was
 * asked for, with the outbox events in the caller's transaction (the new credentials' own):
 * registrations (issue 13), and check-outs, cancels and undone check-outs (issue 31: left open,
 * the 24-hour duty ran on with no retry until the host acted). Each is cleared of its failure, so
 * the host sees it on its way. Returns how many.
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
    checkOutRequestedAt: guests.checkOutRequestedAt,
    cancelRequestedAt: guests.cancelRequestedAt,
    undoCheckOutRequestedAt: guests.undoCheckOutRequestedAt,
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
      // A registration of a cancelled stay is not sent (the stay's guests are left out below).
      held.push({ id: g.id, event: GuestCheckInRequested, askedAt: +g.createdAt, retries: true });
    } else if (g.status === "CheckedIn" && g.cancelRequestedAt) {
      held.push({
        id: g.id,
        event: GuestCancelRequested,
        askedAt: +g.cancelRequestedAt,
        retries: false,
      });
    } else if (g.status === "CheckedIn" && g.checkOutRequestedAt) {
      held.push({
        id: g.id,
        event: GuestCheckOutRequested,
        askedAt: +g.checkOutRequestedAt,
        retries: true,
      });
    } else if (g.status === "CheckedOut" && g.undoCheckOutRequestedAt) {
      held.push({
        id: g.id,
        event: GuestUndoCheckOutRequested,
        askedAt: +g.undoCheckOutRequestedAt,
        retries: false,
      });
    }
  }
  const cancelledStays = new Set(
    (await tx.select({ id: guests.id }).from(guests)
      .innerJoin(reservations, eq(reservations.id, guests.reservationId))
      .where(and(
        inArray(guests.id, held.filter((h) => h.event === GuestCheckInRequested).map((h) => h.id)),
        isNotNull(reservations.canceledAt),
      ))).map((g) => g.id),
  );
  const going = held.filter((h) => !cancelledStays.has(h.id))
    .sort((a, b) => a.askedAt - b.askedAt || a.id.localeCompare(b.id));
  for (const { id, event, retries } of going) {
    await tx.update(guests).set({
      ...(event === GuestCheckInRequested ? { registrationState: "queued" as const } : {}),
      ...(retries ? { registrationRetries: 0 } : {}),
      registrationFailure: null,
      registrationError: null,
      registrationRetryAt: null,
      updatedAt: now,
    }).where(eq(guests.id, id));
    await appendEvent(tx, event, { guestId: id }, now);
  }
  return going.length;
}
