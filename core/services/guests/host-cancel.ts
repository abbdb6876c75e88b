import type { GuestCancellation, GuestUndoCheckOutList } from "@shared/schemas/guest-list.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import type { Transaction } from "../../db/client.ts";
import type { guests } from "../../db/schema/guests.ts";
import { AppError } from "../../errors.ts";
import { impersonatorEmailOf, recordAccountEvent } from "../users/account-history.ts";
import { findOwnGuest } from "./guest-details.ts";
import { orRefuse, recordTransition } from "./registration/record-transition.ts";

/**
 * POST /Guests/cancel: queues the cancellation of registered guests' eVisitor registrations
 * (Htz/CancelTouristCheckIn) with the host's reason; the evisitor worker sends it. Only a guest
 * registered and not checked out (eVisitor cancels active registrations only) and with no
 * check-out on its way. The account history records each, by the stay's code, in the same
 * transaction. A cancellation already on its way (a double click) is not queued twice.
 */
export async function hostCancelRegistrations(
  ctx: ServiceContext,
  { guests: list, reason }: GuestCancellation,
): Promise<void> {
  const userId = actorIdOf(ctx);
  const actorEmail = await impersonatorEmailOf(ctx.db, ctx.actor);
  await ctx.db.transaction(async (tx) => {
    for (const { id } of list) {
      const { guests: guest, reservations: stay } = await findOwnGuest(
        tx,
        userId,
        { id },
        "registration",
      );
      if (guest.cancelRequestedAt && guest.status === "CheckedIn") continue;
      await queueCancellation(tx, ctx, { guest, stayCode: stay.code, reason, actorEmail });
    }
  });
}

type GuestRow = typeof guests.$inferSelect;

/**
 * Queues the cancel of one guest's registration, in the caller's transaction: the guest row, the
 * event for the evisitor worker (cancel-consumer.ts) and the account history entry. `reRegister`:
 * once cancelled, the worker registers the guest again with the stay's (new) dates. Refused
 * (CannotCancelRegistration) unless the guest is registered and not checked out, with no
 * check-out, cancel or undo on its way.
 */
export async function queueCancellation(
  tx: Transaction,
  ctx: ServiceContext,
  { guest, stayCode, reason, actorEmail, reRegister = false }: {
    guest: GuestRow;
    stayCode: string;
    reason: string;
    actorEmail: string | undefined;
    reRegister?: boolean;
  },
): Promise<void> {
  // A check-out on its way (not one eVisitor refused: its reason is kept) comes first; one
  // already being cancelled is not cancelled twice (the host's list skips it before).
  const asked = orRefuse(
    await recordTransition(tx, guest.id, { kind: "cancel-asked", reason, reRegister }, ctx.now),
  );
  if (asked?.outcome !== "apply") throw new AppError("CannotCancelRegistration");
  await recordAccountEvent(tx, {
    userId: guest.userId,
    kind: "RegistrationCancelled",
    now: ctx.now,
    origin: ctx.request,
    actorEmail,
    // A member's cancellation names the member in the owner's history.
    details: {
      reservationCode: stayCode,
      ...(ctx.actor && ctx.actor.id !== guest.userId ? { byEmail: ctx.actor.email } : {}),
    },
  });
}

/**
 * POST /Guests/undoCheckout: queues undoing the check-out of guests checked out by mistake (by
 * the host or automatically), Htz/CancelTouristCheckOut; the evisitor worker sends it. Once undone
 * the guest is checked in again and the automatic check-out leaves them to the host.
 */
export async function hostUndoCheckOut(
  ctx: ServiceContext,
  list: GuestUndoCheckOutList,
): Promise<void> {
  const userId = actorIdOf(ctx);
  await ctx.db.transaction(async (tx) => {
    for (const { id } of list) {
      await findOwnGuest(tx, userId, { id }, "registration");
      // Refused unless checked out with data held; one already on its way is left.
      orRefuse(await recordTransition(tx, id, { kind: "undo-check-out-asked" }, ctx.now));
    }
  });
}
