import type { JetStreamClient } from "@nats-io/jetstream";
import { and, isNull, lte, min, or } from "drizzle-orm";
import { CalendarSyncRequested } from "@shared/events.ts";
import type { Database } from "@core/db/client.ts";
import { calendarFeeds } from "@core/db/schema/calendar-feeds.ts";
import { log } from "@core/platform/logger.ts";
import { publishRequest } from "../../runner/publish-request.ts";
import type { Job } from "../job.ts";

/**
 * Publishes a sync request for every unit with a feed due: its `next_sync_at` has passed (each
 * unit at its own moment of the interval, `calendar-sync/schedule.ts`, so the requests come as an
 * even stream and never as a crowd at the top of the interval), or, for a feed the worker has not
 * scheduled yet (new), it has not been fetched for an interval. Several copies of the scheduler
 * may run this at once without a lease: the message id names the unit and the moment it became
 * due (or the interval slot), so JetStream's duplicate window keeps one request per unit and
 * moment, and a request that slips through anyway finds the unit claimed or its feeds fetched
 * recently (the consumer skips those unless forced). Returns how many units were requested.
 */
export async function scheduleDueUnits(
  options: { db: Database; js: () => JetStreamClient; clock: () => Date; intervalMs: number },
) {
  const now = options.clock();
  // Two indexed reads rather than one OR, which SQLite would answer by reading every feed.
  const scheduled = await options.db.select({
    unitId: calendarFeeds.accommodationUnitId,
    dueAt: min(calendarFeeds.nextSyncAt),
  })
    .from(calendarFeeds)
    .where(lte(calendarFeeds.nextSyncAt, now))
    .groupBy(calendarFeeds.accommodationUnitId);
  const dueBefore = new Date(now.getTime() - options.intervalMs);
  const unscheduled = await options.db.selectDistinct({
    unitId: calendarFeeds.accommodationUnitId,
  })
    .from(calendarFeeds)
    .where(and(
      isNull(calendarFeeds.nextSyncAt),
      or(isNull(calendarFeeds.lastFetchAt), lte(calendarFeeds.lastFetchAt, dueBefore)),
    ));
  const slot = Math.floor(now.getTime() / options.intervalMs);
  const due = new Map<string, string>();
  for (const { unitId } of unscheduled) due.set(unitId, `slot-${slot}`);
  for (const { unitId, dueAt } of scheduled) due.set(unitId, `at-${dueAt?.getTime() ?? 0}`);
  const js = options.js();
  for (const [unitId, moment] of due) {
    await publishRequest(js, CalendarSyncRequested, { accommodationUnitId: unitId, force: false }, {
      id: `calendar-sync:${unitId}:${moment}`,
      now,
    });
  }
  return due.size;
}

/**
 * Calendar feeds to refresh: every `tickMs` (CALENDAR_SCHEDULE_TICK_MS), the units with a feed
 * due are sent to the calendar worker; each is due once per `intervalMs`
 * (CALENDAR_SYNC_INTERVAL_MINUTES), at its own moment.
 */
export function calendarDueJob(
  { intervalMs, tickMs }: { intervalMs: number; tickMs: number },
): Job {
  return {
    name: "calendar-due",
    every: tickMs,
    async run({ db, js, now }) {
      const requested = await scheduleDueUnits({ db, js, clock: () => now, intervalMs });
      if (requested > 0) log.info("calendar syncs requested", { units: requested });
    },
  };
}
