import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database, DbOrTx } from "@core/db/client.ts";
import { calendarFeeds, calendarSyncRuns } from "@core/db/schema/calendar-feeds.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { guests } from "@core/db/schema/guests.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { newReservationCode } from "@core/services/reservations/reservation-code.ts";
import { removeReservations } from "@core/services/reservations/remove-reservations.ts";
import { isRegistered, queueDepartureUpdates } from "@core/services/reservations/stay-move.ts";
import { today as todayOf } from "@core/services/reservations/stay-dates.ts";
import { STAY_TIME_ZONE } from "@shared/local-date.ts";
import type { FeedStyle } from "./feed-types.ts";
import { parseFeed, unreadableEventKeys } from "./parse-feed.ts";
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

/** A failed fetch or an unreadable file: recorded for the host, and nothing is deleted. */
export async function recordFeedFailure(
  db: Database,
  feed: Feed,
  { status, error }: { status: number | null; error: string },
  now: Date,
): Promise<FeedSyncSummary> {
  await db.transaction(async (tx) => {
    await tx.update(calendarFeeds).set({
      lastFetchAt: now,
      lastStatus: status,
      lastError: error,
      failingSince: feed.failingSince ?? now,
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
export async function recordFeedUnchanged(db: Database, feed: Feed, now: Date): Promise<void> {
  await db.update(calendarFeeds)
    .set({
      lastFetchAt: now,
      lastSuccessAt: now,
      lastStatus: 304,
      lastError: null,
      failingSince: null,
    })
    .where(eq(calendarFeeds.id, feed.id));
}

/**
 * Applies a freshly fetched feed to its unit's reservations: parse (rejecting broken files),
 * reconcile by UID against everything stored for the unit, and write adds, updates and removals
 * with the run's outcome and the feed's health in one transaction.
 */
export async function applyFeed(
  db: Database,
  feed: Feed,
  fetched: { body: Uint8Array; status: number; etag: string | null; lastModified: string | null },
  now: Date,
  /**
   * Runs in the same transaction once the feed is applied (the conflicts' notifications), so a
   * worker dying after the commit cannot leave them unwritten while the feed then answers 304.
   */
  withApplied?: (tx: DbOrTx, summary: FeedSyncSummary) => Promise<void>,
): Promise<FeedSyncSummary> {
  const today = todayOf(now);
  const parsed = parseFeed(fetched.body, { today, timezone: STAY_TIME_ZONE });
  if (!parsed.ok) {
    return recordFeedFailure(db, feed, { status: fetched.status, error: parsed.kind }, now);
  }

  return await db.transaction(async (tx) => {
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
    const [{ propertyId }] = await tx.select({ propertyId: accommodationUnits.propertyId })
      .from(accommodationUnits).where(eq(accommodationUnits.id, feed.accommodationUnitId));

    for (const event of result.add) {
      await tx.insert(reservations).values({
        id: crypto.randomUUID(),
        code: newReservationCode(),
        userId: feed.userId,
        propertyId,
        accommodationUnitId: feed.accommodationUnitId,
        startDate: event.start,
        endDate: event.end,
        kind: event.kind ?? "unknown",
        type: PLATFORM_NAMES[parsed.style] ?? "Calendar",
        description: event.summary || null,
        sourceFeedId: feed.id,
        sourceUid: event.uid,
        sourceRecurrenceId: event.recurrenceId,
        createdAt: now,
        updatedAt: now,
      });
    }
    const rowOf = new Map(rows.map((r) => [r.id, r]));
    for (const change of result.update) {
      if (change.end !== change.previous.end && registered(change.id)) {
        // The registrations' ForeseenStayUntil follows, as when the host moves the departure.
        await queueDepartureUpdates(tx, guestsOf.get(change.id) ?? [], now);
      }
      await tx.update(reservations).set({
        startDate: change.start,
        endDate: change.end,
        kind: change.kind ?? "unknown",
        description: change.summary || null,
        sourceFeedId: change.source.feedId,
        sourceUid: change.source.uid,
        sourceRecurrenceId: change.source.recurrenceId,
        platformStartDate: null,
        platformEndDate: null,
        updatedAt: now,
      }).where(eq(reservations.id, change.id));
    }
    // The platform's dates a stay with registered guests could not take wait for the host; a
    // stay the feed lists as stored (or moves freely) has none waiting any more.
    for (const locked of result.arrivalLocked) {
      const row = rowOf.get(locked.id)!;
      if (row.platformStartDate === locked.start && row.platformEndDate === locked.end) continue;
      await tx.update(reservations).set({
        platformStartDate: locked.start,
        platformEndDate: locked.end,
        updatedAt: now,
      }).where(eq(reservations.id, locked.id));
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
    await tx.update(calendarFeeds).set({
      etag: fetched.etag,
      lastModified: fetched.lastModified,
      lastFetchAt: now,
      lastSuccessAt: now,
      lastStatus: fetched.status,
      eventCount: parsed.events.length,
      lastError: null,
      failingSince: null,
    }).where(eq(calendarFeeds.id, feed.id));
    await withApplied?.(tx, summary);
    return summary;
  }, { behavior: "immediate" });
}
