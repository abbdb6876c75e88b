/**
 * Expanding a recurring VEVENT (RRULE/RDATE minus EXDATE, with RECURRENCE-ID overrides) into
 * one event per occurrence over a bounded window around today. Each occurrence is identified
 * by UID + the local date of its original start (`recurrenceId`).
 */
import ICAL from "ical.js";
import { tzidOf } from "./event-dates.ts";
import {
  addEvent,
  type Context,
  isCancelled,
  localDate,
  localRange,
  spanOf,
  text,
  timeOf,
  type TimeSpan,
  warn,
} from "./vevent-reader.ts";

/**
 * RRULEs may be endless or absurdly dense (FREQ=MINUTELY), and ical.js cannot jump to the
 * window, so every step from DTSTART costs (10–20 µs with the date conversion). Budget for
 * all series of one feed (a daily series since 1990 takes ~14,000)…
 */
export const MAX_RECURRENCE_STEPS = 50_000;
/** …and occurrences kept per series (a daily one over the default window has ~1,100). */
export const MAX_OCCURRENCES_PER_SERIES = 2_000;

/**
 * How long every occurrence of a series lasts, in wall-clock terms: a weekend 15:00 → 10:00
 * stays 15:00 → 10:00 across the March DST switch (the Google fixture).
 */
function seriesLength(comp: ICAL.Component, start: ICAL.Time): ICAL.Duration | null {
  const duration = comp.getFirstPropertyValue("duration");
  if (duration instanceof ICAL.Duration) return duration;
  const end = timeOf(comp, "dtend");
  if (!end) return null;
  const floating = ICAL.Timezone.localTimezone;
  const sameClock = end.zone === start.zone || end.zone === floating || start.zone === floating;
  return (sameClock ? end : end.convertToZone(start.zone)).subtractDate(start);
}

export function expandSeries(
  ctx: Context,
  master: ICAL.Component,
  uid: string,
  exceptions: ICAL.Component[],
): void {
  // Exceptions are passed explicitly: ical.js would otherwise relate every RECURRENCE-ID
  // component of the calendar to every series, whatever its UID.
  const series = new ICAL.Event(master, { strictExceptions: true, exceptions });
  const startProp = master.getFirstProperty("dtstart");
  const start = timeOf(master, "dtstart");
  if (!startProp || !start) {
    warn(ctx, "missing-start", uid, null, true, "Recurring event without DTSTART; skipped.");
    return;
  }
  const startTzid = tzidOf(startProp);
  const length = seriesLength(master, start);
  const iterator = series.iterator();
  let kept = 0;
  // Occurrences are keyed by local date, so a sub-daily rule yields one stay per day.
  const seen = new Set<string>();
  for (;;) {
    if (ctx.stepsLeft-- <= 0 || kept >= MAX_OCCURRENCES_PER_SERIES) {
      warn(
        ctx,
        "recurrence-truncated",
        uid,
        null,
        false,
        "The recurrence has too many occurrences; the later ones were left out.",
      );
      return;
    }
    let occurrence: ICAL.Time | undefined;
    try {
      occurrence = iterator.next();
    } catch (error) {
      // ical.js gives up on rules it cannot satisfy; keep the occurrences found so far.
      warn(ctx, "recurrence-truncated", uid, null, false, `Recurrence stopped: ${error}`);
      return;
    }
    if (!occurrence) return;
    const recurrenceId = localDate(ctx, occurrence, startTzid, uid);
    if (recurrenceId >= ctx.windowEnd) return;
    if (seen.has(recurrenceId)) continue;
    seen.add(recurrenceId);

    const item = series.getOccurrenceDetails(occurrence).item;
    if (item !== series) {
      // A RECURRENCE-ID override: its own dates, summary and status apply.
      if (isCancelled(item.component)) {
        ctx.ignored.push({
          uid,
          recurrenceId,
          summary: text(item.component, "summary"),
          reason: "STATUS:CANCELLED",
        });
        continue;
      }
      const span = spanOf(item.component);
      if (!span) {
        warn(ctx, "missing-start", uid, recurrenceId, true, "Override without DTSTART; skipped.");
        continue;
      }
      if (!endsBefore(ctx, span, uid, ctx.windowStart)) {
        addEvent(ctx, item.component, uid, recurrenceId, span, true);
        kept++;
      }
      continue;
    }
    let end: ICAL.Time | null = null;
    if (length) {
      end = occurrence.clone();
      end.addDuration(length);
    }
    const span: TimeSpan = { start: occurrence, startTzid, end, endTzid: startTzid };
    if (!endsBefore(ctx, span, uid, ctx.windowStart)) {
      addEvent(ctx, master, uid, recurrenceId, span, true);
      kept++;
    }
  }
}

/** Whether an occurrence is over before the window starts (so it is not worth listing). */
function endsBefore(ctx: Context, span: TimeSpan, uid: string, date: string): boolean {
  return localRange(ctx, span, uid).end <= date;
}
