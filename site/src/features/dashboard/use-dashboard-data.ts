import { addDays, STAY_TIME_ZONE, todayIn } from "@shared/local-date.ts";
import { PAGE_SIZE_MAX } from "@shared/schemas/list-query.ts";
import type { GuestListItem } from "@shared/schemas/guest-list.ts";
import type { Property } from "@shared/schemas/property.ts";
import type { Reservation } from "@shared/schemas/reservation.ts";
import type { UnitCalendar } from "@shared/schemas/calendar.ts";
import { listCalendars } from "../../lib/api/calendars.ts";
import { listGuests } from "../../lib/api/guests.ts";
import type { Paged } from "../../lib/api/paged.ts";
import { listReservations } from "../../lib/api/reservations.ts";

/** Lists are read whole, but never more than this many pages (a host has a handful). */
const MAX_PAGES = 5;
/** Guests are read per property; this many properties at a time. */
const PARALLEL_PROPERTIES = 3;

async function readPages<T>(
  read: (pageNumber: number) => Promise<Paged<T>>,
): Promise<T[]> {
  const items: T[] = [];
  for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
    const page = await read(pageNumber);
    items.push(...page.items);
    if (!page.hasNextPage) break;
  }
  return items;
}

export interface TodayStays {
  today: string;
  arrivals: Reservation[];
  departures: Reservation[];
}

/**
 * Today's arrivals and departures with their guests. GET /Reservations finds stays sharing a night
 * with [StartDate, EndDate], which leaves out a stay that arrives or leaves today when both are
 * today, so the days around it are asked for and the list is narrowed here.
 */
export async function readTodayStays(signal: AbortSignal): Promise<TodayStays> {
  const today = todayIn(STAY_TIME_ZONE);
  const stays = await readPages((pageNumber) =>
    listReservations({
      pageNumber,
      pageSize: PAGE_SIZE_MAX,
      sortBy: "startDate",
      startDate: addDays(today, -1),
      endDate: addDays(today, 1),
    }, signal)
  );
  const live = stays.filter((stay) => stay.status !== "Canceled" && stay.kind !== "Block");
  return {
    today,
    arrivals: live.filter((stay) => stay.startDate === today),
    departures: live.filter((stay) => stay.endDate === today),
  };
}

/**
 * A guest the host must see to: refused by eVisitor, waiting for the host's approval (or declined
 * and kept), or arrived and not registered yet.
 */
export interface GuestToRegister {
  guest: GuestListItem;
  propertyId: string;
  refused: boolean;
}

/**
 * Guests not yet registered (PreCheckIn) of every property, narrowed to those refused by eVisitor
 * or whose arrival day has come; refused first, then by deadline.
 */
export async function readGuestsToRegister(
  properties: Property[],
  signal: AbortSignal,
): Promise<GuestToRegister[]> {
  const today = todayIn(STAY_TIME_ZONE);
  const found: GuestToRegister[] = [];
  for (let index = 0; index < properties.length; index += PARALLEL_PROPERTIES) {
    const batch = properties.slice(index, index + PARALLEL_PROPERTIES);
    const pages = await Promise.all(batch.map((property) =>
      listGuests({
        propertyId: property.id,
        status: "PreCheckIn",
        pageNumber: 1,
        pageSize: PAGE_SIZE_MAX,
        sortBy: "arrival",
      }, signal).then((page) => ({ property, page }))
    ));
    for (const { property, page } of pages) {
      for (const guest of page.items) {
        const refused = guest.registrationState === "failed";
        const arrived = todayIn(STAY_TIME_ZONE, new Date(guest.dateTimeOfArrival)) <= today;
        const waiting = guest.registrationState === "waiting" && arrived;
        // Waiting for the host's approval: the host's move whatever the date (issue 32).
        const held = !!guest.approval;
        if (refused || waiting || held) found.push({ guest, propertyId: property.id, refused });
      }
    }
  }
  return found.sort((a, b) =>
    Number(b.refused) - Number(a.refused) ||
    (a.guest.nextDeadline ?? "").localeCompare(b.guest.nextDeadline ?? "")
  );
}

/**
 * A calendar that needs the host: a feed failing, stays it brought that conflict, or stays with
 * registered guests whose arrival the platform moved (`moved`, the first of them in `stayCode`).
 */
export interface CalendarIssue {
  key: string;
  calendar: UnitCalendar;
  feed: UnitCalendar["feeds"][number];
  kind: "failing" | "conflicts" | "moved";
  conflicts: number;
  stayCode?: string;
}

export interface CalendarIssues {
  feedCount: number;
  issues: CalendarIssue[];
  /** Whether the caller manages any unit's calendar links (reception manages none). */
  managesLinks: boolean;
}

export async function readCalendarIssues(signal: AbortSignal): Promise<CalendarIssues> {
  const calendars = await readPages((pageNumber) =>
    listCalendars({ pageNumber, pageSize: PAGE_SIZE_MAX }, signal)
  );
  return calendarIssuesOf(calendars);
}

/** What of the calendars needs the host, a row for each feed and kind. */
export function calendarIssuesOf(calendars: UnitCalendar[]): CalendarIssues {
  const issues: CalendarIssue[] = [];
  let feedCount = 0;
  for (const calendar of calendars) {
    for (const feed of calendar.feeds) {
      feedCount++;
      if (feed.lastError !== null) {
        issues.push({ key: `${feed.id}:failing`, calendar, feed, kind: "failing", conflicts: 0 });
      }
      const all = feed.lastRun?.conflicts ?? [];
      const conflicts = all.filter((c) => !c.registered).length;
      if (conflicts > 0) {
        issues.push({ key: `${feed.id}:conflicts`, calendar, feed, kind: "conflicts", conflicts });
      }
      const moved = all.filter((c) => c.registered);
      if (moved.length > 0) {
        issues.push({
          key: `${feed.id}:moved`,
          calendar,
          feed,
          kind: "moved",
          conflicts: moved.length,
          stayCode: moved.find((c) => c.withCode)?.withCode ?? undefined,
        });
      }
    }
  }
  return { feedCount, issues, managesLinks: calendars.some((calendar) => calendar.canManage) };
}
