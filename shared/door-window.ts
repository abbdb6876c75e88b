import { addDays, dateAt, wallTimeAt } from "./local-date.ts";
import { STAY_TIME_ZONE } from "./time-zone.ts";

/**
 * The unit's door code admits check-ins for the stay under way today and, from this time (Zagreb)
 * on the evening before arrival, for tomorrow's stay: guests arriving early or late can check in
 * the night before, a cleaner who once saw the QR code cannot check anybody in days ahead.
 */
export const DOOR_OPENS_EVENING_BEFORE = "18:00";

/**
 * The arrival dates the door code admits at `now`: a stay whose nights include today, or, from
 * DOOR_OPENS_EVENING_BEFORE on, one arriving tomorrow. `latestArrival` is the last arrival date
 * a door check-in may be for.
 */
export function doorWindow(now: Date): { today: string; latestArrival: string } {
  const today = dateAt(now.getTime(), STAY_TIME_ZONE);
  const wall = wallTimeAt(now.getTime(), STAY_TIME_ZONE);
  const [hour, minute] = DOOR_OPENS_EVENING_BEFORE.split(":").map(Number);
  const evening = wall.hour * 60 + wall.minute >= hour * 60 + minute;
  return { today, latestArrival: evening ? addDays(today, 1) : today };
}
