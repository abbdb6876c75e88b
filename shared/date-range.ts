/**
 * A stay is the half-open range [check-in date, check-out date): the night of the check-out
 * date is free, so one guest leaving and the next arriving on the same day is a turnover,
 * not a double booking. Dates are `YYYY-MM-DD` in the property's zone, so plain string
 * comparison orders them.
 */

export interface DateRange {
  /** Check-in date. */
  start: string;
  /** Check-out date (exclusive). */
  end: string;
}

/** Whether two stays share at least one night. */
export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Where a stay sits relative to `today`: over (checked out today or earlier), under way, ahead. */
export type RelativeToToday = "past" | "current" | "future";

export function relativeToToday(range: DateRange, today: string): RelativeToToday {
  if (range.end <= today) return "past";
  if (range.start <= today) return "current";
  return "future";
}

/**
 * The parts of `next` that `previous` did not cover yet: a stay that moves or grows only
 * claims these nights anew, so only they can clash with someone else's reservation.
 */
export function newlyCovered(previous: DateRange, next: DateRange): DateRange[] {
  if (!rangesOverlap(previous, next)) return [next];
  const parts: DateRange[] = [];
  if (next.start < previous.start) parts.push({ start: next.start, end: previous.start });
  if (next.end > previous.end) parts.push({ start: previous.end, end: next.end });
  return parts;
}
