import { addDays } from "@shared/local-date.ts";

/**
 * Which days a stay can start and end on, given the nights already taken in its unit. A stay is
 * the half-open range [check-in, check-out): it occupies the nights D→D+1 for every D before the
 * check-out day, so the day another stay checks out on is still free to check in on, and a stay
 * can check out on the day another one checks in. Days and nights are `YYYY-MM-DD` (Zagreb), and
 * `taken` holds each taken night by the date it starts on.
 */
export type TakenNights = ReadonlySet<string>;

/** The nights of the stay [start, end), one date each. */
export function nightsOf(start: string, end: string): string[] {
  const nights: string[] = [];
  for (let night = start; night < end; night = addDays(night, 1)) nights.push(night);
  return nights;
}

/** A day can be a check-in day when its own night is free (and it is not before `earliest`). */
export function canCheckIn(day: string, taken: TakenNights, earliest?: string): boolean {
  return !taken.has(day) && (earliest === undefined || day >= earliest);
}

/**
 * The latest possible check-out for a stay arriving on `start`: the first taken night after it
 * (that guest's arrival day is our departure day), or undefined when nothing known is taken.
 */
export function latestCheckOut(start: string, taken: TakenNights): string | undefined {
  let first: string | undefined;
  for (const night of taken) {
    if (night > start && (first === undefined || night < first)) first = night;
  }
  return first;
}

/** A day can end a stay arriving on `start` when every night in between is free. */
export function canCheckOut(start: string, day: string, taken: TakenNights): boolean {
  if (day <= start || taken.has(start)) return false;
  const limit = latestCheckOut(start, taken);
  return limit === undefined || day <= limit;
}

/** Whether the stay [start, end) holds a taken night. */
export function holdsTakenNight(start: string, end: string, taken: TakenNights): boolean {
  return nightsOf(start, end).some((night) => taken.has(night));
}
