/**
 * Writing one feed's outcome: `applyFeed`/`applyParsedFeed` reconcile a new body against the
 * unit's stays and write the adds, moves and removals with the run and the feed's health in one
 * transaction (one query per kind of write, no per-event query); `recordFeedFailure`,
 * `recordFeedUnchanged` and `recordFeedSame` write the health alone when nothing is to apply.
 * One file: every way a fetch ends writes the same feed columns (status, validators, digests, the
 * next sync), and side by side no ending can forget one.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database, DbOrTx, Transaction } from "@core/db/client.ts";
import { calendarFeeds, calendarSyncRuns } from "@core/db/schema/calendar-feeds.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { guests } from "@core/db/schema/guests.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { newReservationCode } from "@core/services/reservations/reservation-code.ts";
import { removeReservations } from "@core/services/reservations/remove-reservations.ts";
import { isRegistered, queueDepartureUpdates } from "@core/services/reservations/stay-move.ts";
import { today as todayOf } from "@core/services/reservations/stay-dates.ts";
import { STAY_TIME_ZONE } from "@shared/local-date.ts";
import type { FeedStyle, ParsedFeed } from "./feed-types.ts";
import { bodyDigest, eventsDigest } from "./feed-digest.ts";
import { parseFeed, unreadableEventKeys } from "./parse-feed.ts";
import type { WriteBatch } from "./write-batch.ts";
import { reconcile, type StoredReservation } from "./reconcile.ts";

type Feed = typeof calendarFeeds.$inferSelect;

/** How a reservation's source is named to the host. */
const PLATFORM_NAMES: Partial<Record<FeedStyle, string>> = {
  airbnb: "Airbnb",
  "booking.com": "Booking.com",
  vrbo: "Vrbo",
  google: "Google Calendar",
  outlook: "Outlook",
  "channel-manager": "Channel manager",
};

export interface FeedSyncSummary {
  added: number;
  updated: number;
  removed: number;
  /**
   * What the feed brought that was not applied: nights taken by another reservation (`withCode`
   * holds them), or, with `registered`, a new arrival for the stay `withCode` whose guests are
   * registered with eVisitor (start and end are the platform's new dates).
   */
  conflicts: {
    start: string;
    end: string;
    summary: string;
    withCode: string | null;
    registered?: true;
  }[];
  error: string | null;
  /**
   * Stays the feed no longer lists that need the host to know (not stored with the run):
   * `kept`, still here because guests are registered with eVisitor; `removed`, removed with
   * guests who had checked in but were not registered.
   */
  gone?: { code: string; start: string; end: string; outcome: "kept" | "removed" }[];
  /**
   * Stays the feed now lists as blocks (unavailable) whose guests are registered with eVisitor:
   * kept as stays, for the host to decide (not stored with the run).
   */
  blocked?: { code: string; start: string; end: string }[];
}

/** When the scheduler next asks for the feed's unit (`schedule.ts`); unchanged when absent. */
export interface FeedSchedule {
  nextSyncAt?: Date;
}

/** A failed fetch or an unreadable file: recorded for the host, and nothing is deleted. */
export async function recordFeedFailure(
  db: Database,
  feed: Feed,
  { status, error }: { status: number | null; error: string },
  now: Date,
  schedule: FeedSchedule = {},
): Promise<FeedSyncSummary> {
  await db.transaction(async (tx) => {
    await tx.update(calendarFeeds).set({
      lastFetchAt: now,
      lastStatus: status,
      lastError: error,
      failingSince: feed.failingSince ?? now,
      ...schedule,
    }).where(eq(calendarFeeds.id, feed.id));
    await tx.insert(calendarSyncRuns).values({
      id: crypto.randomUUID(),
      feedId: feed.id,
      finishedAt: now,
      added: 0,
      updated: 0,
      removed: 0,
      conflicts: [],
      error,
    });
  });
  return { added: 0, updated: 0, removed: 0, conflicts: [], error };
}

/** The platform answered 304 Not Modified: healthy, nothing to change. */
export async function recordFeedUnchanged(
  db: DbOrTx,
  feed: Feed,
  now: Date,
  schedule: FeedSchedule = {},
): Promise<void> {
  await db.update(calendarFeeds)
    .set({
      lastFetchAt: now,
      lastSuccessAt: now,
      lastStatus: 304,
      lastError: null,
      failingSince: null,
      ...schedule,
    })
    .where(eq(calendarFeeds.id, feed.id));
}

