import { and, eq, inArray } from "drizzle-orm";
import { CalendarSyncRequested } from "@shared/events.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { calendarFeeds } from "../../db/schema/calendar-feeds.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { accessUnit, propertyScopeWhere } from "../access/property-access.ts";

/**
 * "Sync now": queues a forced sync of one unit's feeds, or of every unit with one of the
 * caller's properties and of those whose calendars they manage as a co-host. The calendar worker fetches them within seconds; the page polls the feeds' health.
 * Returns how many units were queued.
 */
export async function requestCalendarSync(
  ctx: ServiceContext,
  { accommodationUnitCode: unitCode }: { accommodationUnitCode?: string },
): Promise<number> {
  const userId = actorIdOf(ctx);
  const only = unitCode
    ? (await accessUnit(ctx.db, userId, { code: unitCode }, "settings")).unit
    : undefined;
  const units = await ctx.db.selectDistinct({ id: calendarFeeds.accommodationUnitId })
    .from(calendarFeeds)
    .where(and(
      only ? eq(calendarFeeds.accommodationUnitId, only.id) : undefined,
      inArray(
        calendarFeeds.accommodationUnitId,
        ctx.db.select({ id: accommodationUnits.id }).from(accommodationUnits)
          .where(propertyScopeWhere(userId, "settings", {
            owner: accommodationUnits.userId,
            property: accommodationUnits.propertyId,
          })),
      ),
    ));
  await ctx.db.transaction(async (tx) => {
    for (const unit of units) {
      await appendEvent(
        tx,
        CalendarSyncRequested,
        { accommodationUnitId: unit.id, force: true },
        ctx.now,
      );
    }
  });
  return units.length;
}
