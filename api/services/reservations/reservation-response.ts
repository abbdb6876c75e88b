import { ReservationFilter } from "@shared/enums.ts";
import type { Reservation } from "@shared/schemas/reservation.ts";
import { reservationStatus } from "@shared/reservation-status.ts";
import type { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import type { properties } from "../../db/schema/properties.ts";
import type { reservations } from "../../db/schema/reservations.ts";
import { toUnit } from "../properties/to-response.ts";
import { DEFAULT_TIMES, utcDateTimeOf } from "./stay-dates.ts";

type Row = typeof reservations.$inferSelect;

const KIND_NAMES = { booking: "Booking", block: "Block", unknown: "Unknown" } as const;
type UnitRow = typeof accommodationUnits.$inferSelect;
type PropertyRow = typeof properties.$inferSelect;

export { ReservationFilter };

/**
 * A reservation as the API shows it: dates become UTC date-times at the unit's (else the
 * property's, else the usual) check-in and check-out times. Guests arrive with check-in.
 */
export function toReservation(
  row: Row,
  unit: UnitRow,
  property: PropertyRow,
  today: string,
): Reservation {
  const checkIn = unit.defaultCheckInTime ?? property.defaultCheckInTime ?? DEFAULT_TIMES.checkIn;
  const checkOut = unit.defaultCheckOutTime ?? property.defaultCheckOutTime ??
    DEFAULT_TIMES.checkOut;
  return {
    code: row.code,
    accommodationUnitId: row.accommodationUnitId,
    accommodationUnit: toUnit(unit, property),
    startDateUTC: utcDateTimeOf(row.startDate, checkIn),
    endDateUTC: utcDateTimeOf(row.endDate, checkOut),
    startDate: row.startDate,
    endDate: row.endDate,
    status: reservationStatus(
      { start: row.startDate, end: row.endDate, canceled: !!row.canceledAt, registeredGuests: 0 },
      today,
    ),
    kind: KIND_NAMES[row.kind],
    imported: row.sourceFeedId !== null,
    type: row.type,
    description: row.description,
    guests: [],
  };
}
