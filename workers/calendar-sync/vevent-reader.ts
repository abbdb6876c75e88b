/**
 * Reading one VEVENT (or one occurrence of a series) into a `FeedEvent`: its span, its local
 * dates with RFC 5545's defaults, and the per-event warnings when it cannot be one.
 */
import ICAL from "ical.js";
import { classifyEvent } from "./classify.ts";
import { type LocalDate, localDateOf, timeValue, tzidOf, type ZoneContext } from "./event-dates.ts";
import type {
  FeedEvent,
  FeedStyle,
  FeedWarning,
  FeedWarningCode,
  IgnoredEvent,
} from "./feed-types.ts";
import { addDays, daysBetween } from "@shared/local-date.ts";

/** What reading one feed collects, and the settings it reads with. */
export interface Context extends ZoneContext {
  style: FeedStyle;
  windowStart: string;
  windowEnd: string;
  /** What is left of the feed's recurrence step budget. */
  stepsLeft: number;
  warnings: FeedWarning[];
  ignored: IgnoredEvent[];
  events: FeedEvent[];
}

/** DTSTART and what ends the event: DTEND, DURATION, or nothing. */
export interface TimeSpan {
  start: ICAL.Time;
  startTzid: string | null;
  end: ICAL.Time | null;
  endTzid: string | null;
}

export function warn(
  ctx: Context,
  code: FeedWarningCode,
  uid: string | null,
  recurrenceId: string | null,
  skipped: boolean,
  message: string,
): void {
  // One line per event and problem: a weekly series with a bad DTEND is one warning, not 52.
  // Events without UID cannot be told apart, so each of them is reported.
  const repeated = uid !== null &&
    ctx.warnings.some((w) => w.code === code && w.uid === uid && w.recurrenceId === recurrenceId);
  if (!repeated) ctx.warnings.push({ code, uid, recurrenceId, skipped, message });
}

export function text(comp: ICAL.Component, name: string): string {
  const value = comp.getFirstPropertyValue(name);
  return value === null || value === undefined ? "" : String(value);
}

export function isCancelled(comp: ICAL.Component): boolean {
  return text(comp, "status").trim().toUpperCase() === "CANCELLED";
}

export function timeOf(comp: ICAL.Component, name: string): ICAL.Time | null {
  return timeValue(comp.getFirstProperty(name));
}

/** The span of a single (non-expanded) VEVENT, with RFC 5545's defaults for a missing end. */
export function spanOf(comp: ICAL.Component): TimeSpan | null {
  const startProp = comp.getFirstProperty("dtstart");
  const start = timeOf(comp, "dtstart");
  if (!startProp || !start) return null;
  const startTzid = tzidOf(startProp);
  const endProp = comp.getFirstProperty("dtend");
  const end = timeOf(comp, "dtend");
  if (endProp && end) return { start, startTzid, end, endTzid: tzidOf(endProp) };
  const duration = comp.getFirstPropertyValue("duration");
  if (duration instanceof ICAL.Duration) {
    const shifted = start.clone();
    shifted.addDuration(duration);
    return { start, startTzid, end: shifted, endTzid: startTzid };
  }
  return { start, startTzid, end: null, endTzid: null };
}

export function localDate(ctx: Context, time: ICAL.Time, tzid: string | null, uid: string): string {
  const result: LocalDate = localDateOf(time, tzid, ctx);
  if (result.unknownTzid !== undefined) {
    const zone = JSON.stringify(result.unknownTzid);
    warn(
      ctx,
      "unknown-timezone",
      uid,
      null,
      false,
      `Unknown time zone ${zone}; read as local time.`,
    );
  }
  return result.date;
}

interface LocalRange {
  start: string;
  end: string;
  problem?: { code: FeedWarningCode; skipped: boolean; message: string };
}

/** A span's check-in and check-out dates, with RFC 5545's defaults for a missing end. */
export function localRange(ctx: Context, span: TimeSpan, uid: string): LocalRange {
  const start = localDate(ctx, span.start, span.startTzid, uid);
  // RFC 5545 §3.6.1: an all-day event without an end lasts one day; a timed one, no time.
  const end = span.end
    ? localDate(ctx, span.end, span.endTzid, uid)
    : span.start.isDate
    ? addDays(start, 1)
    : start;
  const allDay = span.start.isDate && (span.end === null || span.end.isDate);
  if (end === start && allDay) {
    // Some exporters write DTEND = DTSTART for a single day; the night is meant as taken.
    const message = "DTEND equals DTSTART; read as one night.";
    return {
      start,
      end: addDays(start, 1),
      problem: { code: "end-equals-start", skipped: false, message },
    };
  }
  if (end < start) {
    const message = `Ends (${end}) before it starts (${start}); skipped.`;
    return { start, end, problem: { code: "dates-reversed", skipped: true, message } };
  }
  if (end === start) {
    const message = `Starts and ends on ${start}; no night to block.`;
    return { start, end, problem: { code: "no-night", skipped: true, message } };
  }
  return { start, end };
}

/**
 * Turns a span into an event, or records why it cannot be one. Problems of a series'
 * occurrences are reported once for the series (recurrenceId null), not once per week.
 */
export function addEvent(
  ctx: Context,
  comp: ICAL.Component,
  uid: string,
  recurrenceId: string | null,
  span: TimeSpan,
  inSeries = false,
): void {
  const { start, end, problem } = localRange(ctx, span, uid);
  if (problem) {
    const where = inSeries ? null : recurrenceId;
    warn(ctx, problem.code, uid, where, problem.skipped, problem.message);
    if (problem.skipped) return;
  }
  const summary = text(comp, "summary");
  const { kind, details } = classifyEvent(ctx.style, summary, text(comp, "description"));
  const event: FeedEvent = {
    uid,
    recurrenceId,
    start,
    end,
    nights: daysBetween(start, end),
    kind,
    summary,
  };
  if (details) event.details = details;
  ctx.events.push(event);
}
