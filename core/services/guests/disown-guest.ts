import { and, eq, gt, isNull } from "drizzle-orm";
import type { ServiceContext } from "../../context.ts";
import type { Transaction } from "../../db/client.ts";
import { guestDisownTokens } from "../../db/schema/checkin-receipts.ts";
import { guests } from "../../db/schema/guests.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { AppError } from "../../errors.ts";
import { hashToken, randomToken } from "../../platform/crypto/random-token.ts";
import { actorIdOf } from "../../context.ts";
import { impersonatorEmailOf } from "../users/account-history.ts";
import { findOwnGuest } from "./guest-details.ts";
import { queueCancellation } from "./host-cancel.ts";

/** The reason eVisitor gets with the cancel of a registration the host disowned. */
export const NOT_MY_GUEST_REASON = "Nije gost domaćina: upisan bez njegova znanja";
/** How long the e-mailed "not my guest" link works. */
export const DISOWN_LINK_DAYS = 30;

type GuestRow = typeof guests.$inferSelect;

export type DisownOutcome = "removed" | "cancelling";

/**
 * "Not my guest" (issue 20): a guest who came in by the stay's link or the door is removed; one
 * already registered with eVisitor has the registration cancelled through the lifecycle of
 * POST /Guests/cancel (the row stays, hidden from the stay's public page and room, and ends as
 * Cancelled). A guest already checked out cannot be disowned (CannotCancelRegistration); a guest
 * disowned before is not disowned twice.
 */
async function disown(
  tx: Transaction,
  ctx: ServiceContext,
  guest: GuestRow,
  stayCode: string,
  actorEmail: string | undefined,
): Promise<DisownOutcome> {
  if (guest.disownedAt) return "cancelling";
  if (guest.status === "PreCheckIn") {
    await tx.delete(guests).where(eq(guests.id, guest.id));
    return "removed";
  }
  await queueCancellation(tx, ctx, { guest, stayCode, reason: NOT_MY_GUEST_REASON, actorEmail });
  await tx.update(guests).set({ disownedAt: ctx.now }).where(eq(guests.id, guest.id));
  return "cancelling";
}

/** POST /Guests/{id}/notMine: the host's button beside the notification. */
export async function disownGuest(
  ctx: ServiceContext,
  { id }: { id: string },
): Promise<{ outcome: DisownOutcome }> {
  const userId = actorIdOf(ctx);
  const actorEmail = await impersonatorEmailOf(ctx.db, ctx.actor);
  return await ctx.db.transaction(async (tx) => {
    const { guests: guest, reservations: stay } = await findOwnGuest(
      tx,
      userId,
      { id },
      "registration",
    );
    return { outcome: await disown(tx, ctx, guest, stay.code, actorEmail) };
  });
}

/**
 * POST /Guests/notMine: the e-mailed link's single-use token instead of a session. A used,
 * expired or unknown token is InvalidToken; so is one whose guest is gone.
 */
export async function disownGuestByToken(
  ctx: ServiceContext,
  { token }: { token: string },
): Promise<{ outcome: DisownOutcome }> {
  const tokenHash = await hashToken(token);
  return await ctx.db.transaction(async (tx) => {
    const [found] = await tx.select().from(guestDisownTokens)
      .innerJoin(guests, eq(guests.id, guestDisownTokens.guestId))
      .innerJoin(reservations, eq(reservations.id, guests.reservationId))
      .where(and(
        eq(guestDisownTokens.tokenHash, tokenHash),
        isNull(guestDisownTokens.usedAt),
        gt(guestDisownTokens.expiresAt, ctx.now),
      ));
    if (!found) throw new AppError("InvalidToken");
    await tx.update(guestDisownTokens).set({ usedAt: ctx.now })
      .where(eq(guestDisownTokens.id, found.guest_disown_tokens.id));
    const outcome = await disown(tx, ctx, found.guests, found.reservations.code, undefined);
    return { outcome };
  });
}

/**
 * A new "not my guest" link token for a guest (the notifications worker, when it writes the
 * e-mail); undefined when the guest is gone or already disowned.
 */
export async function newDisownToken(
  tx: Transaction,
  guestId: string,
  now: Date,
): Promise<string | undefined> {
  const [guest] = await tx.select({ id: guests.id }).from(guests)
    .where(and(eq(guests.id, guestId), isNull(guests.disownedAt)));
  if (!guest) return undefined;
  const token = randomToken();
  await tx.insert(guestDisownTokens).values({
    id: crypto.randomUUID(),
    guestId,
    tokenHash: await hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + DISOWN_LINK_DAYS * 86_400_000),
  });
  return token;
}