/** What a 200 brought, as `applyFeed` takes it. */
export interface FetchedFeed {
  body: Uint8Array;
  status: number;
  etag: string | null;
  lastModified: string | null;
}

/**
 * The platform answered 200 with a body, or events, already applied (`feed-digest.ts`): healthy,
 * nothing to change among the stays. As for a 304, no run is recorded; the validators and the
 * body's digest are kept, so the next identical body is not even parsed.
 */
export async function recordFeedSame(
  db: DbOrTx,
  feed: Feed,
  fetched: Omit<FetchedFeed, "body">,
  now: Date,
  { bodyDigest, ...schedule }: FeedSchedule & { bodyDigest: string },
): Promise<void> {
  await db.update(calendarFeeds)
    .set({
      etag: fetched.etag,
      lastModified: fetched.lastModified,
      lastFetchAt: now,
      lastSuccessAt: now,
      lastStatus: fetched.status,
      lastError: null,
      failingSince: null,
      bodyDigest,
      ...schedule,
    })
    .where(eq(calendarFeeds.id, feed.id));
}

/**
 * Whether a fetched feed can end here: its body (or, after parsing, its events) is the one last
 * reconciled, against stays nobody has changed since (`calendar_feeds.stays_version`).
 */
export function alreadyApplied(
  feed: Feed,
  digest: { body: string } | { events: string },
): boolean {
  if (feed.appliedStaysVersion === null || feed.appliedStaysVersion !== feed.staysVersion) {
    return false;
  }
  return "body" in digest
    ? feed.bodyDigest !== null && feed.bodyDigest === digest.body
    : feed.eventsDigest !== null && feed.eventsDigest === digest.events;
}

/** What `applyParsedFeed` may be given beyond the feed, to save work or schedule the next sync. */
export interface ApplyOptions extends FeedSchedule {
  /** The unit's property (read when absent). */
  propertyId?: string;
  /**
   * Commits the transaction together with those of other units syncing at the same time
   * (`write-batch.ts`); without it the feed is applied in a transaction of its own.
   */
  writes?: WriteBatch;
  /**
   * Runs in the same transaction once the feed is applied (the conflicts' notifications), so a
   * worker dying after the commit cannot leave them unwritten while the feed then answers 304.
   */
  withApplied?: (tx: DbOrTx, summary: FeedSyncSummary) => Promise<void>;
}

/**
 * Applies a freshly fetched feed to its unit's reservations: parse (rejecting broken files),
 * reconcile by UID against everything stored for the unit, and write adds, updates and removals
 * with the run's outcome and the feed's health in one transaction.
 */
export async function applyFeed(
  db: Database,
  feed: Feed,
  fetched: FetchedFeed,
  now: Date,
  withApplied?: ApplyOptions["withApplied"],
  options: Omit<ApplyOptions, "withApplied"> = {},
): Promise<FeedSyncSummary> {
  const today = todayOf(now);
  const parsed = parseFeed(fetched.body, { today, timezone: STAY_TIME_ZONE });
  if (!parsed.ok) {
    return recordFeedFailure(db, feed, { status: fetched.status, error: parsed.kind }, now, {
      ...(options.nextSyncAt ? { nextSyncAt: options.nextSyncAt } : {}),
    });
  }
  const digests = {
    body: bodyDigest(fetched.body, today),
    events: eventsDigest(parsed, unreadableEventKeys(parsed)),
  };
  return await applyParsedFeed(db, feed, parsed, fetched, digests, now, {
    ...options,
    withApplied,
  });
}

/**
 * `applyFeed` once the body is parsed: one read of the unit's stays (and of their guests only
 * when a stay moves or goes), the reconciliation, then every insert, update and removal as one
 * statement each (JSON rows through `json_each`), never a statement per event, with the run and
 * the feed's health and digests, all in one transaction.
 */
