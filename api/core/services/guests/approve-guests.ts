import { and, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { GuestCheckInRequested } from "@shared/events.ts";
import type { ServiceContext } from "../../context.ts";
import { actorIdOf } from "../../context.ts";
import type { Transaction } from "../../db/client.ts";
import { stayApprovalTokens } from "../../db/schema/checkin-receipts.ts";
import { guests } from "../../db/schema/guests.ts";
import { userNotifications } from "../../db/schema/user-notifications.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { AppError } from "../../errors.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { hashToken, randomToken } from "../../platform/crypto/random-token.ts";
import { accessReservation } from "../access/property-access.ts";
import { recordMemberAction } from "../property-members/member-actions.ts";
import { today as todayOf } from "../reservations/stay-dates.ts";

/** How long the e-mailed "approve" link works. */
export const APPROVAL_LINK_DAYS = 30;

type StayRow = typeof reservations.$inferSelect;

/** Guests of a stay held for the host's approval: came in by the link or door, not approved. */
function heldOf(stayId: string) {
  return and(
    eq(guests.reservationId, stayId),
    isNotNull(guests.approvalRequestedAt),
    isNull(guests.approvedAt),
    isNull(guests.disownedAt),
    eq(guests.status, "PreCheckIn"),
    eq(guests.registrationState, "waiting"),
  );
}

/**
 * Approves every held guest of the stay: from the arrival day on each is queued for eVisitor at
 * once; before it, on the arrival day (workers/evisitor/schedule/guest-duties.ts). Returns how
 * many were approved (0 when none waited: a second tap changes nothing).
 */
async function approve(tx: Transaction, ctx: ServiceContext, stay: StayRow): Promise<number> {
  if (stay.canceledAt) throw new AppError("CheckInClosed");
  const held = await tx.select({ id: guests.id }).from(guests).where(heldOf(stay.id));
  const now = todayOf(ctx.now) >= stay.startDate;
  for (const { id } of held) {
    await tx.update(guests).set({
      approvedAt: ctx.now,
      registrationState: now ? "queued" : "waiting",
      updatedAt: ctx.now,
    }).where(eq(guests.id, id));
    if (now) await appendEvent(tx, GuestCheckInRequested, { guestId: id }, ctx.now);
  }
  if (held.length > 0) await markNoticesApproved(tx, stay, held.map((g) => g.id), ctx.now);
  return held.length;
}

/**
 * The host's "a guest checked in" notifications of the approved guests stop saying they wait:
 * `held` becomes "approved" (the app then says they were approved and offers no button), and the
 * change reaches the app by the next notification sync (lastModifiedAt).
 */
async function markNoticesApproved(
  tx: Transaction,
  stay: StayRow,
  guestIds: string[],
  now: Date,
): Promise<void> {
  await tx.update(userNotifications).set({
    placeholders: sql`json_set(${userNotifications.placeholders}, '$.held', 'approved')`,
    lastModifiedAt: now,
  }).where(and(
    eq(userNotifications.userId, stay.userId),
    inArray(userNotifications.dedupeKey, guestIds.map((id) => `guest-added:${id}`)),
  ));
}

/** POST /Reservations/{code}/approveGuests: the host's one tap per stay. */
export async function approveStayGuests(
  ctx: ServiceContext,
  { code }: { code: string },
): Promise<{ approved: number }> {
  const userId = actorIdOf(ctx);
  return await ctx.db.transaction(async (tx) => {
    const { reservation: stay, property } = await accessReservation(
      tx,
      userId,
      code,
      "registration",
    );
    if (stay.kind === "block") throw new AppError("NotFound", { detail: "Not a stay." });
    const approved = await approve(tx, ctx, stay);
    if (approved > 0) {
      await recordMemberAction(tx, ctx, {
        property,
        kind: "MemberGuestsApproved",
        reservationCode: stay.code,
      });
    }
    return { approved };
  });
}

/**
 * POST /Reservations/approveGuests: the e-mailed single-use link's token instead of a session. A
 * used, expired or unknown token is InvalidToken.
 */
export async function approveStayGuestsByToken(
  ctx: ServiceContext,
  { token }: { token: string },
): Promise<{ approved: number }> {
  const tokenHash = await hashToken(token);
  return await ctx.db.transaction(async (tx) => {
    const [found] = await tx.select().from(stayApprovalTokens)
      .innerJoin(reservations, eq(reservations.id, stayApprovalTokens.reservationId))
      .where(and(
        eq(stayApprovalTokens.tokenHash, tokenHash),
        isNull(stayApprovalTokens.usedAt),
        gt(stayApprovalTokens.expiresAt, ctx.now),
      ));
    if (!found) throw new AppError("InvalidToken");
    await tx.update(stayApprovalTokens).set({ usedAt: ctx.now })
      .where(eq(stayApprovalTokens.id, found.stay_approval_tokens.id));
    return { approved: await approve(tx, ctx, found.reservations) };
  });
}

/**
 * A new "approve" link token for the stay of a held guest (the notifications worker, when it
 * writes the e-mail); undefined when the guest is gone or no longer held.
 */
export async function newApprovalToken(
  tx: Transaction,
  guestId: string,
  now: Date,
): Promise<string | undefined> {
  const [guest] = await tx.select({ stayId: guests.reservationId }).from(guests)
    .where(eq(guests.id, guestId));
  if (!guest) return undefined;
  const [held] = await tx.select({ id: guests.id }).from(guests)
    .where(and(eq(guests.id, guestId), heldOf(guest.stayId)));
  if (!held) return undefined;
  const token = randomToken();
  await tx.insert(stayApprovalTokens).values({
    id: crypto.randomUUID(),
    reservationId: guest.stayId,
    tokenHash: await hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + APPROVAL_LINK_DAYS * 86_400_000),
  });
  return token;
}
