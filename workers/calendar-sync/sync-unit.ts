import { eq } from "drizzle-orm";
import type { Database, DbOrTx } from "@core/db/client.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { calendarFeeds } from "@core/db/schema/calendar-feeds.ts";
import { today as todayOf } from "@core/services/reservations/stay-dates.ts";
import { STAY_TIME_ZONE } from "@shared/local-date.ts";
import {
  alreadyApplied,
  applyParsedFeed,
  type FeedSchedule,
  type FeedSyncSummary,
  recordFeedFailure,
  recordFeedSame,
  recordFeedUnchanged,
} from "./apply-feed.ts";
import { fetchFeed, type FetchFeedOptions } from "./fetch-feed.ts";
import { warnOfBookingCap } from "./booking-cap.ts";
import { bodyDigest, eventsDigest } from "./feed-digest.ts";
import { HostBackoff, hostOf } from "./host-backoff.ts";
import { parseFeed, unreadableEventKeys } from "./parse-feed.ts";
import { nextSyncAt } from "./schedule.ts";
import { notifyConflicts, notifyFailing, notifyGone } from "./sync-notices.ts";
import { claimUnit, releaseUnit } from "./unit-claims.ts";
import type { WriteBatch } from "./write-batch.ts";

export interface UnitSyncOptions {
  fetch: FetchFeedOptions;
  /** Without `force`, feeds fetched more recently than this are left alone. */
  minAgeMs: number;
  clock: () => Date;
  /**
   * The polling interval: with it, each feed's `next_sync_at` is set to its unit's next moment
   * (`schedule.ts`); without it (benchmarks, tests of one sync) the schedule is left as it is.
   */
  intervalMs?: number;
  /** This worker's view of platforms that asked to be left alone (`host-backoff.ts`). */
  hosts?: HostBackoff;
  /**
   * Commits the claims and the unchanged feeds' health of units syncing at the same time together
   * (`write-batch.ts`); without it each unit commits its own.
   */
  writes?: WriteBatch;
  /**
   * How long a claim on a unit lasts if its worker dies (default: one fetch timeout per feed and
   * one more, the longest a sync of the unit can take).
   */
  leaseMs?: number;
}

type Feed = typeof calendarFeeds.$inferSelect;
type Unit = typeof accommodationUnits.$inferSelect;

/**
 * Fetches one feed and applies what it brought; never throws for what the feed does. A 304, or a
 * 200 whose body (or, once parsed, whose events) was already applied against the same stays, ends
 * with the feed's health updated and nothing else written (`feed-digest.ts`).
 */
async function syncFeed(
  db: Database,
  unit: Unit,
  feed: Feed,
  options: UnitSyncOptions,
  /** Health writes of unchanged feeds, left to the unit's last transaction (`syncUnitFeeds`). */
  later: ((tx: DbOrTx) => Promise<void>)[],
): Promise<FeedSyncSummary | "unchanged" | "skipped"> {
  const host = hostOf(feed.url);
  const scheduleAt = (now: Date, notBefore?: Date | null): FeedSchedule => {
    if (options.intervalMs === undefined) return {};
    const next = nextSyncAt(unit.id, now, options.intervalMs);
    return { nextSyncAt: notBefore && notBefore > next ? notBefore : next };
  };
  const blocked = options.hosts?.blockedUntil(host, options.clock());
  if (blocked) {
    // The platform asked to be left alone: not a failure of this feed, only a later sync.
    const { nextSyncAt } = scheduleAt(options.clock(), blocked);
    if (nextSyncAt) {
      later.push((tx) =>
        tx.update(calendarFeeds).set({ nextSyncAt }).where(eq(calendarFeeds.id, feed.id)).then()
      );
    }
    return "skipped";
  }
  const outcome = await fetchFeed(feed.url, feed, options.fetch);
  const now = options.clock();
  switch (outcome.kind) {
    case "not-modified":
      options.hosts?.record(host, outcome, now);
      later.push((tx) => recordFeedUnchanged(tx, feed, now, scheduleAt(now)));
      return "unchanged";
    case "failed": {
      const until = options.hosts?.record(host, outcome, now) ?? null;
      return await recordFeedFailure(
        db,
        feed,
        {
          status: outcome.status,
          error: outcome.error.code,
        },
        now,
        scheduleAt(now, until),
      );
    }
    case "fetched": {
      options.hosts?.record(host, outcome, now);
      const today = todayOf(now);
      const body = bodyDigest(outcome.body, today);
      if (alreadyApplied(feed, { body })) {
        later.push((tx) =>
          recordFeedSame(tx, feed, outcome, now, { bodyDigest: body, ...scheduleAt(now) })
        );
        return "unchanged";
      }
      const parsed = parseFeed(outcome.body, { today, timezone: STAY_TIME_ZONE });
      if (!parsed.ok) {
        return await recordFeedFailure(
          db,
          feed,
          { status: outcome.status, error: parsed.kind },
          now,
          scheduleAt(now),
        );
      }
      const events = eventsDigest(parsed, unreadableEventKeys(parsed));
      if (alreadyApplied(feed, { events })) {
        later.push((tx) =>
          recordFeedSame(tx, feed, outcome, now, { bodyDigest: body, ...scheduleAt(now) })
        );
        return "unchanged";
      }
      return await applyParsedFeed(db, feed, parsed, outcome, { body, events }, now, {
        ...scheduleAt(now),
        propertyId: unit.propertyId,
        writes: options.writes,
        withApplied: async (tx, summary) => {
          await notifyConflicts(tx, unit, feed, summary, now);
          await notifyGone(tx, unit, summary, now);
        },
      });
    }
  }
}

