/**
 * What one successful fetch of one feed changes among a unit's reservations. Pure: the worker
 * reads the unit's reservations, calls this, and writes the result in one transaction.
 *
 * Rules (issue text and `../shared/reference/booking-platforms.md` §2.4):
 * - Identity is feed + UID (+ recurrenceId). A known UID with new dates is updated in place
 *   (Airbnb keeps the UID when a stay moves); a new UID is added, even on a removed one's dates.
 * - A new stay or block that shares a night with a reservation from another source (entered by
 *   hand, or another feed) is a conflict: reported, not added. Blocks occupy their nights
 *   too. Overlaps inside one feed are imported as the feed says (the host's own calendar may
 *   double-book; the app flags it) because that feed is the single truth for its events.
 * - Only this feed's reservations are ever removed, and only future ones: Airbnb scrubs past
 *   stays from its feed, and a stay under way that vanishes is not a cancellation worth
 *   undoing a check-in for. Hand-entered reservations are never touched.
 * - A failed fetch never gets here: the caller reconciles only a `ParsedFeed`, never a
 *   `FeedError`, so a broken or truncated download removes nothing. An empty but valid
 *   calendar does get here and removes this feed's future stays.
 * - Our own exported events (UID `…@prijavko.hr`) coming back through a platform are skipped.
 * - Guests registered with eVisitor (issue 19 item 3): eVisitor does not let a registration's
 *   arrival change, so a feed moving the arrival of a stay with registered guests is not applied
 *   (`arrivalLocked`: the stay keeps its dates and the host decides in the app); a moved
 *   departure alone is applied (the caller sends it to eVisitor). Such a stay gone from the feed
 *   is kept (`retained`, "registered") rather than deleted under its registrations, and one the
 *   feed now lists as a block (reservation → unavailable) stays a stay (`blockLocked`): a block
 *   would hide its registered guests, so the host decides (usually a cancellation to undo in
 *   eVisitor first; once no guest is registered, the next sync makes it the block).
 *
 * Several feeds of one unit must be reconciled one after another, each seeing what the
 * previous one wrote, or two feeds could add the same night in one round.
 *
 * One file: the rules above decide together (a conflict is checked against what this same call
 * adds and keeps, a removal only of what no event still names), so each reads the others' outcome.
 */
import {
  type DateRange,
  newlyCovered,
  rangesOverlap,
  relativeToToday,
} from "@shared/date-range.ts";
import type { EventDetails, EventKey, EventKind, FeedEvent } from "./feed-types.ts";
import { daysBetween, isIsoDate } from "@shared/local-date.ts";
import { isOwnExportedUid } from "@shared/own-export-uid.ts";

export { rangesOverlap } from "@shared/date-range.ts";
export type { DateRange } from "@shared/date-range.ts";

/** Where an imported reservation came from. */
export interface ReservationSource {
  feedId: string;
  uid: string;
  recurrenceId: string | null;
}

/** A unit's active reservation as stored (cancelled ones are not passed in). */
export interface StoredReservation {
  id: string;
  start: string;
  end: string;
  /** null: entered by hand (or made through Prijavko); never removed by a sync. */
  source: ReservationSource | null;
  kind: EventKind;
  /** When given, a changed SUMMARY alone also makes an update. */
  summary?: string;
  /** Some guest of the stay is registered with eVisitor (checked in there, not out). */
  registered?: boolean;
}

export interface ReconcileInput {
  feedId: string;
  /** `ParsedFeed.events` of a successful fetch. */
  events: readonly FeedEvent[];
  /** Every active reservation of the unit, whatever its source. */
  stored: readonly StoredReservation[];
  /** `YYYY-MM-DD` in the property's zone (Europe/Zagreb). */
  today: string;
  /**
   * Events the feed still lists but the parser had to skip (`unreadableEventKeys(parsed)`).
   * Their reservations are kept: a garbled date is not a cancellation. A key without
   * recurrenceId covers every occurrence of that UID.
   */
  unreadable?: readonly EventKey[];
}

export interface ReservationUpdate {
  id: string;
  start: string;
  end: string;
  nights: number;
  kind: EventKind;
  summary: string;
  details?: EventDetails;
  /** Usually unchanged; a new UID when a stay under way was re-issued (see `reconcile`). */
  source: ReservationSource;
  previous: { start: string; end: string; kind: EventKind; summary?: string };
}

