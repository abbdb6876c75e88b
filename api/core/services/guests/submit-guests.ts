import { and, eq, inArray } from "drizzle-orm";
import { GuestCheckInRequested } from "@shared/events.ts";
import type { RegistrationState } from "@shared/enums.ts";
import type { GuestRegistration } from "@shared/schemas/reservation.ts";
import type { PublicReservation } from "@shared/schemas/reservation.ts";
import type { ServiceContext } from "../../context.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { guests } from "../../db/schema/guests.ts";
import { properties } from "../../db/schema/properties.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError } from "../../errors.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { publicReservation } from "../reservations/list-reservations.ts";
import { today as todayOf } from "../reservations/stay-dates.ts";
import { documentIdentity, guestColumnsOf } from "./guest-fields.ts";

/**
 * When a guest entered now is registered: at once from the arrival day on; before it, on the
 * arrival day when the property checks guests in automatically, else when the host does.
 */
export function registrationStateFor(stayStart: string, today: string): RegistrationState {
  return today >= stayStart ? "queued" : "waiting";
}

const closed = () => new AppError("CheckInClosed");

/**
 * The public check-in (POST /Reservations/Guests): stores the guests of a stay and, from the
 * arrival day on, queues each for registration with eVisitor in the same transaction. A document
 * already entered for the stay (a double submit, or the same person twice) is refused with 409
 * and nothing is written; a stay that is over or cancelled no longer takes guests.
 */
export async function submitGuests(
  ctx: ServiceContext,
  registration: GuestRegistration,
): Promise<PublicReservation> {
  const [found] = await ctx.db.select().from(reservations)
    .innerJoin(accommodationUnits, eq(accommodationUnits.id, reservations.accommodationUnitId))
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .where(and(
      eq(reservations.code, registration.reservationCode),
      inArray(reservations.kind, ["booking", "unknown"]),
    ));
  if (!found) throw new AppError("NotFound", { detail: "The reservation was not found." });
  const { reservations: stay, accommodation_units: unit, properties: property } = found;
  const today = todayOf(ctx.now);
  if (stay.canceledAt || stay.endDate <= today) throw closed();

  const identities = registration.reservationGuests.map(documentIdentity);
  if (new Set(identities).size !== identities.length) throw new AppError("GuestAlreadyCheckedIn");
  const rows = await Promise.all(
    registration.reservationGuests.map((form) => guestColumnsOf(form, ctx.secretBox)),
  );
  const state = registrationStateFor(stay.startDate, today);

  try {
    await ctx.db.transaction(async (tx) => {
      const entered = await tx.select({ key: guests.documentKey }).from(guests)
        .where(eq(guests.reservationId, stay.id));
      if (entered.some((g) => rows.some((r) => r.documentKey === g.key))) {
        throw new AppError("GuestAlreadyCheckedIn");
      }
      const capacity = unit.capacity ?? property.maxNumberOfGuests;
      if (capacity !== null && entered.length + rows.length > capacity) {
        throw new AppError("TooManyGuests", {
          detail: `At most ${capacity} guests can stay here; ${entered.length} already checked in.`,
          errors: { reservationGuests: [`At most ${capacity} guests can stay here.`] },
        });
      }
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
          createdAt: ctx.now,
          updatedAt: ctx.now,
        });
        if (state === "queued") {
          await appendEvent(tx, GuestCheckInRequested, { guestId: id }, ctx.now);
        }
      }
    });
  } catch (error) {
    // Two submits at once: the second meets the first's row in the unique index.
    if (isUniqueViolation(error)) throw new AppError("GuestAlreadyCheckedIn");
    throw error;
  }
  return (await publicReservation(ctx.db, stay.code, ctx.now))!;
}
