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
  createdAt: integer({ mode: "timestamp_ms" }).notNull(),
}, (t) => [uniqueIndex("calendar_feeds_unit_url_idx").on(t.accommodationUnitId, t.url)]);

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
