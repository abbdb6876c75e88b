import type { ReservationStatus } from "./enums.ts";
import { ReservationFilter } from "./enums.ts";

/** What a reservation's status is derived from. Dates are the property's local dates. */
export interface StayFacts {
  /** Check-in date, `YYYY-MM-DD`. */
  start: string;
  /** Check-out date, exclusive: the night of `end` is free. */
  end: string;
  canceled: boolean;
  /** Guests registered with eVisitor for this stay (checked in or already out). */
  registeredGuests: number;
}

/**
 * The status of a reservation on a given day (spec section 4), derived, never stored, so it can
 * never disagree with the dates:
 *
 *   Canceled   the stay was cancelled;
 *   Pending    arrival is still ahead;
 *   Active     the stay is under way and nobody is registered yet (needs the host);
 *   CheckedIn  the stay is under way and guests are registered;
 *   Completed  the stay is over and guests were registered;
 *   Expired    the stay is over and nobody was registered (the check-in link no longer works).
 */
export function reservationStatus(stay: StayFacts, today: string): ReservationStatus {
  if (stay.canceled) return "Canceled";
  if (today < stay.start) return "Pending";
  if (today < stay.end) return stay.registeredGuests > 0 ? "CheckedIn" : "Active";
  return stay.registeredGuests > 0 ? "Completed" : "Expired";
}

/** Which stays a list filter keeps (spec: All, Upcoming, Ongoing, Completed). */
export function matchesFilter(
  stay: { start: string; end: string },
  filter: ReservationFilter,
  today: string,
): boolean {
  switch (filter) {
    case ReservationFilter.Upcoming:
      return today < stay.start;
    case ReservationFilter.Ongoing:
      return stay.start <= today && today < stay.end;
    case ReservationFilter.Completed:
      return stay.end <= today;
    default:
      return true;
  }
}
