/**
 * One fetched iCal feed → the stays and blocks it lists, as local dates, or a typed error for
 * the whole feed. Pure: no clock (the caller passes `today`), no I/O.
 *
 * The worker must pass the response body as bytes (`Uint8Array`): folds are undone on bytes
 * before decoding (see `feed-text.ts`). A string is accepted for convenience, but a fold that
 * split a character in the original bytes cannot be repaired once it was decoded.
 *
 * Whole-feed errors (too large, empty body, HTML, truncated or unparsable) import nothing and
 * must not remove anything. Problems of single events (reversed dates, unreadable values) are
 * warnings: the event is left out and the rest of the feed syncs.
 */
import ICAL from "ical.js";
import { detectStyle } from "./classify.ts";
import { tzidOf } from "./event-dates.ts";
import { expandSeries, MAX_RECURRENCE_STEPS } from "./expand-series.ts";
import type { EventKey, FeedError, FeedEvent, ParsedFeed } from "./feed-types.ts";
import { readFeedText } from "./feed-text.ts";
import { addDays, isIsoDate, isKnownTimeZone, STAY_TIME_ZONE } from "@shared/local-date.ts";
import { resolveTimeZoneName } from "./time-zone-names.ts";
import {
  addEvent,
  type Context,
  isCancelled,
  localDate,
  spanOf,
  text,
  timeOf,
  warn,
} from "./vevent-reader.ts";

export { MAX_FEED_BYTES } from "./feed-text.ts";
export { MAX_OCCURRENCES_PER_SERIES, MAX_RECURRENCE_STEPS } from "./expand-series.ts";

/** Recurring events are expanded from this many days before today… */
export const DEFAULT_WINDOW_DAYS_BEFORE = 365;
/** …to this many days after (Airbnb exports about a year ahead; two leaves room). */
export const DEFAULT_WINDOW_DAYS_AFTER = 730;

export interface ParseFeedOptions {
  /** `YYYY-MM-DD` in the property's zone; centres the recurrence window. */
  today: string;
  /** The property's IANA zone; dates are taken on its clock. */
  timezone?: string;
  windowDaysBefore?: number;
  windowDaysAfter?: number;
}

function readEvent(
  ctx: Context,
  comp: ICAL.Component,
  exceptionsByUid: Map<string, ICAL.Component[]>,
): void {
  const uid = text(comp, "uid").trim();
  if (uid === "") {
    warn(
      ctx,
      "missing-uid",
      null,
      null,
      true,
      `Event without UID (${text(comp, "summary")}); skipped.`,
    );
    return;
  }
  if (isCancelled(comp)) {
    ctx.ignored.push({
      uid,
      recurrenceId: null,
      summary: text(comp, "summary"),
      reason: "STATUS:CANCELLED",
    });
    return;
  }
  if (comp.hasProperty("rrule") || comp.hasProperty("rdate")) {
    expandSeries(ctx, comp, uid, exceptionsByUid.get(uid) ?? []);
    return;
  }
  const span = spanOf(comp);
  if (!span) {
    warn(ctx, "missing-start", uid, null, true, "Event without DTSTART; skipped.");
    return;
  }
  addEvent(ctx, comp, uid, null, span);
}

/** An override whose series is not in the feed stands on its own, keyed by its occurrence. */
function readOrphanException(ctx: Context, comp: ICAL.Component, uid: string): void {
  if (uid === "") {
    warn(ctx, "missing-uid", null, null, true, "Override without UID; skipped.");
    return;
  }
  const idProp = comp.getFirstProperty("recurrence-id");
  const idTime = timeOf(comp, "recurrence-id");
  const recurrenceId = idProp && idTime ? localDate(ctx, idTime, tzidOf(idProp), uid) : null;
  if (isCancelled(comp)) {
    ctx.ignored.push({
      uid,
      recurrenceId,
      summary: text(comp, "summary"),
      reason: "STATUS:CANCELLED",
    });
    return;
  }
  const span = spanOf(comp);
  if (!span) {
    warn(ctx, "missing-start", uid, recurrenceId, true, "Event without DTSTART; skipped.");
    return;
  }
  addEvent(ctx, comp, uid, recurrenceId, span);
}

function keyOf(e: { uid: string; recurrenceId: string | null }): string {
  return `${e.uid}\u0000${e.recurrenceId ?? ""}`;
}

/** Keeps the first of events sharing uid + recurrenceId: identity must be unique per feed. */
function dropDuplicates(ctx: Context): FeedEvent[] {
  const seen = new Set<string>();
  const unique: FeedEvent[] = [];
  for (const event of ctx.events) {
    const key = keyOf(event);
    if (seen.has(key)) {
      warn(
        ctx,
        "duplicate-uid",
        event.uid,
        event.recurrenceId,
        true,
        `The feed lists this event twice; the second (${event.start} → ${event.end}) was left out.`,
      );
      continue;
    }
    seen.add(key);
    unique.push(event);
  }
  return unique;
}

