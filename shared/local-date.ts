/**
 * Calendar dates (`YYYY-MM-DD`) and the time-zone conversions that produce them.
 *
 * Stays are kept as dates in the property's zone, never as instants: reading an all-day
 * `20270101` through a UTC `Date` and back in another zone is the classic off-by-one that
 * hides turnovers and invents overlaps. Date arithmetic therefore runs on plain UTC
 * calendar fields, and only real instants (UTC or zoned date-times) go through `Intl`,
 * which carries the full IANA time-zone database.
 */

export { STAY_TIME_ZONE } from "./time-zone.ts";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Wall-clock fields of a date-time without any zone attached. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

export function formatDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The parts of a real calendar date, or null (`2027-02-30` is not one). */
export function dateParts(date: string): [number, number, number] | null {
  const m = ISO_DATE.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) {
    return null;
  }
  return [y, mo, d];
}

export function isIsoDate(date: string): boolean {
  return dateParts(date) !== null;
}

function requireDate(date: string): [number, number, number] {
  const parts = dateParts(date);
  if (!parts) throw new TypeError(`expected a date as YYYY-MM-DD, got ${JSON.stringify(date)}`);
  return parts;
}

/** `date` plus `days` calendar days (negative to go back). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = requireDate(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return formatDate(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** Calendar days from `from` to `to` (the nights of a stay [from, to)). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = requireDate(from);
  const [y2, m2, d2] = requireDate(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / DAY_MS);
}

/** Whether `Intl` knows the zone (IANA names such as Europe/Zagreb, or UTC). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall clock in `zone` at an instant. */
export function wallTimeAt(epochMs: number, zone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(zone).formatToParts(epochMs)) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

/** The calendar date in `zone` at an instant. */
export function dateAt(epochMs: number, zone: string): string {
  const w = wallTimeAt(epochMs, zone);
  return formatDate(w.year, w.month, w.day);
}

/** "Today" for a property: the date in its zone (Europe/Zagreb), not the server's. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return dateAt(now.getTime(), zone);
}

function wallAsUtc(w: WallTime): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

/**
 * The instant at which `zone`'s clock shows `wall`. Two passes settle the offset next to a
 * DST switch; a wall time skipped by the spring switch lands an hour later, as clocks do.
 */
export function instantOfWallTime(wall: WallTime, zone: string): number {
  const asUtc = wallAsUtc(wall);
  const offsetAt = (instant: number) => wallAsUtc(wallTimeAt(instant, zone)) - instant;
  let instant = asUtc - offsetAt(asUtc);
  instant = asUtc - offsetAt(instant);
  return instant;
}
