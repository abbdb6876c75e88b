import { GuestCheckOutRequested } from "@shared/events.ts";
import { log } from "@core/platform/logger.ts";
import { stayTimesOf, today as todayOf } from "@core/services/reservations/stay-dates.ts";
import { STAY_TIME_ZONE, wallTimeAt } from "@shared/local-date.ts";
import { defineConsumer } from "../../runner/worker.ts";
import type { AccountSessions } from "@core/evisitor/account-sessions.ts";
import { EVisitorError } from "@core/evisitor/types.ts";
import { guestContextOf } from "@core/services/guests/registration/guest-context.ts";
import { recordTransition } from "@core/services/guests/registration/record-transition.ts";
import { failureAfter } from "@core/services/guests/registration/retry-schedule.ts";
import { actOnce, RefusedWhileHeld } from "./lifecycle.ts";

/** hh:mm in Zagreb at `now`. */
function zagrebTime(now: Date): string {
  const wall = wallTimeAt(now.getTime(), STAY_TIME_ZONE);
  return `${String(wall.hour).padStart(2, "0")}:${String(wall.minute).padStart(2, "0")}`;
}

/** When a check-out is sent: a date and time, or held because the guest leaves before arriving. */
export type CheckOutMoment = { date: string; time: string } | { beforeArrival: string };

/**
 * The date and time a check-out is sent with, never later than now: a departure day gone by at
 * the unit's check-out time; today at the check-out time if that has passed, else now. On the
 * registered arrival day, a time before the registered arrival cannot be sent (a departure before
 * the arrival) and a later one would be invented: such a check-out is held for the host.
 */
export function checkOutMoment(
  { now, today, endDate, plannedCheckOut, arrival }: {
    /** hh:mm in Zagreb. */
    now: string;
    today: string;
    endDate: string;
    plannedCheckOut: string;
    /** The arrival registered with eVisitor. */
    arrival: { date: string; time: string };
  },
): CheckOutMoment {
  if (endDate < today) return { date: endDate, time: plannedCheckOut };
  const time = endDate === today && plannedCheckOut < now ? plannedCheckOut : now;
  if (arrival.date === today && time < arrival.time) return { beforeArrival: arrival.time };
  return { date: today, time };
}

/**
 * Checks one registered guest out of eVisitor, once: a repeat reads eVisitor's tourist list first,
 * and a lost answer or a refusal is settled by that list, not by the answer's wording
 * (lifecycle.ts actOnce). An outage that outlasts the deliveries, or eVisitor's firewall (after
 * one try), is tried again later by itself (retryUnansweredCheckOuts); a refusal is kept beside
 * the guest for the host, who may send the check-out again (host-check-in.ts). The date and time
 * are never later than now (checkOutMoment); a check-out before the registered arrival is held
 * for the host (checkout-before-arrival). Idempotent: a guest already out is left alone.
 */
export function checkOutConsumer(
  { sessions }: { sessions: AccountSessions },
) {
  return defineConsumer({
    name: "evisitor_guest_checkout",
    stream: "EVISITOR",
    event: GuestCheckOutRequested,
    concurrency: 4,
    async handle(event, ctx) {
      const found = await guestContextOf(ctx.db, event.payload.guestId);
      if (!found || found.guest.status !== "CheckedIn") return;
      const { guest, stay, account } = found;
      const now = ctx.clock();
      const today = todayOf(now);
      const times = stayTimesOf(found.unit, found.property);
      const moment = checkOutMoment({
        now: zagrebTime(now),
        today,
        endDate: stay.endDate,
        plannedCheckOut: times.checkOut,
        arrival: {
          date: guest.registeredStayFrom ?? stay.startDate,
          time: guest.registeredTimeStayFrom ?? times.checkIn,
        },
      });
      if ("beforeArrival" in moment) {
        log.warn("guest check-out held: before the registered arrival", { guestId: guest.id });
        await recordTransition(ctx.db, guest.id, {
          kind: "check-out-held",
          arrivalTime: moment.beforeArrival,
        }, now);
        return;
      }
      try {
        await sessions.use(account, (session) =>
          actOnce(session, {
            registrationId: guest.guid,
            wanted: "checked-out",
            // An earlier delivery or retry may have reached eVisitor with its answer lost.
            repeat: event.deliveries > 1 || guest.registrationRetries > 0 ||
              guest.registrationFailure !== null,
          }, () =>
            session.checkOutTourist({
              id: guest.guid,
              checkOutDate: moment.date,
              checkOutTime: moment.time,
            })));
      } catch (thrown) {
        const error = thrown instanceof RefusedWhileHeld ? thrown.error : thrown;
        if (!(error instanceof EVisitorError)) throw error;
        log.warn("guest check-out failed", {
          guestId: guest.id,
          kind: error.kind,
          deliveries: event.deliveries,
        });
        if (error.retriesSoon && !event.isLastAttempt) throw error;
        // An outage that outlasted the deliveries is sent again later by itself, as an
        // unanswered registration is; eVisitor's firewall once, then after hours
        // (retry-schedule.ts); a refusal is the host's, beside the state eVisitor holds.
        const failedAt = ctx.clock();
        const { failure, retryAt } = failureAfter(error, {
          retries: guest.registrationRetries,
          now: failedAt,
        });
        await recordTransition(ctx.db, guest.id, {
          kind: "check-out-failed",
          failure,
          retryAt,
          held: thrown instanceof RefusedWhileHeld ? thrown.held : null,
        }, failedAt);
        return;
      }
      const done = await recordTransition(ctx.db, guest.id, { kind: "checked-out" }, ctx.clock());
      if (done?.outcome !== "apply") return;
      log.info("guest checked out", { guestId: guest.id });
    },
  });
}