export interface Conflict {
  event: FeedEvent;
  /** The first reservation (by date) the event clashes with. */
  with: string;
  /** Every reservation it clashes with. */
  withAll: string[];
  /** Set when the event moves this feed's reservation `updateOf`; the move was not applied. */
  updateOf?: string;
}

export type SkipReason = "own-export" | "duplicate" | "invalid-dates";

export interface SkippedEvent {
  event: FeedEvent;
  reason: SkipReason;
}

/** This feed's reservations that are gone from the feed but stay. */
export interface RetainedReservation {
  id: string;
  reason: "past" | "in-progress" | "unreadable-in-feed" | "registered";
}

/**
 * A feed event that moves the arrival of a stay whose guests are registered with eVisitor: not
 * applied (eVisitor refuses a changed arrival); the host moves it in the app, cancelling and
 * registering the guests again. `start`/`end` are the platform's new dates.
 */
export interface LockedMove {
  id: string;
  event: FeedEvent;
  start: string;
  end: string;
}

/**
 * A feed event that turns a stay whose guests are registered with eVisitor into a block: not
 * applied (the stay keeps its kind, dates and title); the host is told.
 */
export interface BlockLocked {
  id: string;
  event: FeedEvent;
}

export interface ReconcileResult {
  add: FeedEvent[];
  update: ReservationUpdate[];
  remove: string[];
  conflicts: Conflict[];
  skipped: SkippedEvent[];
  /** This feed's reservations the feed lists as they are. */
  unchanged: string[];
  retained: RetainedReservation[];
  arrivalLocked: LockedMove[];
  blockLocked: BlockLocked[];
}

function keyOf(k: EventKey): string {
  return `${k.uid}\u0000${k.recurrenceId ?? ""}`;
}

function byStart(a: DateRange, b: DateRange): number {
  return a.start.localeCompare(b.start) || a.end.localeCompare(b.end);
}

/** Other sources' reservations sharing a night with any of `ranges`, earliest first. */
function clashes(
  others: readonly StoredReservation[],
  ranges: DateRange[],
): StoredReservation[] {
  return others.filter((o) => ranges.some((r) => rangesOverlap(o, r))).sort(byStart);
}

function updateOf(
  stored: StoredReservation,
  event: FeedEvent,
  feedId: string,
  range: DateRange,
  nights: number,
): ReservationUpdate {
  const update: ReservationUpdate = {
    id: stored.id,
    start: range.start,
    end: range.end,
    nights,
    kind: event.kind,
    summary: event.summary,
    source: { feedId, uid: event.uid, recurrenceId: event.recurrenceId },
    previous: { start: stored.start, end: stored.end, kind: stored.kind },
  };
  if (stored.summary !== undefined) update.previous.summary = stored.summary;
  if (event.details) update.details = event.details;
  return update;
}