/**
 * Syncs every feed of one unit, one after another: each reconciles against what the previous one
 * wrote, so two platforms offering the same nights give one stay and one conflict, not two stays.
 * A failing feed is recorded and the others still sync. Returns what each feed did; every feed is
 * "busy" when another worker is syncing the unit right now (that worker fetches them).
 */
export async function syncUnitFeeds(
  db: Database,
  unitId: string,
  { force }: { force: boolean },
  options: UnitSyncOptions,
): Promise<(FeedSyncSummary | "unchanged" | "skipped" | "busy")[]> {
  const [unit] = await db.select().from(accommodationUnits)
    .where(eq(accommodationUnits.id, unitId));
  if (!unit) return []; // deleted since the request: nothing to do
  const feeds = await db.select().from(calendarFeeds)
    .where(eq(calendarFeeds.accommodationUnitId, unitId))
    .orderBy(calendarFeeds.createdAt);
  if (feeds.length === 0) return [];
  const leaseMs = options.leaseMs ?? (feeds.length + 1) * options.fetch.timeoutMs;
  const claim = (tx: DbOrTx) => claimUnit(tx, unitId, options.clock(), leaseMs);
  const holder = await (options.writes ? options.writes.run(claim) : claim(db));
  const later: ((tx: DbOrTx) => Promise<void>)[] = [];
  if (holder === null) return feeds.map(() => "busy" as const);
  try {
    return await syncClaimedUnit(db, unit, feeds, force, options, later);
  } finally {
    // The unchanged feeds' health and the release in one transaction: one commit (one fsync of
    // the journal) where each would have had its own.
    const finish = async (tx: DbOrTx) => {
      for (const write of later) await write(tx);
      await releaseUnit(tx, unitId, holder);
    };
    await (options.writes
      ? options.writes.run(finish)
      : db.transaction(finish, { behavior: "immediate" }));
  }
}

async function syncClaimedUnit(
  db: Database,
  unit: Unit,
  feeds: Feed[],
  force: boolean,
  options: UnitSyncOptions,
  later: ((tx: DbOrTx) => Promise<void>)[],
): Promise<(FeedSyncSummary | "unchanged" | "skipped")[]> {
  const results: (FeedSyncSummary | "unchanged" | "skipped")[] = [];
  for (const feed of feeds) {
    const fetchedAt = feed.lastFetchAt?.getTime();
    if (
      !force && fetchedAt !== undefined && options.clock().getTime() - fetchedAt < options.minAgeMs
    ) {
      results.push("skipped");
      continue;
    }
    const result = await syncFeed(db, unit, feed, options, later);
    if (typeof result === "object") await notifyFailing(db, unit, feed, result, options.clock());
    results.push(result);
  }
  const added = results.some((r) => typeof r === "object" && r.added > 0);
  if (added) await warnOfBookingCap(db, unit.userId, options.clock());
  return results;
}
