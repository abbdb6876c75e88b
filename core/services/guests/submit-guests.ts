import { eq } from "drizzle-orm";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import type { CheckinResult, GuestRegistration } from "@shared/schemas/reservation.ts";
import type { ServiceContext } from "../../context.ts";
import { guests } from "../../db/schema/guests.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError } from "../../errors.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { createNotification } from "../notifications/create-notification.ts";
import {
  doorStayOf,
  type FoundStay,
  issueReceipt,
  liveGuestsOf,
  publicStayAfterCheckIn,
  receiptOf,
  stayByCode,
} from "../reservations/public-stay.ts";
import { today as todayOf } from "../reservations/stay-dates.ts";
import { initialsOf } from "./guest-response.ts";
import { eventsOnEntry, registrationStateFor } from "./registration/transitions.ts";
import { documentIdentity, guestColumnsOf } from "./guest-fields.ts";
import { assertRoom, capacityOf } from "./stay-capacity.ts";

const closed = () => new AppError("CheckInClosed");

/** The stay a check-in is for: by its link's code, or the one the unit's door code admits now. */
async function stayOfRegistration(
  ctx: ServiceContext,
  registration: GuestRegistration,
): Promise<FoundStay> {
  if (registration.accommodationUnitCode) {
    return await doorStayOf(ctx.db, registration.accommodationUnitCode, ctx.now);
  }
  const found = await stayByCode(ctx.db, registration.reservationCode ?? "");
  if (!found) throw new AppError("UnknownCode");
  return found;
}

/**
 * The public check-in (POST /Reservations/Guests): stores the guests of a stay and, where the
 * property checks guests in automatically, from the arrival day on queues each for registration
 * with eVisitor in the same transaction; otherwise they are held for the host's approval
 * (approve-guests.ts), whatever the date. A document
 * already entered for the stay (a double submit, or the same person twice) is refused with 409
 * and nothing is written; a stay that is over or cancelled no longer takes guests. The device gets
 * a check-in receipt (it shows it its own guests and, once none of them waits for the host's
 * approval, the WiFi, the address and the house notes: public-stay.ts) and the host a notification
 * per guest, with "not my guest" (issue 20).
 */
export async function submitGuests(
  ctx: ServiceContext,
  registration: GuestRegistration,
): Promise<CheckinResult> {
  const found = await stayOfRegistration(ctx, registration);
  const { stay, unit, property } = found;
  const today = todayOf(ctx.now);
  if (stay.canceledAt || stay.endDate <= today) throw closed();
  const entrance = registration.accommodationUnitCode ? "door" : "link";

  const identities = registration.reservationGuests.map(documentIdentity);
  if (new Set(identities).size !== identities.length) throw new AppError("GuestAlreadyCheckedIn");
  const rows = await Promise.all(
    registration.reservationGuests.map((form) => guestColumnsOf(form, ctx.secretBox)),
  );
  // Automatic check-in off: the host approves guests who came in alone before any is sent.
  const hold = !property.automaticCheckIn;
  const state = hold ? "waiting" : registrationStateFor(stay.startDate, today);

  let receipt: Awaited<ReturnType<typeof issueReceipt>>;
  try {
    receipt = await ctx.db.transaction(async (tx) => {
      const entered = await tx.select().from(guests).where(eq(guests.reservationId, stay.id));
      if (entered.some((g) => rows.some((r) => r.documentKey === g.documentKey))) {
        throw new AppError("GuestAlreadyCheckedIn");
      }
      assertRoom(capacityOf(unit, property), liveGuestsOf(entered).length, rows.length);
      const issued = await issueReceipt(tx, stay, ctx.now);
      for (const row of rows) {
        const id = crypto.randomUUID();
        await tx.insert(guests).values({
          id,
          guid: crypto.randomUUID(),
          userId: stay.userId,
          reservationId: stay.id,
          propertyId: stay.propertyId,
          accommodationUnitId: stay.accommodationUnitId,
          ...row,
          status: "PreCheckIn",
          registrationState: state,
          entrance,
          approvalRequestedAt: hold ? ctx.now : null,
          checkinReceiptId: issued.id,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        });
        for (const event of eventsOnEntry(state)) {
          await appendEvent(tx, event, { guestId: id }, ctx.now);
        }
        await createNotification(tx, stay.userId, NOTIFICATION_TEMPLATES.guestAddedByGuest, {
          dedupeKey: `guest-added:${id}`,
          placeholders: {
            accommodationUnit: unit.name,
            code: stay.code,
            start: stay.startDate,
            end: stay.endDate,
            guestId: id,
            initials: initialsOf(row.name, row.surname),
            entrance,
            ...(hold ? { held: "true" } : {}),
          },
          now: ctx.now,
        });
      }
      return issued;
    });
  } catch (error) {
    // Two submits at once: the second meets the first's row in the unique index.
    if (isUniqueViolation(error)) throw new AppError("GuestAlreadyCheckedIn");
    throw error;
  }
  const held = (await receiptOf(ctx.db, receipt.token, ctx.now))!;
  return {
    ...await publicStayAfterCheckIn(ctx.db, found, held, ctx.now, entrance === "link"),
    receipt: { token: receipt.token, expiresAt: receipt.expiresAt.toISOString() },
  };
}
