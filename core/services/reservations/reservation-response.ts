import { ReservationFilter } from "@shared/enums.ts";
import { type Guest, isFullGuest } from "@shared/schemas/guest.ts";
import { type PropertyAccessRole, roleMay } from "@shared/property-rights.ts";
import type { Reservation } from "@shared/schemas/reservation.ts";
import { reservationStatus } from "@shared/reservation-status.ts";
import type { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import type { properties } from "../../db/schema/properties.ts";
import type { reservations } from "../../db/schema/reservations.ts";
import type { SecretBox } from "../../platform/crypto/secret-box.ts";
import { nextDeadlineOf } from "../guests/guest-deadline.ts";
import { type GuestRow, toReceptionGuest } from "../guests/guest-response.ts";
import { openGuests, registeredCount } from "../guests/load-guests.ts";
import { toUnit, unitFor } from "../properties/to-response.ts";
import { stayTimesOf, utcDateTimeOf } from "./stay-dates.ts";

type Row = typeof reservations.$inferSelect;
type UnitRow = typeof accommodationUnits.$inferSelect;
type PropertyRow = typeof properties.$inferSelect;

const KIND_NAMES = { booking: "Booking", block: "Block", unknown: "Unknown" } as const;

export { ReservationFilter };

function shapeOf<G extends Guest>(
  row: Row,
  unit: UnitRow,
  property: PropertyRow,
  today: string,
  guestRows: GuestRow[],
  guests: G[],
) {
  const times = stayTimesOf(unit, property);
  return {
    code: row.code,
    accommodationUnitId: row.accommodationUnitId,
    accommodationUnit: toUnit(unit, property),
    startDateUTC: utcDateTimeOf(row.startDate, times.checkIn),
    endDateUTC: utcDateTimeOf(row.endDate, times.checkOut),
    startDate: row.startDate,
    endDate: row.endDate,
    status: reservationStatus(
      {
        start: row.startDate,
        end: row.endDate,
        canceled: !!row.canceledAt,
        registeredGuests: registeredCount(guestRows),
      },
      today,
    ),
    kind: KIND_NAMES[row.kind],
    imported: row.sourceFeedId !== null,
    type: row.type,
    platformMove: row.sourceFeedId && row.platformStartDate && row.platformEndDate
      ? { startDate: row.platformStartDate, endDate: row.platformEndDate }
      : null,
    description: row.description,
    numberOfGuests: row.guestCount,
    leadGuestName: row.leadGuestName,
    guests,
  };
}

/**
 * A reservation for its host: dates become UTC date-times at the unit's (else the property's,
 * else the usual) check-in and check-out times; guests come with their documents and deadlines.
 */
export async function toReservation(
  row: Row,
  unit: UnitRow,
  property: PropertyRow,
  today: string,
  guestRows: GuestRow[],
  secretBox: SecretBox,
): Promise<Reservation> {
  const times = stayTimesOf(unit, property);
  const guests = await openGuests(guestRows, secretBox, (g) => nextDeadlineOf(g, row, times));
  return shapeOf(row, unit, property, today, guestRows, guests);
}

/**
 * A stay as `role` may see it (issue 30, N5): without the right to documents (reception) each
 * guest is a ReceptionGuest (names and the check-in and registration state, nothing more), and
 * without the right to settings the unit's calendar link is left out.
 */
export function reservationFor(role: PropertyAccessRole, reservation: Reservation): Reservation {
  return {
    ...reservation,
    accommodationUnit: reservation.accommodationUnit &&
      unitFor(role, reservation.accommodationUnit),
    guests: roleMay(role, "documents")
      ? reservation.guests
      : reservation.guests.map((guest) => isFullGuest(guest) ? toReceptionGuest(guest) : guest),
  };
}
