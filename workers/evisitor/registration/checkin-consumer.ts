import { GuestCheckInRequested } from "@shared/events.ts";
import type { RegistrationFailure } from "@shared/registration-failures.ts";
import type { SecretBox } from "@core/platform/crypto/secret-box.ts";
import { log } from "@core/platform/logger.ts";
import type { AccountSessions } from "@core/evisitor/account-sessions.ts";
import { checkInOf } from "@core/evisitor/check-in/check-in-request.ts";
import { GuestMappingError } from "@core/evisitor/check-in/guest-to-check-in.ts";
import { type EVisitorCheckIn, EVisitorError } from "@core/evisitor/types.ts";
import { guestContextOf } from "@core/services/guests/registration/guest-context.ts";
import { recordTransition } from "@core/services/guests/registration/record-transition.ts";
import { failureAfter } from "@core/services/guests/registration/retry-schedule.ts";
import { defineConsumer } from "../../runner/worker.ts";

/**
 * Registers one guest with the host's eVisitor account. The guest's guid is the registration id,
 * so a repeated event (a retry after a lost answer, a redelivery) edits the same registration and
 * never makes a second one. eVisitor refusing the guest, or data that cannot be mapped, is
 * recorded with eVisitor's own message and a notification, not retried; an unreachable eVisitor
 * is retried with back-off, and after the last delivery the guest is recorded as failed and
 * planned to be sent again by itself later (retry-schedule.ts). What the guest becomes is the
 * registration module's to decide and write (record-transition.ts). Nothing personal is logged:
 * ids and error kinds only.
 */
export function checkInConsumer(
  { sessions, secretBox }: { sessions: AccountSessions; secretBox: SecretBox },
) {
  return defineConsumer({
    name: "evisitor_guest_checkin",
    stream: "EVISITOR",
    event: GuestCheckInRequested,
    concurrency: 4,
    async handle(event, ctx) {
      const found = await guestContextOf(ctx.db, event.payload.guestId);
      if (!found) return; // deleted meanwhile
      const { guest, stay, unit, account } = found;
      // Registered already, or nothing left to send (personal data removed after retention).
      if (guest.registrationState === "registered" || guest.anonymisedAt) return;
      const failed = (
        failure: RegistrationFailure,
        { retryAt = null, notify = true, now = ctx.clock() }: {
          retryAt?: Date | null;
          notify?: boolean;
          now?: Date;
        } = {},
      ) =>
        recordTransition(ctx.db, guest.id, {
          kind: "registration-failed",
          failure,
          retryAt,
          notice: notify ? { unitName: unit.name } : null,
        }, now);
      if (stay.canceledAt) {
        await failed({ code: "stay-cancelled", detail: null });
        return;
      }

      let checkIn: EVisitorCheckIn;
      try {
        // The account's session of this batch: one login and one read of each code list for
        // all the guests queued together (account-sessions.ts).
        checkIn = await sessions.use(account, async (session) => {
          const checkIn = await checkInOf(session, { secretBox, db: ctx.db }, found);
          await session.checkInTourist(checkIn);
          return checkIn;
        });
      } catch (error) {
        if (error instanceof GuestMappingError) {
          log.warn("guest cannot be mapped for eVisitor", { guestId: guest.id });
          await failed(error.failure);
          return;
        }
        if (!(error instanceof EVisitorError)) throw error;
        log.warn("guest registration failed", {
          guestId: guest.id,
          kind: error.kind,
          deliveries: event.deliveries,
        });
        if (error.retriesSoon && !event.isLastAttempt) throw error;
        // An outage that outlasted the deliveries, or eVisitor's firewall (tried once: a block
        // is deterministic), goes again by itself later; a refusal is the host's.
        // One reading of the clock: the retry is planned from the moment the failure is written.
        const now = ctx.clock();
        const { failure, retryAt, notify } = failureAfter(error, {
          retries: guest.registrationRetries,
          now,
        });
        await failed(failure, { retryAt, notify, now });
        return;
      }

      // One transaction with the notice: a worker killed between the two would otherwise find
      // the guest registered on redelivery and never tell the host (the chaos suite caught it).
      const done = await recordTransition(ctx.db, guest.id, {
        kind: "registered",
        stayFrom: checkIn.stayFrom,
        timeStayFrom: checkIn.timeStayFrom,
        notice: { unitName: unit.name, stayCode: stay.code },
      }, ctx.clock());
      if (done?.outcome === "apply") log.info("guest registered", { guestId: guest.id });
    },
  });
}
