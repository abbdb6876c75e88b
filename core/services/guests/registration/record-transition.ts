import { eq } from "drizzle-orm";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import { AppError } from "../../../errors.ts";
import type { DbOrTx, Transaction } from "../../../db/client.ts";
import { guests } from "../../../db/schema/guests.ts";
import { appendEvent } from "../../../outbox/append-event.ts";
import { log } from "../../../platform/logger.ts";
import { createNotification } from "../../notifications/create-notification.ts";
import { decide, type Decision, type GuestRow, type Transition } from "./transitions.ts";

/**
 * The one writer of a guest's registration: reads the guest, decides `transition`
 * (transitions.ts) and writes its columns, its outbox events and the host's notification in one
 * transaction (a savepoint of the caller's, when given one), so a worker dying in between cannot
 * leave a state without its event or its notice. A transition not allowed from the guest's state
 * writes nothing: the API's verbs turn the refusal into their answer (`orRefuse`), a worker's is
 * logged (ids and states only) and dropped. Answers the decision, or undefined when the guest is gone.
 */
export async function recordTransition(
  db: DbOrTx,
  guestId: string,
  transition: Transition,
  now: Date,
): Promise<Decision | undefined> {
  const work = async (tx: Transaction) => {
    const [guest] = await tx.select().from(guests).where(eq(guests.id, guestId));
    if (!guest) return undefined;
    const decision = decide(guest, transition, now);
    // A host's request refused is their answer; a worker's late or stray answer is logged.
    if (decision.outcome === "refused" && decision.code === null) {
      log.warn("guest registration transition refused", {
        guestId,
        transition: transition.kind,
        status: guest.status,
        registrationState: guest.registrationState,
      });
    }
    if (decision.outcome !== "apply") return decision;
    await tx.update(guests).set(decision.columns).where(eq(guests.id, guestId));
    for (const event of decision.events) await appendEvent(tx, event, { guestId }, now);
    await notifyHost(tx, guest, transition, now);
    return decision;
  };
  // Alone, it reads then writes: the write lock is taken first, so another process writing
  // between the two cannot fail it (as the other read-then-write transactions do).
  if (isTransaction(db)) return await db.transaction(work);
  return await db.transaction(work, { behavior: "immediate" });
}

const isTransaction = (db: DbOrTx): db is Transaction => "rollback" in db;

/**
 * Throws the refusal's server code (a host's request not allowed from the guest's state), with
 * `detail` when given.
 */
export function orRefuse(decision: Decision | undefined, detail?: string): Decision | undefined {
  if (decision?.outcome === "refused" && decision.code) {
    throw new AppError(decision.code, detail === undefined ? {} : { detail });
  }
  return decision;
}

/** The host hears of a registration made, and of one that failed (when `notice` says so). */
async function notifyHost(tx: DbOrTx, guest: GuestRow, transition: Transition, now: Date) {
  const reservationList = `${guest.name} ${guest.surname}`;
  if (transition.kind === "registered") {
    await createNotification(tx, guest.userId, NOTIFICATION_TEMPLATES.guestCheckedIn, {
      dedupeKey: `guest-checked-in:${guest.id}`,
      placeholders: {
        accommodationUnit: transition.notice.unitName,
        reservationList,
        code: transition.notice.stayCode,
      },
      now,
    });
  } else if (transition.kind === "registration-failed" && transition.notice) {
    await createNotification(tx, guest.userId, NOTIFICATION_TEMPLATES.guestRegistrationFailed, {
      dedupeKey: `guest-registration-failed:${guest.id}:${now.getTime()}`,
      placeholders: { accommodationUnit: transition.notice.unitName, reservationList },
      now,
    });
  }
}
