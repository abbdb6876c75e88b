import { and, eq, ne } from "drizzle-orm";
import type { StayGuest } from "@shared/schemas/guest.ts";
import type { GuestCheckOutList, HostGuestCheckIn } from "@shared/schemas/guest-list.ts";
import { guests } from "../../db/schema/guests.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError } from "../../errors.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { accessReservation, type PropertyAccessRole, roleMay } from "../access/property-access.ts";
import { today as todayOf } from "../reservations/stay-dates.ts";
import { describeGuest, findOwnGuest } from "./guest-details.ts";
import { guestColumnsOf } from "./guest-fields.ts";
import { toReceptionGuest } from "./guest-response.ts";
import { chosenTaxCategory } from "./tax-categories.ts";
import { orRefuse, recordTransition } from "./registration/record-transition.ts";
import { eventsOnEntry, registrationStateFor } from "./registration/transitions.ts";
import { assertRoom, roomOfStay } from "./stay-capacity.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { recordMemberAction } from "../property-members/member-actions.ts";

/**
 * POST /Guests/checkin: the host adds guests to their stays or fixes them, and each is (re)queued
 * for registration with eVisitor from the arrival day on. Fixing a registered guest sends the
 * whole record again under the same registration id, which eVisitor treats as an edit; a guest
 * whose registration was cancelled is registered anew under a new id. The answer is the guests as
 * stored, as the caller's role may see them (reception: names and state only).
 */
export async function hostCheckIn(
  ctx: ServiceContext,
  entries: HostGuestCheckIn[],
): Promise<StayGuest[]> {
  const userId = actorIdOf(ctx);
  const ids: string[] = [];
  const roles = new Map<string, PropertyAccessRole>();
  try {
    await ctx.db.transaction(async (tx) => {
      const recorded = new Set<string>();
      for (const entry of entries) {
        const { reservation: stay, property, role } = await accessReservation(
          tx,
          userId,
          entry.reservationCode,
          "registration",
        );
        if (stay.kind === "block") throw new AppError("NotFound", { detail: "Not a stay." });
        if (stay.canceledAt) throw new AppError("CheckInClosed");
        const taxCategory = chosenTaxCategory(
          property,
          entry.taxCategory,
          `${ids.length}.taxCategory`,
        );
        const columns = {
          ...await guestColumnsOf(entry.guest, ctx.secretBox),
          ...(taxCategory === undefined ? {} : { taxCategory }),
        };
        const state = registrationStateFor(stay.startDate, todayOf(ctx.now));
        const [twin] = await tx.select({ id: guests.id }).from(guests).where(and(
          eq(guests.reservationId, stay.id),
          eq(guests.documentKey, columns.documentKey),
          entry.id ? ne(guests.id, entry.id) : undefined,
        ));
        if (twin) throw new AppError("GuestAlreadyCheckedIn");

        let id = entry.id;
        if (id) {
          const { guests: guest } = await findOwnGuest(tx, userId, { id }, "registration");
          if (guest.reservationId !== stay.id) {
            throw new AppError("NotFound", { detail: "The guest was not found." });
          }
          // Nothing of a checked-out guest's registration can be changed (the module refuses).
          orRefuse(
            await recordTransition(tx, id, {
              kind: "sent-again",
              by: "host-edit",
              state,
              data: columns,
            }, ctx.now),
            "Nothing of a checked-out guest's registration can be changed: eVisitor " +
              "edits only registrations that are still active. To correct it, undo the " +
              "check-out, save the correction, then check the guest out again.",
          );
        } else {
          // Beds plus extra beds are the cap, for the host's form as for the guest's page.
          const room = await roomOfStay(tx, stay, property);
          assertRoom(room.capacity, room.present, 1);
          id = crypto.randomUUID();
          await tx.insert(guests).values({
            id,
            guid: crypto.randomUUID(),
            // The owner's guest, whoever at the property checks them in.
            userId: stay.userId,
            reservationId: stay.id,
            propertyId: stay.propertyId,
            accommodationUnitId: stay.accommodationUnitId,
            ...columns,
            status: "PreCheckIn",
            registrationState: state,
            createdAt: ctx.now,
            updatedAt: ctx.now,
          });
          for (const event of eventsOnEntry(state)) {
            await appendEvent(tx, event, { guestId: id }, ctx.now);
          }
        }
        ids.push(id);
        roles.set(id, role);
        // One entry per stay, however many of its guests came in this request.
        if (!recorded.has(stay.code)) {
          recorded.add(stay.code);
          await recordMemberAction(tx, ctx, {
            property,
            kind: "MemberGuestsCheckedIn",
            reservationCode: stay.code,
          });
        }
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("GuestAlreadyCheckedIn");
    throw error;
  }
  return await Promise.all(
    ids.map(async (id) => {
      const { guests: guest } = await findOwnGuest(ctx.db, userId, { id }, "registration");
      const stored = await describeGuest(ctx, { externalId: guest.guid }, "registration");
      // Reception entered the guest but reads back no personal data (issue 30, N5).
      return roleMay(roles.get(id) ?? "Reception", "documents") ? stored : toReceptionGuest(stored);
    }),
  );
}

/**
 * POST /Guests/checkout: queues the check-out of registered guests; the evisitor worker sends it
 * (eVisitor takes no check-out dated after today, so it is dated today or the departure day).
 */
export async function hostCheckOut(
  ctx: ServiceContext,
  list: GuestCheckOutList,
): Promise<void> {
  const userId = actorIdOf(ctx);
  await ctx.db.transaction(async (tx) => {
    for (const { id } of list) {
      await findOwnGuest(tx, userId, { id }, "registration");
      // Refused unless registered and not being cancelled; a check-out already on its way (a
      // double click) is left; one that failed is the host's to send again.
      orRefuse(await recordTransition(tx, id, { kind: "check-out-asked", by: "host" }, ctx.now));
    }
  });
}
