import { addDays } from "@shared/local-date.ts";
import { utcDateTimeOf } from "../reservations/stay-dates.ts";
import type { GuestRow } from "./guest-response.ts";

/**
 * Croatian rules: a guest is registered within 24 hours of arrival and checked out within 24
 * hours of departure. The deadline that applies now, as a UTC date-time, or null when both are
 * met (checked out).
 */
export function nextDeadlineOf(
  guest: Pick<GuestRow, "status">,
  stay: { startDate: string; endDate: string },
  times: { checkIn: string; checkOut: string },
): string | null {
  switch (guest.status) {
    case "PreCheckIn":
      return utcDateTimeOf(addDays(stay.startDate, 1), times.checkIn);
    case "CheckedIn":
      return utcDateTimeOf(addDays(stay.endDate, 1), times.checkOut);
    default:
      return null;
  }
}
