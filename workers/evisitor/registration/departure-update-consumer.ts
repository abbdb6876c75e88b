import { and, eq } from "drizzle-orm";
import { GuestDepartureUpdateRequested } from "@shared/events.ts";
import { guests } from "@core/db/schema/guests.ts";
import type { SecretBox } from "@core/platform/crypto/secret-box.ts";
import { log } from "@core/platform/logger.ts";
import type { AccountSessions } from "@core/evisitor/account-sessions.ts";
import { EVisitorError } from "@core/evisitor/types.ts";
import { defineConsumer } from "../../runner/worker.ts";
import { checkInOf, hostFailureOf } from "./checkin-consumer.ts";
import { guestContextOf } from "./guest-context.ts";
import { GuestMappingError } from "./guest-to-checkin.ts";
import { columnsAfterFailure, recordLifecycleFailure } from "./lifecycle.ts";

/**
 * Sends a registered guest's new departure to eVisitor: the whole registration again under its
 * id, which eVisitor treats as an edit (evisitor-api.md §3.1), with the stay's departure as
 * ForeseenStayUntil and the arrival as registered. Idempotent: the same edit twice changes
 * nothing, and a guest no longer registered or no longer asked about is left alone. eVisitor
 * refusing is kept beside the guest for the host; an unreachable eVisitor is retried with
 * back-off; a refused login keeps the request, sent again with the account's new credentials.
 */
export function departureUpdateConsumer(
  { sessions, secretBox }: { sessions: AccountSessions; secretBox: SecretBox },
) {
  return defineConsumer({
    name: "evisitor_guest_departure_update",
    stream: "EVISITOR",
    event: GuestDepartureUpdateRequested,
    concurrency: 2,
    async handle(event, ctx) {
      const found = await guestContextOf(ctx.db, event.payload.guestId);
      if (!found) return;
      const { guest, account } = found;
      if (
        guest.status !== "CheckedIn" || !guest.departureUpdateRequestedAt ||
        guest.cancelRequestedAt || guest.anonymisedAt
      ) return;
      try {
        await sessions.use(
          account,
          async (session) =>
            await session.checkInTourist(
              await checkInOf(session, { secretBox, db: ctx.db }, found),
            ),
        );
      } catch (error) {
        const failure = error instanceof GuestMappingError
          ? error.failure
          : error instanceof EVisitorError
          ? hostFailureOf(error)
          : undefined;
        if (!failure) throw error;
        log.warn("guest departure update failed", {
          guestId: guest.id,
          kind: error instanceof EVisitorError ? error.kind : "mapping",
          deliveries: event.deliveries,
        });
        if (error instanceof EVisitorError && error.retriesSoon && !event.isLastAttempt) {
          throw error;
        }
        await recordLifecycleFailure(
          ctx,
          guest.id,
          failure,
          error instanceof EVisitorError
            ? columnsAfterFailure(error, error, {
              expected: "active",
              clears: { departureUpdateRequestedAt: null },
              now: ctx.clock(),
            })
            : { departureUpdateRequestedAt: null },
        );
        return;
      }
      // Cleared only if no later move asked again meanwhile (its own event sends it).
      await ctx.db.update(guests).set({
        departureUpdateRequestedAt: null,
        registrationFailure: null,
        registrationError: null,
        updatedAt: ctx.clock(),
      }).where(and(
        eq(guests.id, guest.id),
        eq(guests.departureUpdateRequestedAt, guest.departureUpdateRequestedAt),
      ));
      log.info("guest departure updated", { guestId: guest.id });
    },
  });
}
