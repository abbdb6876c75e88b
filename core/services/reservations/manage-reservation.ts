import { and, eq, gt, isNull, lt, ne } from "drizzle-orm";
import { message } from "@shared/messages.ts";
import type {
  CreateReservationRequest,
  Reservation,
  UpdateReservationRequest,
} from "@shared/schemas/reservation.ts";
import type { DbOrTx } from "../../db/client.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { AppError } from "../../errors.ts";
import { accessReservation, accessUnit } from "../access/property-access.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { newReservationCode } from "./reservation-code.ts";
import { reservationFor, toReservation } from "./reservation-response.ts";
import { removeReservations } from "./remove-reservations.ts";
import { guestRowsOf } from "../guests/load-guests.ts";
import { stayDateOf, today } from "./stay-dates.ts";
import { assertCanAddBooking } from "../plans/plan-limits.ts";
import { impersonatorEmailOf } from "../users/account-history.ts";
import { moveRegistrations } from "./stay-move.ts";
import { assertNotHeld } from "../stay-requests/holds.ts";
import { recordMemberAction } from "../property-members/member-actions.ts";
import { capacityOf } from "../guests/stay-capacity.ts";

/**
 * A reservation with its unit, property and guests, as the API answers it to its host or a member
 * of its property, as its role may see it (reservationFor: reception sees no guest's personal data).
 */
export async function describeReservation(
  ctx: ServiceContext,
  { code }: { code: string },
): Promise<Reservation> {
  const { reservation: row, property, role } = await accessReservation(
    ctx.db,
    actorIdOf(ctx),
    code,
    "view",
  );
  const [unit] = await ctx.db.select().from(accommodationUnits)
    .where(eq(accommodationUnits.id, row.accommodationUnitId));
  const guestRows = (await guestRowsOf(ctx.db, [row.id])).get(row.id) ?? [];
  const answer = await toReservation(row, unit, property, today(ctx.now), guestRows, ctx.secretBox);
  return reservationFor(role, answer);
}

/** Refuses a stay whose nights [start, end) meet another live stay of the same unit. */
async function assertNightsFree(
  tx: DbOrTx,
  unitId: string,
  stay: { start: string; end: string },
  exceptId?: string,
) {
  const [clash] = await tx.select({ id: reservations.id }).from(reservations).where(and(
    eq(reservations.accommodationUnitId, unitId),
    isNull(reservations.canceledAt),
    lt(reservations.startDate, stay.end),
    gt(reservations.endDate, stay.start),
    exceptId ? ne(reservations.id, exceptId) : undefined,
  )).limit(1);
  if (clash) {
    throw new AppError("ReservationOverlap", {
      errors: { startDateUTC: [message("dateRangeTaken")] },
    });
  }
}

function stayOf(request: CreateReservationRequest) {
  const stay = { start: stayDateOf(request.startDateUTC), end: stayDateOf(request.endDateUTC) };
  if (stay.end <= stay.start) {
    throw AppError.invalid({ endDateUTC: [message("dateRangeAtLeastOneDay")] });
  }
  return stay;
}

/**
 * The guests a stay is entered with fit its unit: the beds and extra beds (else the property's
 * maximum), the cap the guests' own check-in meets later (TooManyGuests, 400, saying what to do).
 */
function assertGuestsFit(
  numberOfGuests: number | undefined,
  unit: { capacity: number | null },
  property: { maxNumberOfGuests: number | null },
): void {
  const capacity = capacityOf(unit, property);
  if (numberOfGuests === undefined || capacity === null || numberOfGuests <= capacity) return;
  throw new AppError("TooManyGuests", {
    detail: `At most ${capacity} guests can stay in this unit (beds and extra beds): enter ` +
      "fewer guests or choose a larger unit.",
    errors: { numberOfGuests: [message("stayGuestsOverCapacity")] },
  });
}

/**
 * A stay entered by hand, by the host or a member of the property (then it is the owner's stay,
 * counted against the owner's plan), on nights that are free, with a plan in force and within its
 * stays per month.
 */
