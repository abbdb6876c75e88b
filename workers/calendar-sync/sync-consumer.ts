import { CalendarSyncRequested } from "@shared/events.ts";
import { defineConsumer } from "../runner/worker.ts";
import { syncUnitFeeds, type UnitSyncOptions } from "./sync-unit.ts";

/**
 * Syncs one unit's feeds per event. Units are independent, so several are synced at once (most of
 * the time goes into waiting for platforms); each unit's feeds go one after another. Idempotent:
 * a repeated event re-fetches with the stored validators and finds nothing new.
 */
export function calendarSyncConsumer(
  options: Omit<UnitSyncOptions, "clock"> & { concurrency: number },
) {
  return defineConsumer({
    name: "calendar_sync",
    stream: "CALENDAR",
    event: CalendarSyncRequested,
    concurrency: options.concurrency,
    // A unit has at most five feeds, each bounded by the fetch timeout.
    ackWaitMs: Math.max(30_000, 6 * options.fetch.timeoutMs),
    async handle(event, ctx) {
      await syncUnitFeeds(ctx.db, event.payload.accommodationUnitId, {
        force: event.payload.force,
      }, { ...options, clock: ctx.clock });
    },
  });
}
