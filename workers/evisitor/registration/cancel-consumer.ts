import { eq } from "drizzle-orm";
import { GuestCancelRequested } from "@shared/events.ts";
import { guests } from "@core/db/schema/guests.ts";
import type { SecretBox } from "@core/platform/crypto/secret-box.ts";
import { log } from "@core/platform/logger.ts";
import type { EVisitorAccess } from "@core/services/external-accounts/evisitor-access.ts";
import { defineConsumer } from "../../runner/worker.ts";
import { openAccountSession } from "@core/evisitor/account-session.ts";
import { EVisitorError } from "@core/evisitor/types.ts";
import { guestContextOf } from "./guest-context.ts";
import { hostFailureOf } from "./checkin-consumer.ts";
import { recordLifecycleFailure, registrationNow } from "./lifecycle.ts";

/**
 * Cancels one guest's registration in eVisitor (Htz/CancelTouristCheckIn) with the host's reason.
 * Idempotent: a guest already cancelled, or no longer asked about, is left alone; a repeat after
 * a lost answer is refused by eVisitor, and its tourist list then shows it done. eVisitor refusing
 * (e.g. the guest was checked out there meanwhile) is kept beside the guest for the host and the
 * request is cleared, so the host may try again; an unreachable eVisitor is retried with back-off.
 */
export function cancelConsumer(
  { evisitor, secretBox }: { evisitor: EVisitorAccess; secretBox: SecretBox },
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
      let session;
      try {
        session = await openAccountSession({ evisitor, secretBox }, account);
        await session.cancelTouristCheckIn({
          id: guest.guid,
          reason: guest.cancelReason ?? undefined,
        });
      } catch (error) {
        if (!(error instanceof EVisitorError)) throw error;
        const alreadyDone = error.kind === "rejected" && session &&
          await registrationNow(session, guest.guid).catch(() => null) === "cancelled";
        if (!alreadyDone) {
          log.warn("guest registration cancel failed", {
            guestId: guest.id,
            kind: error.kind,
            deliveries: event.deliveries,
          });
          if (error.isTransient && !event.isLastAttempt) throw error;
          await recordLifecycleFailure(ctx, guest.id, hostFailureOf(error), {
            cancelRequestedAt: null,
          });
          return;
        }
      } finally {
        await session?.logout().catch(() => {});
      }
      const now = ctx.clock();
      await ctx.db.update(guests).set({
        status: "Cancelled",
        // Not "waiting for arrival": nothing is sent until the host registers the guest again.
        registrationState: "waiting",
        registrationFailure: null,
        registrationError: null,
        registrationRetryAt: null,
        cancelRequestedAt: null,
        cancelledAt: now,
        updatedAt: now,
      }).where(eq(guests.id, guest.id));
      log.info("guest registration cancelled", { guestId: guest.id });
    },
  });
}
