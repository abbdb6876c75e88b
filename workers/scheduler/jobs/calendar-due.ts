import type { JetStreamClient } from "@nats-io/jetstream";
import { isNull, lte, or } from "drizzle-orm";
import { CalendarSyncRequested } from "@shared/events.ts";
import type { Database } from "@core/db/client.ts";
import { calendarFeeds } from "@core/db/schema/calendar-feeds.ts";
import { log } from "@core/platform/logger.ts";
import { publishRequest } from "../../runner/publish-request.ts";
import type { Job } from "../job.ts";

/**
 * Publishes a sync request for every unit with a feed not fetched within the interval. Several
 * copies of the scheduler may run this at once without a lease: the message id names the unit and
 * the interval slot, so JetStream's duplicate window keeps one request per unit and slot, and a
 * request that slips through anyway only re-fetches with conditional headers (the consumer skips
 * feeds fetched recently unless forced). Returns how many units were requested.
 */
export async function scheduleDueUnits(
  options: { db: Database; js: () => JetStreamClient; clock: () => Date; intervalMs: number },
) {
  const now = options.clock();
  const dueBefore = new Date(now.getTime() - options.intervalMs);
  const due = await options.db.selectDistinct({ unitId: calendarFeeds.accommodationUnitId })
    .from(calendarFeeds)
    .where(or(isNull(calendarFeeds.lastFetchAt), lte(calendarFeeds.lastFetchAt, dueBefore)));
  const slot = Math.floor(now.getTime() / options.intervalMs);
  const js = options.js();
  for (const { unitId } of due) {
    await publishRequest(js, CalendarSyncRequested, { accommodationUnitId: unitId, force: false }, {
      id: `calendar-sync:${unitId}:${slot}`,
      now,
    });
  }
  return due.length;
}

/**
 * Calendar feeds to refresh: every `tickMs` (CALENDAR_SCHEDULE_TICK_MS), the units with a feed
 * not fetched for `intervalMs` (CALENDAR_SYNC_INTERVAL_MINUTES) are sent to the calendar worker.
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
