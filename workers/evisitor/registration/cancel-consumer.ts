import { GuestCancelRequested } from "@shared/events.ts";
import { log } from "@core/platform/logger.ts";
import type { AccountSessions } from "@core/evisitor/account-sessions.ts";
import { EVisitorError } from "@core/evisitor/types.ts";
import { hostFailureOf } from "@core/services/guests/registration/failure-of.ts";
import { guestContextOf } from "@core/services/guests/registration/guest-context.ts";
import { recordTransition } from "@core/services/guests/registration/record-transition.ts";
import { today } from "@core/services/reservations/stay-dates.ts";
import { defineConsumer } from "../../runner/worker.ts";
import { actOnce, RefusedWhileHeld } from "./lifecycle.ts";

/**
 * Cancels one guest's registration in eVisitor (Htz/CancelTouristCheckIn) with the host's reason,
 * and registers the guest again when the cancel was asked for a moved arrival (stay-move.ts).
 * Idempotent: a guest already cancelled, or no longer asked about, is left alone; a repeat reads
 * eVisitor's tourist list first and a lost answer or a refusal is settled by it (lifecycle.ts
 * actOnce). eVisitor refusing (e.g. the guest was checked out there meanwhile) is kept beside the
 * guest for the host, with the state eVisitor holds, and the request is cleared, so the host may
 * try again; a refused login keeps the request for the account's new credentials; an unreachable
 * eVisitor is retried with back-off, its firewall tried once.
 */
export function cancelConsumer(
  { sessions }: { sessions: AccountSessions },
) {
  return defineConsumer({
    name: "evisitor_guest_cancel",
    stream: "EVISITOR",
    event: GuestCancelRequested,
    concurrency: 2,
    async handle(event, ctx) {
      const found = await guestContextOf(ctx.db, event.payload.guestId);
      if (!found) return;
      const { guest, account } = found;
      if (guest.status !== "CheckedIn" || !guest.cancelRequestedAt) return;
      try {
        await sessions.use(account, (session) =>
          actOnce(session, {
            registrationId: guest.guid,
            wanted: "cancelled",
            repeat: event.deliveries > 1,
          }, () =>
            session.cancelTouristCheckIn({
              id: guest.guid,
              reason: guest.cancelReason ?? undefined,
            })));
      } catch (thrown) {
        const error = thrown instanceof RefusedWhileHeld ? thrown.error : thrown;
        if (!(error instanceof EVisitorError)) throw error;
        log.warn("guest registration cancel failed", {
          guestId: guest.id,
          kind: error.kind,
          deliveries: event.deliveries,
        });
        if (error.retriesSoon && !event.isLastAttempt) throw error;
        await recordTransition(ctx.db, guest.id, {
          kind: "cancel-failed",
          failure: hostFailureOf(error),
          held: thrown instanceof RefusedWhileHeld ? thrown.held : null,
        }, ctx.clock());
        return;
      }
      // The stay's arrival moved (reRegisterRequestedAt): the guest is registered again, with
      // the stay's dates and unit, in the same transaction, so the new registration is queued
      // once and only after the cancel (stay-move.ts; the registration module decides).
      const now = ctx.clock();
      const done = await recordTransition(ctx.db, guest.id, {
        kind: "cancelled",
        stay: found.stay,
        today: today(now),
      }, now);
      if (done?.outcome !== "apply") return;
      if (guest.reRegisterRequestedAt) {
        log.info("guest queued to be registered again", { guestId: guest.id });
      }
      log.info("guest registration cancelled", { guestId: guest.id });
    },
  });
}
