/**
 * What a calendar sync tells the host (in the transaction that applied the feed, or after a
 * failure): new conflicts, stays with guests the feed dropped or turned into a block, and a feed
 * that has kept failing for a day. Each notice once, by its dedupe key.
 */
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import type { Database, DbOrTx } from "@core/db/client.ts";
import type { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import type { calendarFeeds } from "@core/db/schema/calendar-feeds.ts";
import { createNotification } from "@core/services/notifications/create-notification.ts";
import type { FeedSyncSummary } from "./apply-feed.ts";

/** A feed failing for this long gets the host a notification (once per run of failures). */
export const FAILING_NOTICE_AFTER_MS = 24 * 60 * 60 * 1000;

type Feed = typeof calendarFeeds.$inferSelect;
type Unit = typeof accommodationUnits.$inferSelect;

/**
 * Tells the host about new conflicts, in the transaction that applied the feed: nights already
 * taken, or a moved arrival a stay with registered guests could not take.
 */
export async function notifyConflicts(
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
export async function notifyGone(db: DbOrTx, unit: Unit, summary: FeedSyncSummary, now: Date) {
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
export async function notifyFailing(
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
