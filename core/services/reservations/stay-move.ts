import { and, eq, inArray } from "drizzle-orm";
import type { ServiceContext } from "../../context.ts";
import type { Transaction } from "../../db/client.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { guests } from "../../db/schema/guests.ts";
import type { reservations } from "../../db/schema/reservations.ts";
import { AppError } from "../../errors.ts";
import { queueCancellation } from "../guests/host-cancel.ts";
import { recordTransition } from "../guests/registration/record-transition.ts";

/** The reason sent to eVisitor with the cancel of a registration whose arrival moved. */
export const ARRIVAL_MOVED_REASON = "Promjena datuma dolaska / Arrival date changed";

type StayRow = typeof reservations.$inferSelect;
type GuestRow = typeof guests.$inferSelect;

/** Registered with eVisitor and still there (not checked out or cancelled). */
export const isRegistered = (guest: GuestRow) => guest.status === "CheckedIn";

/**
 * Asks the departure-update consumer to send each registered guest's registration again with
 * the stay's new departure (ForeseenStayUntil), in the caller's transaction with the stay's
 * change. Guests whose cancel or check-out is on its way are left to it.
 */
export async function queueDepartureUpdates(
  tx: Transaction,
  rows: readonly GuestRow[],
  now: Date,
): Promise<void> {
  for (const guest of rows.filter(isRegistered)) {
    await recordTransition(tx, guest.id, { kind: "departure-update-asked" }, now);
  }
}

/**
 * What a stay's move means for its guests' eVisitor registrations, in the caller's transaction
 * (the stay's own change is written beside it):
 *
 * - The arrival or the unit moves: eVisitor does not let an obveznik change a registration's
 *   arrival (evisitor-api.md §3.1), so registered guests are refused (RegisteredArrivalLocked)
 *   unless the host chose `reRegister`; then each registration's cancel is queued with the
 *   re-registration asked for, and the cancel consumer registers the guest again with the stay's
 *   dates once eVisitor confirmed the cancel (so the two reach eVisitor in that order).
 * - Only the departure moves: each registered guest's registration is sent again under its id
 *   with the new ForeseenStayUntil (departure-update consumer).
 * - Guests not registered yet follow the stay to its new unit at once; they are registered with
 *   its dates when their time comes.
 */
export async function moveRegistrations(
  tx: Transaction,
  ctx: ServiceContext,
  { stay, to, reRegister, actorEmail }: {
    stay: StayRow;
    to: { start: string; end: string; unitId: string };
    reRegister: boolean;
    actorEmail: string | undefined;
  },
): Promise<void> {
  const rows = await tx.select().from(guests).where(eq(guests.reservationId, stay.id));
  const arrivalMoves = to.start !== stay.startDate || to.unitId !== stay.accommodationUnitId;
  const departureMoves = to.end !== stay.endDate;
  // A cancel, check-out or undo still on its way would race a move: the host waits for it.
  const busy = rows.some((g) =>
    g.status === "CheckedIn" &&
    (g.cancelRequestedAt || g.undoCheckOutRequestedAt ||
      (g.checkOutRequestedAt && !g.registrationFailure))
  );
  const registered = rows.filter(isRegistered);
  if (arrivalMoves && registered.length > 0) {
    if (!reRegister) throw new AppError("RegisteredArrivalLocked");
    if (busy) throw new AppError("CannotCancelRegistration");
    for (const guest of registered) {
      await queueCancellation(tx, ctx, {
        guest,
        stayCode: stay.code,
        reason: ARRIVAL_MOVED_REASON,
        actorEmail,
        reRegister: true,
      });
    }
  } else if (departureMoves) {
    await queueDepartureUpdates(tx, registered, ctx.now);
  }
  if (to.unitId !== stay.accommodationUnitId) {
    const [unit] = await tx.select({ propertyId: accommodationUnits.propertyId })
      .from(accommodationUnits).where(eq(accommodationUnits.id, to.unitId));
    // Registered guests move with their new registration (cancel consumer); checked-out ones
    // stay where eVisitor has them.
    const waiting = rows.filter((g) => g.status !== "CheckedIn" && g.status !== "CheckedOut")
      .map((g) => g.id);
    if (waiting.length > 0) {
      await tx.update(guests).set({
        accommodationUnitId: to.unitId,
        propertyId: unit.propertyId,
        updatedAt: ctx.now,
      }).where(and(eq(guests.reservationId, stay.id), inArray(guests.id, waiting)));
    }
  }
}