/** The changes one fetch of `feedId` makes. See the module comment for the rules. */
export function reconcile(input: ReconcileInput): ReconcileResult {
  const { feedId, events, stored, today } = input;
  if (!isIsoDate(today)) throw new TypeError("reconcile: today must be YYYY-MM-DD");

  const result: ReconcileResult = {
    add: [],
    update: [],
    remove: [],
    conflicts: [],
    skipped: [],
    unchanged: [],
    retained: [],
    arrivalLocked: [],
    blockLocked: [],
  };
  const mine = stored.filter((s) => s.source?.feedId === feedId);
  const others = stored.filter((s) => s.source?.feedId !== feedId);
  const mineByKey = new Map<string, StoredReservation>();
  for (const s of mine) {
    const key = keyOf(s.source!);
    if (!mineByKey.has(key)) mineByKey.set(key, s);
  }
  const unreadableKeys = new Set((input.unreadable ?? []).map(keyOf));
  // A series that could not be read at all is listed without recurrenceId: it covers every
  // stored occurrence of that UID.
  const unreadableSeries = new Set(
    (input.unreadable ?? []).filter((k) => k.recurrenceId === null).map((k) => k.uid),
  );
  const isUnreadable = (s: StoredReservation) =>
    unreadableKeys.has(keyOf(s.source!)) || unreadableSeries.has(s.source!.uid);
  const matched = new Set<string>(); // ids of this feed's reservations the feed still lists
  const seen = new Set<string>();
  const fresh: FeedEvent[] = [];

  for (const event of events) {
    const key = keyOf(event);
    if (isOwnExportedUid(event.uid)) {
      result.skipped.push({ event, reason: "own-export" });
      continue;
    }
    if (seen.has(key)) {
      result.skipped.push({ event, reason: "duplicate" });
      continue;
    }
    seen.add(key);
    const existing = mineByKey.get(key);
    if (existing) matched.add(existing.id);
    if (!isIsoDate(event.start) || !isIsoDate(event.end) || event.end <= event.start) {
      result.skipped.push({ event, reason: "invalid-dates" });
      continue;
    }
    if (existing) applyToExisting(result, others, feedId, today, existing, event);
    else fresh.push(event);
  }

  const gone = mine.filter((s) => !matched.has(s.id) && !isUnreadable(s));
  for (const event of fresh) {
    const reissued = findReissued(gone, event, today, matched);
    if (reissued) {
      // Booking.com re-issues a stay under way with a new UID from "today", same departure.
      // Rebinding keeps the real check-in date and avoids a phantom arrival today.
      matched.add(reissued.id);
      const range = { start: reissued.start, end: reissued.end };
      result.update.push(
        updateOf(reissued, event, feedId, range, daysBetween(range.start, range.end)),
      );
      continue;
    }
    const clash = clashes(others, [event]);
    if (clash.length > 0) {
      result.conflicts.push({ event, with: clash[0].id, withAll: clash.map((c) => c.id) });
    } else {
      result.add.push(event);
    }
  }

  for (const s of mine) {
    if (matched.has(s.id)) continue;
    if (isUnreadable(s)) {
      result.retained.push({ id: s.id, reason: "unreadable-in-feed" });
      continue;
    }
    const when = relativeToToday(s, today);
    if (when === "future" && s.registered) result.retained.push({ id: s.id, reason: "registered" });
    else if (when === "future") result.remove.push(s.id);
    else result.retained.push({ id: s.id, reason: when === "past" ? "past" : "in-progress" });
  }
  return result;
}

function applyToExisting(
  result: ReconcileResult,
  others: readonly StoredReservation[],
  feedId: string,
  today: string,
  existing: StoredReservation,
  event: FeedEvent,
): void {
  const when = relativeToToday(existing, today);
  if (when === "past") {
    // A finished stay is history (and may be registered with eVisitor): the feed cannot move it.
    result.unchanged.push(existing.id);
    return;
  }
  const range: DateRange = { start: event.start, end: event.end };
  if (when === "current" && event.start > existing.start && event.start <= today) {
    // A stay under way re-emitted from "today" keeps its real check-in date.
    range.start = existing.start;
  }
  const datesChanged = range.start !== existing.start || range.end !== existing.end;
  const kindChanged = event.kind !== existing.kind;
  const summaryChanged = existing.summary !== undefined && existing.summary !== event.summary;
  if (!datesChanged && !kindChanged && !summaryChanged) {
    result.unchanged.push(existing.id);
    return;
  }
  if (existing.registered && event.kind === "block" && existing.kind !== "block") {
    result.blockLocked.push({ id: existing.id, event });
    return;
  }
  if (existing.registered && range.start !== existing.start) {
    result.arrivalLocked.push({ id: existing.id, event, start: range.start, end: range.end });
    return;
  }
  if (datesChanged) {
    const clash = clashes(others, newlyCovered(existing, range));
    if (clash.length > 0) {
      result.conflicts.push({
        event,
        with: clash[0].id,
        withAll: clash.map((c) => c.id),
        updateOf: existing.id,
      });
      return;
    }
  }
  result.update.push(updateOf(existing, event, feedId, range, daysBetween(range.start, range.end)));
}

/** A stay under way, gone from the feed, that `event` re-issues (same departure, later start). */
function findReissued(
  gone: readonly StoredReservation[],
  event: FeedEvent,
  today: string,
  taken: ReadonlySet<string>,
): StoredReservation | undefined {
  return gone.find((s) =>
    !taken.has(s.id) &&
    relativeToToday(s, today) === "current" &&
    s.end === event.end &&
    s.start <= event.start &&
    event.start <= today
  );
}
