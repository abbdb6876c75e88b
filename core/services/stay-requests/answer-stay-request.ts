import { and, eq } from "drizzle-orm";
import type { StayRequestDecision, StayRequestState } from "@shared/schemas/stay-request.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import type { Transaction } from "../../db/client.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { stayRequests } from "../../db/schema/stay-requests.ts";
import { AppError } from "../../errors.ts";
import { hashToken, randomToken } from "../../platform/crypto/random-token.ts";
import { accessUnit } from "../access/property-access.ts";
import { assertCanAddBooking } from "../plans/plan-limits.ts";
import { newReservationCode } from "../reservations/reservation-code.ts";
import { assertNotHeld } from "./holds.ts";
import { assertNoStayOn } from "./request-stay.ts";
import { markStayRequestNotice } from "./stay-request-notice.ts";

type RequestRow = typeof stayRequests.$inferSelect;

export interface StayRequestAnswer {
  state: StayRequestState;
  /** The stay made by confirming it. */
  reservationCode: string | null;
}

/** The state a request is in at `now` (a pending one past its time has expired). */
export function stateOf(row: RequestRow, now: Date): StayRequestState {
  if (row.state === "confirmed") return "Confirmed";
  if (row.state === "declined") return "Declined";
  return row.expiresAt > now ? "Pending" : "Expired";
}

/**
 * Confirms or declines a waiting request. Confirming makes the stay, a normal stay of the unit
 * counted against the owner's plan (which must allow it) on nights still free; its guests then
 * check in by the door code under the property's usual rules (automatic check-in or approval).
 * The guest's name and phone, given for the host, go into the stay's description and leave the
 * request.
 */
async function answer(
  tx: Transaction,
  ctx: ServiceContext,
  row: RequestRow,
  decision: StayRequestDecision,
): Promise<StayRequestAnswer> {
  if (stateOf(row, ctx.now) !== "Pending") throw new AppError("StayRequestClosed");
  let reservationCode: string | null = null;
  if (decision === "confirm") {
    const stay = { start: row.startDate, end: row.endDate };
    await assertCanAddBooking(tx, row.userId, row.startDate, ctx.now);
    await assertNoStayOn(tx, row.accommodationUnitId, stay);
    await assertNotHeld(tx, row.accommodationUnitId, stay, ctx.now, row.id);
    reservationCode = newReservationCode();
    const reservationId = crypto.randomUUID();
    await tx.insert(reservations).values({
      id: reservationId,
      code: reservationCode,
      userId: row.userId,
      propertyId: row.propertyId,
      accommodationUnitId: row.accommodationUnitId,
      startDate: row.startDate,
      endDate: row.endDate,
      kind: "booking",
      type: "Manual",
      description: [row.name, row.phone].filter(Boolean).join(", ") || null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
    await tx.update(stayRequests).set({ reservationId }).where(eq(stayRequests.id, row.id));
  }
  const state = decision === "confirm" ? "confirmed" : "declined";
  await tx.update(stayRequests).set({ state, answeredAt: ctx.now, name: null, phone: null })
    .where(eq(stayRequests.id, row.id));
  await markStayRequestNotice(tx, row.userId, row.id, state, ctx.now);
  return { state: decision === "confirm" ? "Confirmed" : "Declined", reservationCode };
}

/**
 * POST /StayRequests/{id}/confirm and /decline: the host, or a member whose role may enter stays.
 * A request of a unit the caller has nothing to do with is NotFound, as an unknown one.
 */
export async function answerStayRequest(
  ctx: ServiceContext,
  { id, decision }: { id: string; decision: StayRequestDecision },
): Promise<StayRequestAnswer> {
  const userId = actorIdOf(ctx);
  return await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(stayRequests).where(eq(stayRequests.id, id));
    if (!row) throw new AppError("NotFound", { detail: "The stay request was not found." });
    await accessUnit(tx, userId, { id: row.accommodationUnitId }, "stays");
    return await answer(tx, ctx, row, decision);
  }, { behavior: "immediate" });
}

/**
 * POST /StayRequests/answer: the e-mailed link's token instead of a session. The link works once:
 * an answered or expired request takes no other answer (StayRequestClosed); an unknown token is
 * InvalidToken.
 */
export async function answerStayRequestByToken(
  ctx: ServiceContext,
  { token, decision }: { token: string; decision: StayRequestDecision },
): Promise<StayRequestAnswer> {
  const linkTokenHash = await hashToken(token);
  return await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(stayRequests)
      .where(eq(stayRequests.linkTokenHash, linkTokenHash));
    if (!row) throw new AppError("InvalidToken");
    if (stateOf(row, ctx.now) !== "Pending") throw new AppError("InvalidToken");
    return await answer(tx, ctx, row, decision);
  }, { behavior: "immediate" });
}

/**
 * A new one-tap link token for a waiting request (the notifications worker, as it writes the
 * e-mail; a redelivered e-mail replaces the earlier link); undefined once it is answered or gone.
 */
export async function newStayRequestLinkToken(
  tx: Transaction,
  requestId: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await tx.select().from(stayRequests)
    .where(and(eq(stayRequests.id, requestId), eq(stayRequests.state, "pending")));
  if (!row || stateOf(row, now) !== "Pending") return undefined;
  const token = randomToken();
  await tx.update(stayRequests).set({ linkTokenHash: await hashToken(token) })
    .where(eq(stayRequests.id, requestId));
  return token;
}
