import { GuestUndoCheckOutRequested } from "@shared/events.ts";
import { log } from "@core/platform/logger.ts";
import type { AccountSessions } from "@core/evisitor/account-sessions.ts";
import { EVisitorError } from "@core/evisitor/types.ts";
import { hostFailureOf } from "@core/services/guests/registration/failure-of.ts";
import { guestContextOf } from "@core/services/guests/registration/guest-context.ts";
import { recordTransition } from "@core/services/guests/registration/record-transition.ts";
import { defineConsumer } from "../../runner/worker.ts";
import { actOnce, RefusedWhileHeld } from "./lifecycle.ts";

/** What eVisitor is told when a check-out is undone (its Reason field; no personal data). */
export const UNDO_CHECK_OUT_REASON = "Odjava greškom";

/**
 * Undoes one guest's check-out in eVisitor (Htz/CancelTouristCheckOut): the registration is
 * active again and the guest checked in here. The automatic check-out then leaves the guest to
 * the host (guests.checkOutUndoneAt). Idempotent like the cancellation: a repeat reads eVisitor's
 * tourist list first, and a lost answer or a refusal is settled by it (lifecycle.ts actOnce).
 */
export function undoCheckOutConsumer(
  { sessions }: { sessions: AccountSessions },
) {
  return defineConsumer({
    name: "evisitor_guest_undo_checkout",
    stream: "EVISITOR",
    event: GuestUndoCheckOutRequested,
    concurrency: 2,
    async handle(event, ctx) {
      const found = await guestContextOf(ctx.db, event.payload.guestId);
      if (!found) return;
      const { guest, account } = found;
      if (guest.status !== "CheckedOut" || !guest.undoCheckOutRequestedAt) return;
      try {
        await sessions.use(account, (session) =>
          actOnce(
            session,
            {
              registrationId: guest.guid,
              wanted: "active",
              repeat: event.deliveries > 1,
            },
            () => session.cancelTouristCheckOut({ id: guest.guid, reason: UNDO_CHECK_OUT_REASON }),
          ));
      } catch (thrown) {
        const error = thrown instanceof RefusedWhileHeld ? thrown.error : thrown;
        if (!(error instanceof EVisitorError)) throw error;
        log.warn("guest check-out undo failed", {
          guestId: guest.id,
          kind: error.kind,
          deliveries: event.deliveries,
        });
        if (error.retriesSoon && !event.isLastAttempt) throw error;
        await recordTransition(ctx.db, guest.id, {
          kind: "undo-check-out-failed",
          failure: hostFailureOf(error),
          held: thrown instanceof RefusedWhileHeld ? thrown.held : null,
        }, ctx.clock());
        return;
      }
      const done = await recordTransition(
        ctx.db,
        guest.id,
        { kind: "check-out-undone" },
        ctx.clock(),
      );
      if (done?.outcome !== "apply") return;
      log.info("guest check-out undone", { guestId: guest.id });
    },
  });
}
