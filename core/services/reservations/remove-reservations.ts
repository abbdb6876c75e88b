import { inArray, type SQL } from "drizzle-orm";
import type { Transaction } from "../../db/client.ts";
import { guests } from "../../db/schema/guests.ts";
import { reservations } from "../../db/schema/reservations.ts";

/**
 * Deletes the reservations `which` selects with their guests (children first, as the foreign keys
 * require). Callers make sure no guest registered with eVisitor is among them, or accept it (a
 * unit or property being deleted takes its history along). Run in the caller's transaction.
 */
export async function removeReservations(tx: Transaction, which: SQL | undefined): Promise<void> {
  const ids = tx.select({ id: reservations.id }).from(reservations).where(which);
  await tx.delete(guests).where(inArray(guests.reservationId, ids));
  await tx.delete(reservations).where(which);
}
