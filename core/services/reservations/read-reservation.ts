import { eq } from "drizzle-orm";
import type { PublicReservation, Reservation } from "@shared/schemas/reservation.ts";
import type { ServiceContext } from "../../context.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { AppError } from "../../errors.ts";
import { refreshGuestsIfDue } from "../guests/refresh-guests.ts";
import { publicStay } from "./public-stay.ts";
import { describeReservation } from "./manage-reservation.ts";

/**
 * GET /Reservations/{code}: in full for its host (whose guests' registrations are refreshed from
 * eVisitor when due), else as the check-in page shows it to anyone holding the code.
 */
export async function readReservation(
  ctx: ServiceContext,
  { code, receipt }: { code: string; receipt?: string },
): Promise<Reservation | PublicReservation> {
  if (ctx.actor) {
    const own = await describeReservation(ctx, { code }).catch((error) => {
      if (error instanceof AppError && error.code === "NotFound") return undefined;
      throw error;
    });
    if (own) {
      const [row] = await ctx.db.select({ id: reservations.id }).from(reservations)
        .where(eq(reservations.code, code));
      await refreshGuestsIfDue(ctx, row.id);
      return own;
    }
  }
  return await publicStay(ctx, { code, receipt });
}
