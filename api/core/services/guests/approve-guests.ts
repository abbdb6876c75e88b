import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { GuestCheckInRequested } from "@shared/events.ts";
import { initialsOf } from "@shared/guest-initials.ts";
import type { ApprovalLinkPreview } from "@shared/schemas/guest-approval.ts";
import type { ServiceContext } from "../../context.ts";
import { actorIdOf } from "../../context.ts";
import type { DbOrTx, Transaction } from "../../db/client.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
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
 * Approves the held guests of the stay, all of them or only those of `only` (an e-mailed link's):
 * from the arrival day on each is queued for eVisitor at once; before it, on the arrival day
 * (workers/evisitor/schedule/guest-duties.ts). Returns how many were approved (0 when none
 * waited: a second tap changes nothing).
 */
async function approve(
  tx: Transaction,
  ctx: ServiceContext,
  stay: StayRow,
  only?: string[],
): Promise<number> {
  if (stay.canceledAt) throw new AppError("CheckInClosed");
  if (only?.length === 0) return 0;
  const held = await tx.select({ id: guests.id }).from(guests)
    .where(and(heldOf(stay.id), only ? inArray(guests.id, only) : undefined));
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
 * The e-mailed link's row and its stay, while the link works: unused, not expired, and naming its
 * guests (a link made before links named them approves nobody). InvalidToken otherwise.
 */
async function linkOf(tx: DbOrTx, token: string, now: Date) {
  const [found] = await tx.select().from(stayApprovalTokens)
    .innerJoin(reservations, eq(reservations.id, stayApprovalTokens.reservationId))
    .where(and(
      eq(stayApprovalTokens.tokenHash, await hashToken(token)),
      isNull(stayApprovalTokens.usedAt),
      gt(stayApprovalTokens.expiresAt, now),
      isNotNull(stayApprovalTokens.guestIds),
    ));
  if (!found) throw new AppError("InvalidToken");
  return { link: found.stay_approval_tokens, stay: found.reservations };
}

/**
 * POST /Reservations/approveGuests: the e-mailed single-use link's token instead of a session. It
 * approves the guests the link names (those its e-mail lists) that still wait, and no one else
 * (issue 30, N7). A used, expired or unknown token is InvalidToken.
 */
export async function approveStayGuestsByToken(
  ctx: ServiceContext,
  { token }: { token: string },
): Promise<{ approved: number }> {
  return await ctx.db.transaction(async (tx) => {
    const { link, stay } = await linkOf(tx, token, ctx.now);
    await tx.update(stayApprovalTokens).set({ usedAt: ctx.now })
      .where(eq(stayApprovalTokens.id, link.id));
    return { approved: await approve(tx, ctx, stay, link.guestIds ?? []) };
  });
}

/**
 * POST /Reservations/approveGuests/preview: what the e-mailed link's tap would approve, for its
 * page to show first: the stay's unit and dates and the named guests that still wait. The link
 * stays unused. A used, expired or unknown token is InvalidToken.
 */
export async function previewApprovalLink(
  ctx: ServiceContext,
  { token }: { token: string },
): Promise<ApprovalLinkPreview> {
  const { link, stay } = await linkOf(ctx.db, token, ctx.now);
  const [unit] = await ctx.db.select({ name: accommodationUnits.name }).from(accommodationUnits)
    .where(eq(accommodationUnits.id, stay.accommodationUnitId));
  const named = link.guestIds ?? [];
  const waiting = named.length === 0 || stay.canceledAt ? [] : await ctx.db
    .select({ name: guests.name, surname: guests.surname }).from(guests)
    .where(and(heldOf(stay.id), inArray(guests.id, named)))
    .orderBy(asc(guests.createdAt), asc(guests.id));
  return {
    accommodationUnitName: unit?.name ?? "",
    startDate: stay.startDate,
    endDate: stay.endDate,
    guests: waiting,
  };
}

/**
 * A new "approve" link for the stay of a held guest (the notifications worker, when it writes the
 * e-mail): it names the guests of the stay held at this moment, the e-mail's own first, and
 * approves them and no one who comes in later; the e-mail lists their initials. Undefined when
 * the guest is gone or no longer held.
 */
export async function newApprovalToken(
  tx: Transaction,
  guestId: string,
  now: Date,
): Promise<{ token: string; guests: { initials: string }[] } | undefined> {
  const [guest] = await tx.select({ stayId: guests.reservationId }).from(guests)
    .where(eq(guests.id, guestId));
  if (!guest) return undefined;
  const held = await tx.select({ id: guests.id, name: guests.name, surname: guests.surname })
    .from(guests).where(heldOf(guest.stayId))
    .orderBy(asc(guests.createdAt), asc(guests.id));
  const own = held.find((g) => g.id === guestId);
  if (!own) return undefined;
  const named = [own, ...held.filter((g) => g.id !== guestId)];
  const token = randomToken();
  await tx.insert(stayApprovalTokens).values({
    id: crypto.randomUUID(),
    reservationId: guest.stayId,
    tokenHash: await hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + APPROVAL_LINK_DAYS * 86_400_000),
    guestIds: named.map((g) => g.id),
  });
  return { token, guests: named.map((g) => ({ initials: initialsOf(g.name, g.surname) })) };
}