function compareEvents(a: FeedEvent, b: FeedEvent): number {
  return a.start.localeCompare(b.start) || a.end.localeCompare(b.end) ||
    a.uid.localeCompare(b.uid) || (a.recurrenceId ?? "").localeCompare(b.recurrenceId ?? "");
}

function parseCalendars(text: string): ICAL.Component[] | FeedError {
  try {
    const jcal = ICAL.parse(text);
    // Several VCALENDARs in one body parse to a list of them.
    const list = Array.isArray(jcal[0]) ? jcal as unknown[] : [jcal];
    return list.map((c) => new ICAL.Component(c as unknown[]));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, kind: "malformed", message: `The calendar could not be read: ${reason}` };
  }
}

/** Parses one feed body. See the module comment for what is an error and what a warning. */
export function parseFeed(
  input: Uint8Array | string,
  options: ParseFeedOptions,
): ParsedFeed | FeedError {
  const zone = options.timezone ?? STAY_TIME_ZONE;
  if (!isIsoDate(options.today)) throw new TypeError("parseFeed: today must be YYYY-MM-DD");
  if (!isKnownTimeZone(zone)) throw new TypeError(`parseFeed: unknown time zone ${zone}`);

  const read = readFeedText(input);
  if (!read.ok) return read;
  const calendars = parseCalendars(read.text);
  if (!Array.isArray(calendars)) return calendars;

  const first = calendars[0];
  const wrZone = first ? text(first, "x-wr-timezone").trim() : "";
  const calendarName = first ? text(first, "x-wr-calname").trim() : "";
  const vevents = calendars.flatMap((c) => c.getAllSubcomponents("vevent"));

  const ctx: Context = {
    zone,
    floatingZone: (wrZone && resolveTimeZoneName(wrZone)) || zone,
    style: detectStyle({
      prodid: first ? text(first, "prodid") : null,
      events: vevents.map((v) => ({ uid: text(v, "uid"), summary: text(v, "summary") })),
    }),
    windowStart: addDays(options.today, -(options.windowDaysBefore ?? DEFAULT_WINDOW_DAYS_BEFORE)),
    windowEnd: addDays(options.today, options.windowDaysAfter ?? DEFAULT_WINDOW_DAYS_AFTER),
    stepsLeft: MAX_RECURRENCE_STEPS,
    warnings: [],
    ignored: [],
    events: [],
  };
  if (read.invalidUtf8) {
    warn(ctx, "invalid-utf8", null, null, false, "Some bytes were not UTF-8 and were replaced.");
  }

  const masters: ICAL.Component[] = [];
  const exceptionsByUid = new Map<string, ICAL.Component[]>();
  for (const vevent of vevents) {
    if (!vevent.hasProperty("recurrence-id")) {
      masters.push(vevent);
      continue;
    }
    const uid = text(vevent, "uid").trim();
    exceptionsByUid.set(uid, [...(exceptionsByUid.get(uid) ?? []), vevent]);
  }
  const recurringUids = new Set(
    masters.filter((m) => m.hasProperty("rrule") || m.hasProperty("rdate")).map((m) =>
      text(m, "uid").trim()
    ),
  );

  for (const master of masters) {
    guarded(ctx, master, () => readEvent(ctx, master, exceptionsByUid));
  }
  for (const [uid, exceptions] of exceptionsByUid) {
    if (recurringUids.has(uid)) continue;
    for (const exception of exceptions) {
      guarded(ctx, exception, () => readOrphanException(ctx, exception, uid));
    }
  }

  return {
    ok: true,
    style: ctx.style,
    calendarName: calendarName || null,
    events: dropDuplicates(ctx).sort(compareEvents),
    ignored: ctx.ignored,
    warnings: ctx.warnings,
  };
}

/**
 * Identities of events the feed still lists but that are (partly) missing from `events`:
 * left out as unreadable (reversed dates, bad values), or series cut off by the recurrence
 * limits. Pass them to `reconcile` as `unreadable` so their stays are not removed as if
 * cancelled. A key without recurrenceId stands for every occurrence of that UID.
 */
export function unreadableEventKeys(feed: ParsedFeed): EventKey[] {
  return feed.warnings
    .filter((w) => w.uid !== null && (w.skipped || w.code === "recurrence-truncated"))
    .filter((w) => w.code !== "duplicate-uid")
    .map((w) => ({ uid: w.uid!, recurrenceId: w.recurrenceId }));
}

/** One unreadable event (a bad date value) costs that event, not the feed. */
function guarded(ctx: Context, comp: ICAL.Component, read: () => void): void {
  try {
    read();
  } catch (error) {
    const uid = text(comp, "uid").trim() || null;
    const reason = error instanceof Error ? error.message : String(error);
    warn(ctx, "unreadable-event", uid, null, true, `Event could not be read (${reason}); skipped.`);
  }
}
