import { eq } from "drizzle-orm";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import type { Database, DbOrTx } from "@core/db/client.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { calendarFeeds } from "@core/db/schema/calendar-feeds.ts";
import { createNotification } from "@core/services/notifications/create-notification.ts";
import {
  applyFeed,
  type FeedSyncSummary,
  recordFeedFailure,
  recordFeedUnchanged,
} from "./apply-feed.ts";
import { fetchFeed, type FetchFeedOptions } from "./fetch-feed.ts";
import { warnOfBookingCap } from "./booking-cap.ts";

/** A feed failing for this long gets the host a notification (once per run of failures). */
export const FAILING_NOTICE_AFTER_MS = 24 * 60 * 60 * 1000;

export interface UnitSyncOptions {
  fetch: FetchFeedOptions;
  /** Without `force`, feeds fetched more recently than this are left alone. */
  minAgeMs: number;
  clock: () => Date;
}

type Feed = typeof calendarFeeds.$inferSelect;
type Unit = typeof accommodationUnits.$inferSelect;

/** Fetches one feed and applies what it brought; never throws for what the feed does. */
async function syncFeed(
  db: Database,
  unit: Unit,
  feed: Feed,
  options: UnitSyncOptions,
): Promise<FeedSyncSummary | "unchanged"> {
  const outcome = await fetchFeed(feed.url, feed, options.fetch);
  const now = options.clock();
  switch (outcome.kind) {
    case "not-modified":
      await recordFeedUnchanged(db, feed, now);
      return "unchanged";
    case "failed":
      return await recordFeedFailure(db, feed, {
        status: outcome.status,
        error: outcome.error.code,
      }, now);
    case "fetched":
      return await applyFeed(
        db,
        feed,
        outcome,
        now,
        async (tx, summary) => {
          await notifyConflicts(tx, unit, feed, summary, now);
          await notifyGone(tx, unit, summary, now);
        },
      );
  }
}

/**
 * Tells the host about new conflicts, in the transaction that applied the feed: nights already
 * taken, or a moved arrival a stay with registered guests could not take.
 */
async function notifyConflicts(
  db: DbOrTx,
  unit: Unit,
  feed: Feed,
  summary: FeedSyncSummary,
  now: Date,
) {
  for (const conflict of summary.conflicts) {
    if (conflict.registered) {
      await createNotification(db, unit.userId, NOTIFICATION_TEMPLATES.calendarStayNeedsHost, {
        dedupeKey: `calendar-arrival-locked:${conflict.withCode}:${conflict.start}:${conflict.end}`,
        placeholders: {
          accommodationUnit: unit.name,
          reservationList: "arrival-locked",
          start: conflict.start,
          end: conflict.end,
          ...(conflict.withCode ? { code: conflict.withCode } : {}),
        },
        now,
      });
      continue;
    }
    await createNotification(db, unit.userId, NOTIFICATION_TEMPLATES.calendarConflict, {
      dedupeKey: `calendar-conflict:${feed.id}:${conflict.start}:${conflict.end}`,
      placeholders: {
        accommodationUnit: unit.name,
        start: conflict.start,
        end: conflict.end,
        ...(conflict.withCode ? { code: conflict.withCode } : {}),
      },
      now,
    });
  }
}

/**
 * Tells the host about a stay with guests that the feed no longer lists, or lists as a block while
 * its guests are registered (once per stay and outcome).
 */
async function notifyGone(db: DbOrTx, unit: Unit, summary: FeedSyncSummary, now: Date) {
  for (const stay of summary.blocked ?? []) {
    await createNotification(db, unit.userId, NOTIFICATION_TEMPLATES.calendarStayNeedsHost, {
      dedupeKey: `calendar-block-kept:${stay.code}`,
      placeholders: {
        accommodationUnit: unit.name,
        reservationList: "block-kept",
        code: stay.code,
        start: stay.start,
        end: stay.end,
      },
      now,
    });
  }
  for (const stay of summary.gone ?? []) {
    await createNotification(db, unit.userId, NOTIFICATION_TEMPLATES.calendarStayNeedsHost, {
      dedupeKey: `calendar-gone-${stay.outcome}:${stay.code}`,
      placeholders: {
        accommodationUnit: unit.name,
        reservationList: `gone-${stay.outcome}`,
        code: stay.code,
        start: stay.start,
        end: stay.end,
      },
      now,
    });
  }
}

/** Tells the host about a feed that has been failing for a day (once per run of failures). */
async function notifyFailing(
  db: Database,
  unit: Unit,
  feed: Feed,
  summary: FeedSyncSummary,
  now: Date,
) {
  const failingSince = summary.error === null ? null : feed.failingSince ?? now;
  if (failingSince && now.getTime() - failingSince.getTime() >= FAILING_NOTICE_AFTER_MS) {
    await createNotification(db, unit.userId, NOTIFICATION_TEMPLATES.calendarFeedFailing, {
      dedupeKey: `calendar-feed-failing:${feed.id}:${failingSince.getTime()}`,
      placeholders: { accommodationUnit: unit.name, start: failingSince.toISOString() },
      now,
    });
  }
}

/**
 * Syncs every feed of one unit, one after another: each reconciles against what the previous one
 * wrote, so two platforms offering the same nights give one stay and one conflict, not two stays.
 * A failing feed is recorded and the others still sync. Returns what each feed did.
 */
export async function syncUnitFeeds(
  db: Database,
  unitId: string,
  { force }: { force: boolean },
  options: UnitSyncOptions,
): Promise<(FeedSyncSummary | "unchanged" | "skipped")[]> {
  const [unit] = await db.select().from(accommodationUnits)
    .where(eq(accommodationUnits.id, unitId));
  if (!unit) return []; // deleted since the request: nothing to do
  const feeds = await db.select().from(calendarFeeds)
    .where(eq(calendarFeeds.accommodationUnitId, unitId))
    .orderBy(calendarFeeds.createdAt);
  const results: (FeedSyncSummary | "unchanged" | "skipped")[] = [];
  for (const feed of feeds) {
    const fetchedAt = feed.lastFetchAt?.getTime();
    if (
      !force && fetchedAt !== undefined && options.clock().getTime() - fetchedAt < options.minAgeMs
    ) {
      results.push("skipped");
      continue;
    }
    const result = await syncFeed(db, unit, feed, options);
    if (result !== "unchanged") await notifyFailing(db, unit, feed, result, options.clock());
    results.push(result);
  }
  const added = results.some((r) => typeof r === "object" && r.added > 0);
  if (added) await warnOfBookingCap(db, unit.userId, options.clock());
  return results;
}
