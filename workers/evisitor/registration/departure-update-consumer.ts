import { GuestDepartureUpdateRequested } from "@shared/events.ts";
import { log } from "@core/platform/logger.ts";
import type { AccountSessions } from "@core/evisitor/account-sessions.ts";
import { checkInOf } from "@core/evisitor/check-in/check-in-request.ts";
import { GuestMappingError } from "@core/evisitor/check-in/guest-to-check-in.ts";
import { EVisitorError } from "@core/evisitor/types.ts";
import type { SecretBox } from "@core/platform/crypto/secret-box.ts";
import { hostFailureOf } from "@core/services/guests/registration/failure-of.ts";
import { guestContextOf } from "@core/services/guests/registration/guest-context.ts";
import { recordTransition } from "@core/services/guests/registration/record-transition.ts";
import { defineConsumer } from "../../runner/worker.ts";

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
        await recordTransition(ctx.db, guest.id, {
          kind: "departure-update-failed",
          failure,
          // An edit reads no tourist list: nothing says eVisitor holds another state.
          held: null,
        }, ctx.clock());
        return;
      }
      // Cleared only if no later move asked again meanwhile (its own event sends it).
      const done = await recordTransition(ctx.db, guest.id, {
        kind: "departure-updated",
        askedAt: guest.departureUpdateRequestedAt,
      }, ctx.clock());
      if (done?.outcome !== "apply") return;
      log.info("guest departure updated", { guestId: guest.id });
    },
  });
}
