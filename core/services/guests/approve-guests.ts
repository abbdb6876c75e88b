/**
 * Approving guests who checked themselves in and wait for the host (issues 20, 30, 32): in the app
 * by the signed-in host, or by the single-use link the e-mail and the push carry, which approves
 * or declines only the guests it names. One file: both ways share the same steps (which guests
 * are waiting, the registration they move to, the notices marked done), and the link's token,
 * preview and timing are the few functions around them.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
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
import { hashToken, randomToken } from "../../platform/crypto/random-token.ts";
import { accessReservation } from "../access/property-access.ts";
import { recordMemberAction } from "../property-members/member-actions.ts";
import { today as todayOf } from "../reservations/stay-dates.ts";
import { recordTransition } from "./registration/record-transition.ts";

/** How long the e-mailed "approve" link works. */
export const APPROVAL_LINK_DAYS = 30;

type StayRow = typeof reservations.$inferSelect;

/**
 * The order the approval page and its e-mail list guests in: as they came in, and those of one
 * check-in (the same moment) by surname and name, so the page and the e-mail agree.
 */
const ARRIVAL_ORDER = [
  asc(guests.createdAt),
  asc(guests.surname),
  asc(guests.name),
  asc(guests.id),
] as const;

/**
 * Guests of a stay held for the host's approval: came in by the link or door, not approved, not
 * disowned. A guest the host declined on the approval page ("not my guest", issue 32) is still
 * held: it stays unregistered and in the stay until the host deletes or approves it.
 */
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
 * Approves the held guests of the stay among `ids` (those the host saw listed and chose): from
 * the arrival day on each is queued for eVisitor at once; before it, on the arrival day
 * (workers/evisitor/deadline-warnings.ts). A declined guest is approved only when
 * `declinedToo` (the host's own choice in the app, which clears the decline). Returns how many
 * were approved (0 when none of them waited: a second tap changes nothing).
 */
async function approve(
  tx: Transaction,
  ctx: ServiceContext,
  stay: StayRow,
  ids: string[],
  { declinedToo }: { declinedToo: boolean },
): Promise<number> {
  if (stay.canceledAt) throw new AppError("CheckInClosed");
  if (ids.length === 0) return 0;
  const held = await tx.select({ id: guests.id }).from(guests).where(and(
    heldOf(stay.id),
    inArray(guests.id, ids),
    declinedToo ? undefined : isNull(guests.approvalDeclinedAt),
  ));
  const now = todayOf(ctx.now) >= stay.startDate;
  const state = now ? "queued" : "waiting";
  for (const { id } of held) {
    await recordTransition(tx, id, { kind: "approved", state, declinedToo }, ctx.now);
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

/**
 * POST /Reservations/{code}/approveGuests: the host approves the held guests they see listed and
 * chose (issue 32), never one who came in after the page was drawn. A guest they declined on the
 * e-mailed page is approved too when chosen here (approving after all).
 */
export async function approveStayGuests(
  ctx: ServiceContext,
  { code, guestIds }: { code: string; guestIds: string[] },
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
    const approved = await approve(tx, ctx, stay, guestIds, { declinedToo: true });
    if (approved > 0) {
      await recordMemberAction(tx, ctx, {
        property,
        kind: "MemberGuestsApproved",
        reservationCode: stay.code,
      });
    }
    return { approved };
  }, { behavior: "immediate" });
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
 * approves the guests the link names (those its e-mail lists) that still wait and that the host
 * did not decline, and of them only those in `guestIds` when given (the ones its page showed),
 * and no one else (issue 30, N7; issue 32). A used, expired or unknown token is InvalidToken.
 */
export async function approveStayGuestsByToken(
  ctx: ServiceContext,
  { token, guestIds }: { token: string; guestIds?: string[] },
): Promise<{ approved: number }> {
  return await ctx.db.transaction(async (tx) => {
    const { link, stay } = await linkOf(tx, token, ctx.now);
    await tx.update(stayApprovalTokens).set({ usedAt: ctx.now })
      .where(eq(stayApprovalTokens.id, link.id));
    const named = link.guestIds ?? [];
    const chosen = guestIds ? named.filter((id) => guestIds.includes(id)) : named;
    return { approved: await approve(tx, ctx, stay, chosen, { declinedToo: false }) };
  }, { behavior: "immediate" });
}

/**
 * POST /Reservations/approveGuests/decline: "not my guest" on the e-mailed link's page (issue
 * 32). The guest must be one the link names and still held; it is then left out of the link's
 * approval, stays unregistered, and the host finds it in the stay, marked, to delete or approve.
 * Nothing is deleted and the link stays unused, so the host can go on to approve the others. A
 * second decline (a double tap, two tabs) changes nothing; a guest approved meanwhile is not
 * declined (GuestNotHeld). Answers the page's list as it is now.
 */
export async function declineGuestByToken(
  ctx: ServiceContext,
  { token, guestId }: { token: string; guestId: string },
): Promise<ApprovalLinkPreview> {
  await ctx.db.transaction(async (tx) => {
    const { link, stay } = await linkOf(tx, token, ctx.now);
    if (!(link.guestIds ?? []).includes(guestId) || stay.canceledAt) throw notHeld();
    const [held] = await tx.select({ id: guests.id }).from(guests)
      .where(and(heldOf(stay.id), eq(guests.id, guestId)));
    if (!held) throw notHeld();
    await tx.update(guests).set({ approvalDeclinedAt: ctx.now, updatedAt: ctx.now })
      .where(and(eq(guests.id, guestId), isNull(guests.approvalDeclinedAt)));
  }, { behavior: "immediate" });
  return await previewApprovalLink(ctx, { token });
}

const notHeld = () =>
  new AppError("NotFound", { detail: "This guest is not waiting for this link's approval." });

/**
 * POST /Reservations/approveGuests/preview: what the e-mailed link's tap would approve, for its
 * page to show first: the stay's unit and dates and the named guests that still wait, each with
 * their citizenship, when they came in and whether the host declined them. Nothing else of the
 * guests (no document number, birth date or address): whoever holds the link sees only what the
 * host needs to recognise their guests. The link stays unused. A used, expired or unknown token
 * is InvalidToken.
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
    .select({
      id: guests.id,
      name: guests.name,
      surname: guests.surname,
      citizenship: guests.citizenship,
      approvalRequestedAt: guests.approvalRequestedAt,
      approvalDeclinedAt: guests.approvalDeclinedAt,
    }).from(guests)
    .where(and(heldOf(stay.id), inArray(guests.id, named)))
    .orderBy(...ARRIVAL_ORDER);
  return {
    accommodationUnitName: unit?.name ?? "",
    startDate: stay.startDate,
    endDate: stay.endDate,
    guests: waiting.map((g) => ({
      id: g.id,
      name: g.name,
      surname: g.surname,
      citizenship: g.citizenship,
      arrivedAt: (g.approvalRequestedAt ?? new Date(0)).toISOString(),
      declined: g.approvalDeclinedAt !== null,
    })),
  };
}

/** Guests of a stay still to be asked about: held, and not declined by the host. */
function toAskOf(stayId: string) {
  return and(heldOf(stayId), isNull(guests.approvalDeclinedAt));
}

/**
 * Whether the e-mail about held guest `guestId` goes now (issue 32: one e-mail per stay and
 * burst). Guests entered at one stay less than `burstMs` apart make one burst, and its last
 * guest's e-mail speaks for all of them: an earlier guest's is "skip" once a later one waits;
 * the last one's is "wait" until `burstMs` after it came in (nobody came after it), then "send".
 * "skip" too once the guest no longer waits for approval (approved, declined, deleted).
 */
export async function approvalEmailTiming(
  db: DbOrTx,
  guestId: string,
  now: Date,
  burstMs: number,
): Promise<{ kind: "skip" } | { kind: "send" } | { kind: "wait"; ms: number }> {
  const [guest] = await db.select({ stayId: guests.reservationId }).from(guests)
    .where(eq(guests.id, guestId));
  if (!guest) return { kind: "skip" };
  const waiting = await db.select({ id: guests.id, at: guests.approvalRequestedAt })
    .from(guests).where(toAskOf(guest.stayId))
    .orderBy(asc(guests.approvalRequestedAt), asc(guests.id));
  const last = waiting.at(-1);
  if (!waiting.some((g) => g.id === guestId) || !last || last.id !== guestId) {
    return { kind: "skip" };
  }
  const ends = (last.at?.getTime() ?? 0) + burstMs;
  return now.getTime() >= ends ? { kind: "send" } : { kind: "wait", ms: ends - now.getTime() };
}

/**
 * A new "approve" link for the stay of a held guest (the notifications worker, when it writes the
 * e-mail): it names the stay's guests waiting for approval at this moment (not those the host
 * declined), in the order they came in, and approves them and no one who comes in later; the e-mail
 * lists their initials and countries. Undefined when the guest is gone or no longer waits.
 */
export async function newApprovalToken(
  tx: Transaction,
  guestId: string,
  now: Date,
): Promise<{ token: string; guests: { initials: string; citizenship: string }[] } | undefined> {
  const [guest] = await tx.select({ stayId: guests.reservationId }).from(guests)
    .where(eq(guests.id, guestId));
  if (!guest) return undefined;
  const held = await tx.select({
    id: guests.id,
    name: guests.name,
    surname: guests.surname,
    citizenship: guests.citizenship,
  })
    .from(guests).where(toAskOf(guest.stayId))
    .orderBy(...ARRIVAL_ORDER);
  if (!held.some((g) => g.id === guestId)) return undefined;
  const named = held;
  const token = randomToken();
  await tx.insert(stayApprovalTokens).values({
    id: crypto.randomUUID(),
    reservationId: guest.stayId,
    tokenHash: await hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + APPROVAL_LINK_DAYS * 86_400_000),
    guestIds: named.map((g) => g.id),
  });
  return {
    token,
    guests: named.map((g) => ({
      initials: initialsOf(g.name, g.surname),
      citizenship: g.citizenship,
    })),
  };
}
