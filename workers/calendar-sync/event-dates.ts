/**
 * DTSTART/DTEND values (ical.js `Time`) → check-in and check-out dates in the property's zone.
 *
 * - `VALUE=DATE` is taken as written: it already is a date, and routing it through an instant
 *   would shift it by a day for anyone west or east of UTC.
 * - UTC (`…Z`) and zoned values are real instants; their date is the date on the property's
 *   clock (`20261213T230000Z` is check-in 14 December in Zagreb). A TZID defined by a VTIMEZONE
 *   in the file is resolved by ical.js from that definition (Outlook's "Central Europe Standard
 *   Time"); an undefined one through `Intl` (IANA names, Windows names).
 * - Floating date-times are wall-clock times of the calendar's X-WR-TIMEZONE, else of the
 *   property.
 */
import ICAL from "ical.js";
import { resolveTimeZoneName } from "./time-zone-names.ts";
import { dateAt, formatDate, instantOfWallTime, isIsoDate } from "@shared/local-date.ts";

export interface ZoneContext {
  /** The property's zone: where dates are taken. */
  zone: string;
  /** Where floating date-times are read (X-WR-TIMEZONE, else the property's zone). */
  floatingZone: string;
}

export interface LocalDate {
  date: string;
  /** Set when the TZID could not be resolved and the value was read as local time. */
  unknownTzid?: string;
}

// A stay in year 0 or 9999 is a broken value, not a booking.
const MIN_YEAR = 1900;
const MAX_YEAR = 2200;

function checked(date: string): string {
  const year = Number(date.slice(0, 4));
  if (!isIsoDate(date) || year < MIN_YEAR || year > MAX_YEAR) {
    throw new RangeError(`not a usable date: ${date}`);
  }
  return date;
}

function wallOf(time: ICAL.Time) {
  return {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  };
}

/** Reads the wall time of `time` in `wallZone` and returns the date on the property's clock. */
function viaZone(time: ICAL.Time, wallZone: string, ctx: ZoneContext): string {
  if (wallZone === ctx.zone) return formatDate(time.year, time.month, time.day);
  return dateAt(instantOfWallTime(wallOf(time), wallZone), ctx.zone);
}

/**
 * The local date of a DTSTART/DTEND/RECURRENCE-ID value. `tzid` is the property's TZID
 * parameter, needed when ical.js could not resolve it and left the value floating.
 */
export function localDateOf(time: ICAL.Time, tzid: string | null, ctx: ZoneContext): LocalDate {
  if (time.isDate) return { date: checked(formatDate(time.year, time.month, time.day)) };
  if (time.zone && time.zone !== ICAL.Timezone.localTimezone) {
    // UTC, or a VTIMEZONE from the file: ical.js knows the instant.
    return { date: checked(dateAt(time.toUnixTime() * 1000, ctx.zone)) };
  }
  if (tzid) {
    const zone = resolveTimeZoneName(tzid);
    if (zone) return { date: checked(viaZone(time, zone, ctx)) };
    return { date: checked(viaZone(time, ctx.zone, ctx)), unknownTzid: tzid };
  }
  return { date: checked(viaZone(time, ctx.floatingZone, ctx)) };
}

// ical.js stores DATE/DATE-TIME values in jCal form and rolls impossible ones over
// (2026-02-30 becomes 2 March); a date the feed got wrong must not silently become another.
const RAW_VALUE = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}):(\d{2})Z?)?$/;

/** The Time of a DTSTART/DTEND/RECURRENCE-ID property; throws when the value is not a real one. */
export function timeValue(prop: ICAL.Property | null): ICAL.Time | null {
  if (!prop) return null;
  const raw = prop.jCal[3];
  const m = typeof raw === "string" ? RAW_VALUE.exec(raw) : null;
  const valid = m !== null && isIsoDate(m[1]) && Number(m[2] ?? 0) <= 23 &&
    Number(m[3] ?? 0) <= 59 && Number(m[4] ?? 0) <= 60;
  if (!valid) {
    throw new RangeError(`${prop.name.toUpperCase()} ${JSON.stringify(raw)} is not a date`);
  }
  const value = prop.getFirstValue();
  return value instanceof ICAL.Time ? value : null;
}

/** The TZID parameter of a property, if any. */
export function tzidOf(prop: ICAL.Property | null): string | null {
  const value = prop?.getParameter("tzid");
  if (Array.isArray(value)) return value[0] ?? null;
  return typeof value === "string" && value !== "" ? value : null;
}
