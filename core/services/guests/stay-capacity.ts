import { eq } from "drizzle-orm";
import { message } from "@shared/messages.ts";
import type { DbOrTx } from "../../db/client.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { guests } from "../../db/schema/guests.ts";
import { AppError } from "../../errors.ts";
import { liveGuestsOf } from "../reservations/public-stay.ts";

/**
 * The most guests a stay takes: its unit's capacity (for a unit mirrored from eVisitor, its beds
 * plus extra beds), else the property's maximum; null when neither is known.
 */
export function capacityOf(
  unit: { capacity: number | null },
  property: { maxNumberOfGuests: number | null },
): number | null {
  return unit.capacity ?? property.maxNumberOfGuests;
}

/**
 * Refuses `adding` more guests for a stay that has no room for them, with a message that says
 * what to do (TooManyGuests, 400); the same rule for the guest's check-in page and the host's
 * form. `present` are the stay's guests still there (not disowned).
 */
export function assertRoom(capacity: number | null, present: number, adding: number): void {
  if (capacity === null || present + adding <= capacity) return;
  throw new AppError("TooManyGuests", {
    detail: `At most ${capacity} guests can stay here (beds and extra beds); ${present} are ` +
      "already entered. Remove a guest from the stay or move the stay to a larger unit.",
    errors: { reservationGuests: [message("stayCapacityReached", { capacity })] },
  });
}

/** The stay's guests still there, and the cap of its unit or property. */
export async function roomOfStay(
  tx: DbOrTx,
  stay: { id: string; accommodationUnitId: string },
  property: { maxNumberOfGuests: number | null },
): Promise<{ capacity: number | null; present: number }> {
  const [unit] = await tx.select({ capacity: accommodationUnits.capacity })
    .from(accommodationUnits).where(eq(accommodationUnits.id, stay.accommodationUnitId));
  const entered = await tx.select().from(guests).where(eq(guests.reservationId, stay.id));
  return {
    capacity: capacityOf(unit ?? { capacity: null }, property),
    present: liveGuestsOf(entered).length,
  };
}
