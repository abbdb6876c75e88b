import { and, eq, lte } from "drizzle-orm";
import type { DbOrTx } from "@core/db/client.ts";
import { calendarSyncLeases } from "@core/db/schema/calendar-feeds.ts";

/**
 * Claims a unit for this sync: a row in `calendar_sync_leases`, taken over only once expired, so
 * two workers handed the same unit (a scheduled request and a host's "Sync now", a redelivery
 * after a slow fetch) never fetch and apply its feeds at the same time. Returns the claim's
 * holder, or null when another sync holds the unit.
 */
export async function claimUnit(db: DbOrTx, unitId: string, now: Date, leaseMs: number) {
  const holder = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + leaseMs);
  const claimed = await db.insert(calendarSyncLeases)
    .values({ accommodationUnitId: unitId, holder, expiresAt })
    .onConflictDoUpdate({
      target: calendarSyncLeases.accommodationUnitId,
      set: { holder, expiresAt },
      setWhere: lte(calendarSyncLeases.expiresAt, now),
    })
    .returning({ holder: calendarSyncLeases.holder });
  return claimed.length > 0 ? holder : null;
}

/** Lets go of a unit this sync claimed (and only if the claim is still its own). */
export async function releaseUnit(db: DbOrTx, unitId: string, holder: string) {
  await db.delete(calendarSyncLeases).where(and(
    eq(calendarSyncLeases.accommodationUnitId, unitId),
    eq(calendarSyncLeases.holder, holder),
  ));
}
