import { and, count, eq, gt, isNull, lt } from "drizzle-orm";
import { message } from "@shared/messages.ts";
import { addDays, daysBetween } from "@shared/local-date.ts";
import { doorWindow } from "@shared/door-window.ts";
import { hostContactOf } from "@shared/schemas/host-contact.ts";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import {
  STAY_REQUEST_HOURS,
  STAY_REQUEST_MAX_NIGHTS,
  STAY_REQUEST_MAX_PENDING,
  type StayRequestCreate,
  type StayRequestCreated,
} from "@shared/schemas/stay-request.ts";
import type { ServiceContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { properties } from "../../db/schema/properties.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { stayRequests } from "../../db/schema/stay-requests.ts";
import { AppError } from "../../errors.ts";
import { hashToken, randomToken } from "../../platform/crypto/random-token.ts";
import { createNotification } from "../notifications/create-notification.ts";
import { assertNotHeld, pendingAt } from "./holds.ts";
import { stayRequestNoticeKey } from "./stay-request-notice.ts";

/** Refuses nights [start, end) of the unit that a live stay (or a closed block) takes. */
export async function assertNoStayOn(
  tx: DbOrTx,
  unitId: string,
  stay: { start: string; end: string },
): Promise<void> {
  const [clash] = await tx.select({ id: reservations.id }).from(reservations).where(and(
    eq(reservations.accommodationUnitId, unitId),
    isNull(reservations.canceledAt),
    lt(reservations.startDate, stay.end),
    gt(reservations.endDate, stay.start),
  )).limit(1);
  if (clash) {
    throw new AppError("ReservationOverlap", { errors: { endDate: [message("dateRangeTaken")] } });
  }
}

/**
 * POST /StayRequests (issue 20 item 5, no sign-in): a guest at a door whose unit has no stay
 * tonight asks for one from today (Zagreb) to `endDate` for `guestCount` guests. Nothing is
 * registered and no stay exists until the host confirms: the request only holds the nights for
 * STAY_REQUEST_HOURS, at most STAY_REQUEST_MAX_PENDING per unit, and tells the host (in the app
 * and by e-mail, through the outbox). The device gets a token to follow the answer with.
 */
export async function requestStay(
  ctx: ServiceContext,
  input: StayRequestCreate,
): Promise<StayRequestCreated> {
  const [found] = await ctx.db.select().from(accommodationUnits)
    .innerJoin(properties, eq(properties.id, accommodationUnits.propertyId))
    .where(eq(accommodationUnits.code, input.accommodationUnitCode));
  if (!found) throw new AppError("UnknownCode");
  const { accommodation_units: unit, properties: property } = found;
  const { today } = doorWindow(ctx.now);
  const nights = daysBetween(today, input.endDate);
  if (nights < 1) {
    throw AppError.invalid({ endDate: [message("dateAfter", { date: today })] });
  }
  if (nights > STAY_REQUEST_MAX_NIGHTS) {
    const last = addDays(today, STAY_REQUEST_MAX_NIGHTS + 1);
    throw AppError.invalid({ endDate: [message("dateBefore", { date: last })] });
  }
  const capacity = unit.capacity ?? property.maxNumberOfGuests;
  if (capacity !== null && input.guestCount > capacity) {
    throw AppError.invalid({
      guestCount: [message("numberMax", { max: capacity })],
    });
  }
  const stay = { start: today, end: input.endDate };
  const token = randomToken();
  const id = crypto.randomUUID();
  const expiresAt = new Date(ctx.now.getTime() + STAY_REQUEST_HOURS * 3_600_000);
  const name = input.name || null;
  const phone = input.phone || null;
  await ctx.db.transaction(async (tx) => {
    const [{ waiting }] = await tx.select({ waiting: count() }).from(stayRequests)
      .where(and(eq(stayRequests.accommodationUnitId, unit.id), pendingAt(ctx.now)));
    if (waiting >= STAY_REQUEST_MAX_PENDING) throw new AppError("StayRequestLimit");
    await assertNoStayOn(tx, unit.id, stay);
    await assertNotHeld(tx, unit.id, stay, ctx.now);
    await tx.insert(stayRequests).values({
      id,
      userId: unit.userId,
      propertyId: unit.propertyId,
      accommodationUnitId: unit.id,
      startDate: stay.start,
      endDate: stay.end,
      guestCount: input.guestCount,
      name,
      phone,
      state: "pending",
      tokenHash: await hashToken(token),
      createdAt: ctx.now,
      expiresAt,
    });
    await createNotification(tx, unit.userId, NOTIFICATION_TEMPLATES.stayRequested, {
      dedupeKey: stayRequestNoticeKey(id),
      placeholders: {
        accommodationUnit: unit.name,
        start: stay.start,
        end: stay.end,
        guestCount: String(input.guestCount),
        requestId: id,
        expiresAt: expiresAt.toISOString(),
        ...(name ? { name } : {}),
        ...(phone ? { phone } : {}),
      },
      now: ctx.now,
    });
  }, { behavior: "immediate" });
  return {
    token,
    state: "Pending",
    startDate: stay.start,
    endDate: stay.end,
    guestCount: input.guestCount,
    expiresAt: expiresAt.toISOString(),
    hostContact: hostContactOf(property),
  };
}
