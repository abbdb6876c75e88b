import { and, eq, gt, lt, ne } from "drizzle-orm";
import { message } from "@shared/messages.ts";
import type { DbOrTx } from "../../db/client.ts";
import { stayRequests } from "../../db/schema/stay-requests.ts";
import { AppError } from "../../errors.ts";

/** Requests still waiting at `now`: pending and not yet past their 2 hours. */
export function pendingAt(now: Date) {
  return and(eq(stayRequests.state, "pending"), gt(stayRequests.expiresAt, now));
}

/**
 * Refuses nights [start, end) of a unit that a waiting walk-in request holds (issue 20 item 5):
 * a stay the host enters, or another request, sees the hold until the request is answered or
 * expires. `exceptId` leaves out the request being confirmed.
 */
export async function assertNotHeld(
  tx: DbOrTx,
  unitId: string,
  stay: { start: string; end: string },
  now: Date,
  exceptId?: string,
): Promise<void> {
  const [held] = await tx.select({ id: stayRequests.id }).from(stayRequests).where(and(
    eq(stayRequests.accommodationUnitId, unitId),
    pendingAt(now),
    lt(stayRequests.startDate, stay.end),
    gt(stayRequests.endDate, stay.start),
    exceptId ? ne(stayRequests.id, exceptId) : undefined,
  )).limit(1);
  if (held) {
    throw new AppError("ReservationOverlap", {
      detail: "A guest at the door asked for these nights: answer their request first.",
      errors: { startDateUTC: [message("dateRangeTaken")] },
    });
  }
}

/** How long a walk-in's request is kept after its 2 hours: its device may still read the answer. */
export const STAY_REQUEST_RETENTION_DAYS = 1;

/**
 * Deletes walk-in requests whose time ran out more than STAY_REQUEST_RETENTION_DAYS ago, answered
 * or not, with the name and phone an unanswered one still holds (a confirmed request's stay stays).
 * Returns how many.
 */
export async function removeOldStayRequests(db: DbOrTx, now: Date): Promise<number> {
  const before = new Date(now.getTime() - STAY_REQUEST_RETENTION_DAYS * 24 * 3600_000);
  const removed = await db.delete(stayRequests).where(lt(stayRequests.expiresAt, before))
    .returning({ id: stayRequests.id });
  return removed.length;
}
