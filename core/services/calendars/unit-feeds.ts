import { and, eq, gt, inArray, notInArray } from "drizzle-orm";
import { calendarLinksOf } from "@shared/calendar-links.ts";
import { CalendarSyncRequested } from "@shared/events.ts";
import type { Transaction } from "../../db/client.ts";
import { calendarFeeds, calendarSyncRuns } from "../../db/schema/calendar-feeds.ts";
import { guests } from "../../db/schema/guests.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { removeReservations } from "../reservations/remove-reservations.ts";
import { today as todayOf } from "../reservations/stay-dates.ts";

interface UnitLinks {
  id: string;
  userId: string;
  externalCalendarLink: string | null;
}

/**
 * Makes the unit's calendar feeds match the links in its `externalCalendarLink`: a new link gets
 * a feed (and a sync right away), a link the host removed loses its feed. The stays that feed
 * brought are deleted if they lie ahead (unless guests of theirs are registered with eVisitor);
 * past and current ones stay as history, no longer tied to a feed. Call it in the transaction that saves the unit.
 */
export async function matchFeedsToLinks(tx: Transaction, unit: UnitLinks, now: Date) {
  const links = calendarLinksOf(unit.externalCalendarLink);
  const feeds = await tx.select().from(calendarFeeds)
    .where(eq(calendarFeeds.accommodationUnitId, unit.id));

  const gone = feeds.filter((feed) => !links.includes(feed.url)).map((feed) => feed.id);
  if (gone.length) {
    await tx.delete(calendarSyncRuns).where(inArray(calendarSyncRuns.feedId, gone));
    // A stay ahead whose guests are registered with eVisitor stays too (eVisitor still has them;
    // the host cancels them first, as for any stay), like the history below.
    const registered = tx.select({ id: guests.reservationId }).from(guests).where(and(
      eq(guests.accommodationUnitId, unit.id),
      eq(guests.status, "CheckedIn"),
    ));
    await removeReservations(
      tx,
      and(
        inArray(reservations.sourceFeedId, gone),
        gt(reservations.startDate, todayOf(now)),
        notInArray(reservations.id, registered),
      ),
    );
    await tx.update(reservations).set({ sourceFeedId: null, updatedAt: now })
      .where(inArray(reservations.sourceFeedId, gone));
    await tx.delete(calendarFeeds).where(inArray(calendarFeeds.id, gone));
  }

  const known = new Set(feeds.map((feed) => feed.url));
  const added = links.filter((link) => !known.has(link));
  for (const url of added) {
    await tx.insert(calendarFeeds).values({
      id: crypto.randomUUID(),
      userId: unit.userId,
      accommodationUnitId: unit.id,
      url,
      createdAt: now,
    });
  }
  if (added.length) {
    await appendEvent(
      tx,
      CalendarSyncRequested,
      { accommodationUnitId: unit.id, force: true },
      now,
    );
  }
}
