import { and, eq, exists, isNull, lt, or } from "drizzle-orm";
import { GuestsRefreshRequested } from "@shared/events.ts";
import type { ServiceContext } from "../../context.ts";
import { guests } from "../../db/schema/guests.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { appendEvent } from "../../outbox/append-event.ts";

/** A stay's guests are asked of eVisitor at most this often. */
export const REFRESH_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Opening a stay asks eVisitor (in the background) whether its checked-in guests were checked
 * out there meanwhile (spec: "opening a reservation queries that system and updates the guest to
 * checked out"), at most every ten minutes per stay. Returns whether a refresh was queued.
 */
export async function refreshGuestsIfDue(
  ctx: Pick<ServiceContext, "db" | "now">,
  reservationId: string,
): Promise<boolean> {
  return await ctx.db.transaction(async (tx) => {
    const due = await tx.update(reservations).set({ guestsRefreshedAt: ctx.now }).where(and(
      eq(reservations.id, reservationId),
      or(
        isNull(reservations.guestsRefreshedAt),
        lt(reservations.guestsRefreshedAt, new Date(ctx.now.getTime() - REFRESH_INTERVAL_MS)),
      ),
      exists(
        tx.select({ id: guests.id }).from(guests).where(and(
          eq(guests.reservationId, reservationId),
          eq(guests.status, "CheckedIn"),
        )),
      ),
    )).returning({ id: reservations.id });
    if (due.length === 0) return false;
    await appendEvent(tx, GuestsRefreshRequested, { reservationId }, ctx.now);
    return true;
  });
}
