import { inArray, type SQL } from "drizzle-orm";
import type { Transaction } from "../../db/client.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import {
  calendarFeeds,
  calendarSyncLeases,
  calendarSyncRuns,
} from "../../db/schema/calendar-feeds.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { removeReservations } from "../reservations/remove-reservations.ts";

/**
 * Deletes units with everything that belongs to them (their reservations, calendar feeds, sync
 * history and a sync's claim), children first as the foreign keys require. `which` selects the units, e.g.
 * `eq(accommodationUnits.propertyId, id)`. Run inside the caller's transaction.
 */
export async function removeUnits(tx: Transaction, which: SQL | undefined): Promise<void> {
  const unitIds = tx.select({ id: accommodationUnits.id }).from(accommodationUnits).where(which);
  const feedIds = tx.select({ id: calendarFeeds.id }).from(calendarFeeds)
    .where(inArray(calendarFeeds.accommodationUnitId, unitIds));
  await tx.delete(calendarSyncRuns).where(inArray(calendarSyncRuns.feedId, feedIds));
  await removeReservations(tx, inArray(reservations.accommodationUnitId, unitIds));
  await tx.delete(calendarFeeds).where(inArray(calendarFeeds.accommodationUnitId, unitIds));
  await tx.delete(calendarSyncLeases).where(
    inArray(calendarSyncLeases.accommodationUnitId, unitIds),
  );
  await tx.delete(accommodationUnits).where(which);
}
