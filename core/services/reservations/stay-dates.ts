import {
  dateAt,
  dateParts,
  instantOfWallTime,
  STAY_TIME_ZONE,
  todayIn,
} from "@shared/local-date.ts";

/** Used when neither the unit nor its property sets check-in/out times. */
export const DEFAULT_TIMES = { checkIn: "14:00", checkOut: "10:00" };

export function today(now: Date): string {
  return todayIn(STAY_TIME_ZONE, now);
}

/** The local (Zagreb) date of an ISO date-time, e.g. a 23:30Z arrival is the next local day. */
export function stayDateOf(isoDateTime: string): string {
  return dateAt(Date.parse(isoDateTime), STAY_TIME_ZONE);
}

/** A stay date at a local time of day, as the UTC date-time the API answers with. */
export function utcDateTimeOf(date: string, time: string): string {
  // Lists answer a few hundred dates and times over and over; the zone arithmetic (Intl) is the
  // slow part, and its answer for a date and time never changes.
  const key = `${date}T${time}`;
  let answer = utcDateTimes.get(key);
  if (answer === undefined) {
    const [year, month, day] = dateParts(date)!;
    const [hour, minute] = time.split(":").map(Number);
    answer = new Date(
      instantOfWallTime({ year, month, day, hour, minute, second: 0 }, STAY_TIME_ZONE),
    ).toISOString();
    if (utcDateTimes.size >= 10_000) utcDateTimes.clear();
    utcDateTimes.set(key, answer);
  }
  return answer;
}
const utcDateTimes = new Map<string, string>();

/** Check-in and check-out times of a unit: its own, else its property's, else the usual ones. */
export function stayTimesOf(
  unit: { defaultCheckInTime: string | null; defaultCheckOutTime: string | null },
  property: { defaultCheckInTime: string | null; defaultCheckOutTime: string | null },
): { checkIn: string; checkOut: string } {
  return {
    checkIn: unit.defaultCheckInTime ?? property.defaultCheckInTime ?? DEFAULT_TIMES.checkIn,
    checkOut: unit.defaultCheckOutTime ?? property.defaultCheckOutTime ?? DEFAULT_TIMES.checkOut,
  };
}