export async function createReservation(
  ctx: ServiceContext,
  request: CreateReservationRequest,
): Promise<Reservation> {
  const { unit, property } = await accessUnit(
    ctx.db,
    actorIdOf(ctx),
    { id: request.accommodationUnitId },
    "stays",
  );
  assertGuestsFit(request.numberOfGuests, unit, property);
  const userId = unit.userId;
  const stay = stayOf(request);
  const code = newReservationCode();
  // Immediate: the check for free nights and the insert happen under one write lock.
  await ctx.db.transaction(async (tx) => {
    await assertCanAddBooking(tx, userId, stay.start, ctx.now);
    await assertNightsFree(tx, unit.id, stay);
    // A walk-in's waiting request holds its nights (issue 20): answer it first.
    await assertNotHeld(tx, unit.id, stay, ctx.now);
    await tx.insert(reservations).values({
      id: crypto.randomUUID(),
      code,
      userId,
      propertyId: unit.propertyId,
      accommodationUnitId: unit.id,
      startDate: stay.start,
      endDate: stay.end,
      kind: "booking",
      type: "Manual",
      description: request.description || null,
      guestCount: request.numberOfGuests ?? null,
      leadGuestName: request.leadGuestName || null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
    await recordMemberAction(tx, ctx, { property, kind: "MemberStayAdded", reservationCode: code });
  }, { behavior: "immediate" });
  return describeReservation(ctx, { code });
}

/**
 * Changes a stay, within the plan's stays a month and on free nights. Dates and unit of an
 * imported stay belong to its platform (the next sync would undo a change here), so only its
 * description can change, or its dates to the platform's new ones that the sync could not take
 * because its guests are registered (`platformMove`; then with `reRegisterGuests`).
 *
 * Guests registered with eVisitor follow the stay (stay-move.ts): eVisitor does not let a
 * registration's arrival change, so moving the arrival (or the unit) is refused unless the host
 * chose `reRegisterGuests`, and then their registrations are cancelled and registered again with
 * the new dates; a new departure is sent to eVisitor as an edit (ForeseenStayUntil). All of it is
 * written with the stay's change in one transaction.
 */
export async function updateReservation(
  ctx: ServiceContext,
  { code, reRegisterGuests, ...request }: UpdateReservationRequest & { code: string },
): Promise<Reservation> {
  const actorId = actorIdOf(ctx);
  const { reservation: row, property } = await accessReservation(ctx.db, actorId, code, "stays");
  const { unit } = await accessUnit(ctx.db, actorId, { id: request.accommodationUnitId }, "stays");
  // Never into another owner's unit (a member of two hosts' properties).
  if (unit.userId !== row.userId) {
    throw new AppError("NotFound", { detail: "The accommodation unit was not found." });
  }
  assertGuestsFit(request.numberOfGuests, unit, property);
  const userId = row.userId;
  const stay = stayOf(request);
  const moves = stay.start !== row.startDate || stay.end !== row.endDate ||
    unit.id !== row.accommodationUnitId;
  // Except to the dates its platform moved it to, which the sync left for the host because its
  // guests are registered with eVisitor (apply-feed.ts): the feed already says so.
  const toPlatformDates = row.platformStartDate === stay.start &&
    row.platformEndDate === stay.end && unit.id === row.accommodationUnitId;
  if (moves && row.sourceFeedId && !toPlatformDates) throw new AppError("ImportedReservation");
  // A stay moved into another month is one more stay there: the month's cap applies as to a new
  // one (a stay that stays in its month, or a cancelled one, adds nothing). Blocks do not count.
  const entersMonth = row.kind !== "block" && !row.canceledAt &&
    stay.start.slice(0, 7) !== row.startDate.slice(0, 7);
  const actorEmail = moves ? await impersonatorEmailOf(ctx.db, ctx.actor) : undefined;
  await ctx.db.transaction(async (tx) => {
    if (entersMonth) await assertCanAddBooking(tx, userId, stay.start, ctx.now);
    if (moves) await assertNightsFree(tx, unit.id, stay, row.id);
    if (moves) await assertNotHeld(tx, unit.id, stay, ctx.now);
    if (moves) {
      await moveRegistrations(tx, ctx, {
        stay: row,
        to: { start: stay.start, end: stay.end, unitId: unit.id },
        reRegister: reRegisterGuests === true,
        actorEmail,
      });
    }
    await tx.update(reservations).set({
      accommodationUnitId: unit.id,
      propertyId: unit.propertyId,
      startDate: stay.start,
      endDate: stay.end,
      ...(moves ? { platformStartDate: null, platformEndDate: null } : {}),
      description: request.description || null,
      guestCount: request.numberOfGuests ?? null,
      leadGuestName: request.leadGuestName || null,
      updatedAt: ctx.now,
    }).where(eq(reservations.id, row.id));
    await recordMemberAction(tx, ctx, {
      property,
      kind: "MemberStayChanged",
      reservationCode: row.code,
    });
  }, { behavior: "immediate" });
  return describeReservation(ctx, { code });
}

/**
 * Deletes a stay with its guests. A stay whose guests are registered with eVisitor is kept: they
 * must be checked out (or cancelled in eVisitor) first, or the two would disagree.
 */
export async function deleteReservation(
  ctx: ServiceContext,
  { code }: { code: string },
): Promise<void> {
  const { reservation: row, property } = await accessReservation(
    ctx.db,
    actorIdOf(ctx),
    code,
    "stays",
  );
  await ctx.db.transaction(async (tx) => {
    const guestRows = (await guestRowsOf(tx, [row.id])).get(row.id) ?? [];
    if (guestRows.some((g) => g.status === "CheckedIn")) {
      throw new AppError("ReservationHasRegisteredGuests");
    }
    await removeReservations(tx, eq(reservations.id, row.id));
    await recordMemberAction(tx, ctx, {
      property,
      kind: "MemberStayDeleted",
      reservationCode: row.code,
    });
  });
}
