import { eq } from "drizzle-orm";
import { GuestCancelRequested, GuestCheckInRequested } from "@shared/events.ts";
import { appendEvent } from "@core/outbox/append-event.ts";
import { registrationStateFor } from "@core/services/guests/submit-guests.ts";
import { today } from "@core/services/reservations/stay-dates.ts";
import { guests } from "@core/db/schema/guests.ts";
import { log } from "@core/platform/logger.ts";
import { defineConsumer, type HandlerContext } from "../../runner/worker.ts";
import type { AccountSessions } from "@core/evisitor/account-sessions.ts";
import { EVisitorError } from "@core/evisitor/types.ts";
import { guestContextOf } from "./guest-context.ts";
import { hostFailureOf } from "./checkin-consumer.ts";
import {
  actOnce,
  columnsAfterFailure,
  recordLifecycleFailure,
  RefusedWhileHeld,
} from "./lifecycle.ts";

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
        await recordLifecycleFailure(
          ctx,
          guest.id,
          hostFailureOf(error),
          columnsAfterFailure(error, thrown, {
            expected: "active",
            clears: { cancelRequestedAt: null, reRegisterRequestedAt: null },
            now: ctx.clock(),
          }),
        );
        return;
      }
      const now = ctx.clock();
      const cancelled = {
        status: "Cancelled" as const,
        // Not "waiting for arrival": nothing is sent until the host registers the guest again.
        registrationState: "waiting" as const,
        registrationFailure: null,
        registrationError: null,
        registrationRetryAt: null,
        cancelRequestedAt: null,
        cancelledAt: now,
        updatedAt: now,
      };
      if (guest.reRegisterRequestedAt) {
        // The stay's arrival moved: register the guest again, with the stay's dates and unit,
        // in the same transaction, so the new registration is queued once and only after the
        // cancel (stay-move.ts).
        await reRegister(ctx, found, cancelled, now);
      } else {
        await ctx.db.update(guests).set(cancelled).where(eq(guests.id, guest.id));
      }
      log.info("guest registration cancelled", { guestId: guest.id });
    },
  });
}

/**
 * After the cancel of a registration whose stay's arrival moved: the guest is registered anew
 * under a new registration id (as when the host registers a cancelled guest again,
 * host-check-in.ts), in the stay's current unit, from its arrival day on.
 */
async function reRegister(
  ctx: HandlerContext,
  { guest, stay }: NonNullable<Awaited<ReturnType<typeof guestContextOf>>>,
  cancelled: Partial<typeof guests.$inferInsert>,
  now: Date,
): Promise<void> {
  const state = registrationStateFor(stay.startDate, today(now));
  await ctx.db.transaction(async (tx) => {
    await tx.update(guests).set({
      ...cancelled,
      guid: crypto.randomUUID(),
      status: "PreCheckIn",
      registrationState: state,
      registrationRetries: 0,
      registeredAt: null,
      cancelReason: null,
      cancelledAt: null,
      reRegisterRequestedAt: null,
      accommodationUnitId: stay.accommodationUnitId,
      propertyId: stay.propertyId,
    }).where(eq(guests.id, guest.id));
    if (state === "queued") {
      await appendEvent(tx, GuestCheckInRequested, { guestId: guest.id }, now);
    }
  });
  log.info("guest queued to be registered again", { guestId: guest.id });
}
