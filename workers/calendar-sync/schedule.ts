import type { JetStreamClient } from "@nats-io/jetstream";
import { isNull, lte, or } from "drizzle-orm";
import { CalendarSyncRequested } from "@shared/events.ts";
import type { Database } from "@core/db/client.ts";
import { calendarFeeds } from "@core/db/schema/calendar-feeds.ts";
import { describeError, log } from "@core/platform/logger.ts";
import { publishRequest } from "../runner/publish-request.ts";
import { sleep } from "../runner/sleep.ts";

export interface ScheduleOptions {
  db: Database;
  js: () => JetStreamClient;
  clock: () => Date;
  /** How often each feed is fetched. */
  intervalMs: number;
  /** How often the schedule looks for feeds that are due. */
  tickMs: number;
  signal: AbortSignal;
}

/**
 * Publishes a sync request for every unit with a feed not fetched within the interval. Several
 * copies of the workers may run this at once without a lease: the message id names the unit and
 * the interval slot, so JetStream's duplicate window keeps one request per unit and slot, and a
 * request that slips through anyway only re-fetches with conditional headers (the consumer skips
 * feeds fetched recently unless forced). Returns how many units were requested.
 */
export async function scheduleDueUnits(options: Omit<ScheduleOptions, "tickMs" | "signal">) {
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

/** Runs the schedule until the signal aborts; a failed round is logged and tried next tick. */
export async function runCalendarSchedule(options: ScheduleOptions): Promise<void> {
  log.info("calendar schedule started", { intervalMs: options.intervalMs });
  while (!options.signal.aborted) {
    try {
      const requested = await scheduleDueUnits(options);
      if (requested > 0) log.info("calendar syncs requested", { units: requested });
    } catch (error) {
      log.warn("calendar schedule round failed", describeError(error));
    }
    await sleep(options.tickMs, options.signal);
  }
}
