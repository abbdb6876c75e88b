import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accommodationUnits } from "./accommodation-units.ts";
import { users } from "./users.ts";

/**
 * One external calendar (iCal URL) of a unit, with what a conditional re-fetch needs and its
 * health as the host sees it. URLs often carry secret tokens: never logged.
 */
export const calendarFeeds = sqliteTable("calendar_feeds", {
  id: text().primaryKey(),
  userId: text().notNull().references(() => users.id),
  accommodationUnitId: text().notNull().references(() => accommodationUnits.id),
  url: text().notNull(),
  etag: text(),
  lastModified: text(),
  lastFetchAt: integer({ mode: "timestamp_ms" }),
  lastSuccessAt: integer({ mode: "timestamp_ms" }),
  lastStatus: integer(),
  eventCount: integer(),
  /** A short error code (timeout, http-error, not-a-calendar, ...); null after a success. */
  lastError: text(),
  /** When the current run of failures began; a notification goes out after a day. */
  failingSince: integer({ mode: "timestamp_ms" }),
  /**
   * SHA-256 (base64) of the last body read successfully (and of today's date when the body holds
   * a recurrence rule, whose occurrences follow the day), and of the events it gave once
   * normalised (`workers/calendar-sync/feed-digest.ts`): a body or events seen before end the
   * sync after hashing. Null until the first sync, and after one that left a stay waiting for
   * the host (its outcome depends on guests' registrations, which these do not cover).
   */
  bodyDigest: text(),
  eventsDigest: text(),
  /**
   * Bumped by a trigger whenever one of the unit's reservations is inserted, changed or deleted
   * (by a sync, the host or anyone else); `appliedStaysVersion` is its value when this feed was
   * last reconciled. The digests above count only while the two are equal: the same feed against
   * different stays may change something (a stay the host deleted comes back, a conflict clears).
   */
  staysVersion: integer().notNull().default(0),
  appliedStaysVersion: integer(),
  /**
   * When the scheduler next asks for this feed's unit: the unit's own moment in each interval
   * (`workers/calendar-sync/schedule.ts`), so the feeds are spread over the interval. Null until
   * the worker first syncs the feed: such a feed is due when not fetched for an interval.
   */
  nextSyncAt: integer({ mode: "timestamp_ms" }),
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
}, (t) => [
  uniqueIndex("calendar_feeds_unit_url_idx").on(t.accommodationUnitId, t.url),
  index("calendar_feeds_next_sync_idx").on(t.nextSyncAt),
]);

/**
 * Who is syncing a unit's feeds now: a worker claims the row (or takes over an expired one) before
 * fetching, so two workers handed the same unit never sync its feeds at once.
 */
export const calendarSyncLeases = sqliteTable("calendar_sync_leases", {
  accommodationUnitId: text().primaryKey(),
  holder: text().notNull(),
  expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
});

/** The outcome of one sync of one feed, kept for the host and for support. */
export const calendarSyncRuns = sqliteTable("calendar_sync_runs", {
  id: text().primaryKey(),
  feedId: text().notNull().references(() => calendarFeeds.id),
  finishedAt: integer({ mode: "timestamp_ms" }).notNull(),
  added: integer().notNull(),
  updated: integer().notNull(),
  removed: integer().notNull(),
  /** Events not added because their nights were taken: [{start, end, summary, withCode}]. */
  conflicts: text({ mode: "json" }).notNull(),
  error: text(),
}, (t) => [index("calendar_sync_runs_feed_idx").on(t.feedId, t.finishedAt)]);