export async function applyParsedFeed(
  db: Database,
  feed: Feed,
  parsed: ParsedFeed,
  fetched: Omit<FetchedFeed, "body">,
  digests: { body: string; events: string },
  now: Date,
  options: ApplyOptions = {},
): Promise<FeedSyncSummary> {
  const today = todayOf(now);
  const apply = async (tx: Transaction): Promise<FeedSyncSummary> => {
    const rows = await tx.select().from(reservations).where(and(
      eq(reservations.accommodationUnitId, feed.accommodationUnitId),
      isNull(reservations.canceledAt),
    ));
    const stored: StoredReservation[] = rows.map((r) => ({
      id: r.id,
      start: r.startDate,
      end: r.endDate,
      kind: r.kind === "unknown" ? null : r.kind,
      summary: r.description ?? undefined,
      source: r.sourceFeedId
        ? { feedId: r.sourceFeedId, uid: r.sourceUid!, recurrenceId: r.sourceRecurrenceId }
        : null,
    }));
    const input = {
      feedId: feed.id,
      events: parsed.events,
      stored,
      today,
      unreadable: unreadableEventKeys(parsed),
    };
    let result = reconcile(input);
    // Guests matter only to stays that move, go or become blocks (reconcile.ts): their guests are
    // read, and the decision made again knowing which are registered, only when the feed does so.
    const moves = result.remove.length > 0 ||
      result.update.some((u) =>
        u.start !== u.previous.start || u.end !== u.previous.end ||
        (u.kind === "block" && u.previous.kind !== "block")
      );
    const guestRows = moves
      ? (await tx.select({ guest: guests }).from(reservations)
        .innerJoin(guests, eq(guests.reservationId, reservations.id))
        .where(and(
          eq(reservations.accommodationUnitId, feed.accommodationUnitId),
          isNull(reservations.canceledAt),
        ))).map((r) => r.guest)
      : [];
    const guestsOf = Map.groupBy(guestRows, (g) => g.reservationId);
    const registered = (id: string) => (guestsOf.get(id) ?? []).some(isRegistered);
    if (guestRows.some(isRegistered)) {
      result = reconcile({
        ...input,
        stored: stored.map((s) => ({ ...s, registered: registered(s.id) })),
      });
    }
    const propertyId = options.propertyId ??
      (await tx.select({ propertyId: accommodationUnits.propertyId })
        .from(accommodationUnits).where(eq(accommodationUnits.id, feed.accommodationUnitId)))[0]
        .propertyId;

    if (result.add.length > 0) {
      const at = now.getTime();
      const added = result.add.map((e) => [
        crypto.randomUUID(),
        newReservationCode(),
        e.start,
        e.end,
        e.kind ?? "unknown",
        e.summary || null,
        e.uid,
        e.recurrenceId,
        crypto.randomUUID(), // export_uid, as the schema's default makes it
      ]);
      await tx.run(sql`
        INSERT INTO reservations (id, code, user_id, property_id, accommodation_unit_id,
          start_date, end_date, kind, type, description, source_feed_id, source_uid,
          source_recurrence_id, export_uid, created_at, updated_at)
        SELECT j.value ->> 0, j.value ->> 1, ${feed.userId}, ${propertyId},
          ${feed.accommodationUnitId}, j.value ->> 2, j.value ->> 3, j.value ->> 4,
          ${PLATFORM_NAMES[parsed.style] ?? "Calendar"}, j.value ->> 5, ${feed.id},
          j.value ->> 6, j.value ->> 7, j.value ->> 8, ${at}, ${at}
        FROM json_each(${JSON.stringify(added)}) AS j`);
    }
    const rowOf = new Map(rows.map((r) => [r.id, r]));
    for (const change of result.update) {
      if (change.end !== change.previous.end && registered(change.id)) {
        // The registrations' ForeseenStayUntil follows, as when the host moves the departure.
        await queueDepartureUpdates(tx, guestsOf.get(change.id) ?? [], now);
      }
    }
    if (result.update.length > 0) {
      const changed = result.update.map((c) => [
        c.id,
        c.start,
        c.end,
        c.kind ?? "unknown",
        c.summary || null,
        c.source.feedId,
        c.source.uid,
        c.source.recurrenceId,
      ]);
      await tx.run(sql`
        UPDATE reservations SET start_date = j.value ->> 1, end_date = j.value ->> 2,
          kind = j.value ->> 3, description = j.value ->> 4, source_feed_id = j.value ->> 5,
          source_uid = j.value ->> 6, source_recurrence_id = j.value ->> 7,
          platform_start_date = NULL, platform_end_date = NULL, updated_at = ${now.getTime()}
        FROM json_each(${JSON.stringify(changed)}) AS j
        WHERE reservations.id = j.value ->> 0`);
    }
    // The platform's dates a stay with registered guests could not take wait for the host; a
    // stay the feed lists as stored (or moves freely) has none waiting any more.
    const waiting = result.arrivalLocked.filter((l) => {
      const row = rowOf.get(l.id)!;
      return row.platformStartDate !== l.start || row.platformEndDate !== l.end;
    }).map((l) => [l.id, l.start, l.end]);
    if (waiting.length > 0) {
      await tx.run(sql`
        UPDATE reservations SET platform_start_date = j.value ->> 1,
          platform_end_date = j.value ->> 2, updated_at = ${now.getTime()}
        FROM json_each(${JSON.stringify(waiting)}) AS j
        WHERE reservations.id = j.value ->> 0`);
    }
    const locked = new Set(result.arrivalLocked.map((l) => l.id));
    const settled = rows.filter((r) =>
      r.sourceFeedId === feed.id && r.platformStartDate !== null && !locked.has(r.id)
    ).map((r) => r.id);
    if (settled.length > 0) {
      await tx.update(reservations).set({ platformStartDate: null, platformEndDate: null })
        .where(inArray(reservations.id, settled));
    }
    if (result.remove.length) {
      // Only stays still ahead without registered guests are removed (reconcile.ts); guests who
      // checked in without being registered go with their stay, and the host is told.
      await removeReservations(tx, inArray(reservations.id, result.remove));
    }
    const gone: NonNullable<FeedSyncSummary["gone"]> = [];
    for (const id of result.remove) {
      const row = rowOf.get(id)!;
      if (guestsOf.has(id)) {
        gone.push({ code: row.code, start: row.startDate, end: row.endDate, outcome: "removed" });
      }
    }
    for (const { id } of result.retained.filter((r) => r.reason === "registered")) {
      const row = rowOf.get(id)!;
      gone.push({ code: row.code, start: row.startDate, end: row.endDate, outcome: "kept" });
    }

    const blocked = result.blockLocked.map(({ id }) => {
      const row = rowOf.get(id)!;
      return { code: row.code, start: row.startDate, end: row.endDate };
    });

    const codeOf = new Map(rows.map((r) => [r.id, r.code]));
    const summary: FeedSyncSummary = {
      added: result.add.length,
      updated: result.update.length,
      removed: result.remove.length,
      conflicts: [
        ...result.conflicts.map((c) => ({
          start: c.event.start,
          end: c.event.end,
          summary: c.event.summary,
          withCode: codeOf.get(c.with) ?? null,
        })),
        ...result.arrivalLocked.map((l) => ({
          start: l.start,
          end: l.end,
          summary: l.event.summary,
          withCode: codeOf.get(l.id) ?? null,
          registered: true as const,
        })),
      ],
      error: null,
      gone,
      blocked,
    };
    await tx.insert(calendarSyncRuns).values({
      id: crypto.randomUUID(),
      feedId: feed.id,
      finishedAt: now,
      added: summary.added,
      updated: summary.updated,
      removed: summary.removed,
      conflicts: summary.conflicts,
      error: null,
    });
    // A stay left waiting for the host (registered guests) is decided again on every sync, as
    // registrations change without touching the stays: no digest, so the next sync reconciles.
    const waitsForHost = result.arrivalLocked.length > 0 || result.blockLocked.length > 0 ||
      result.retained.some((r) => r.reason === "registered");
    await tx.update(calendarFeeds).set({
      etag: fetched.etag,
      lastModified: fetched.lastModified,
      lastFetchAt: now,
      lastSuccessAt: now,
      lastStatus: fetched.status,
      eventCount: parsed.events.length,
      lastError: null,
      failingSince: null,
      bodyDigest: waitsForHost ? null : digests.body,
      eventsDigest: waitsForHost ? null : digests.events,
      // The version as this transaction's own writes left it (the triggers have run).
      appliedStaysVersion: sql`${calendarFeeds.staysVersion}`,
      ...(options.nextSyncAt ? { nextSyncAt: options.nextSyncAt } : {}),
    }).where(eq(calendarFeeds.id, feed.id));
    await options.withApplied?.(tx, summary);
    return summary;
  };
  return await (options.writes
    ? options.writes.run(apply)
    : db.transaction(apply, { behavior: "immediate" }));
}
