import { CalendarSyncRequested } from "@shared/events.ts";
import { DeferEvent } from "../runner/defer.ts";
import { defineConsumer } from "../runner/worker.ts";
import { HostBackoff } from "./host-backoff.ts";
import { WriteBatch } from "./write-batch.ts";
import { syncUnitFeeds, type UnitSyncOptions } from "./sync-unit.ts";

/**
 * Syncs one unit's feeds per event. Units are independent, so several are synced at once (most of
 * the time goes into waiting for platforms); each unit's feeds go one after another. Idempotent:
 * a repeated event re-fetches with the stored validators and finds nothing new. Replicas share the
 * durable consumer (each request goes to one of them), and a unit's claim (`sync-unit.ts`) keeps
 * two requests for the same unit from syncing it at once: a scheduled request finding the unit
 * busy is done (the other sync fetches the same feeds), a host's "Sync now" waits for its turn
 * (deferred, so it fetches after the running sync). Platforms that refuse with 429 or 5xx are
 * backed off by this process for all its requests (`host-backoff.ts`).
 */
export function calendarSyncConsumer(
  options: Omit<UnitSyncOptions, "clock"> & { concurrency: number },
) {
  const hosts = options.hosts ?? new HostBackoff();
  let writes: WriteBatch | undefined;
  return defineConsumer({
    name: "calendar_sync",
    stream: "CALENDAR",
    event: CalendarSyncRequested,
    concurrency: options.concurrency,
    // A unit has at most five feeds, each bounded by the fetch timeout.
    ackWaitMs: Math.max(30_000, 6 * options.fetch.timeoutMs),
    async handle(event, ctx) {
      const results = await syncUnitFeeds(ctx.db, event.payload.accommodationUnitId, {
        force: event.payload.force,
      }, { ...options, hosts, writes: writes ??= new WriteBatch(ctx.db), clock: ctx.clock });
      const busy = results.length > 0 && results.every((r) => r === "busy");
      if (busy && event.payload.force && !event.isLastAttempt) {
        throw new DeferEvent(options.fetch.timeoutMs);
      }
    },
  });
}
