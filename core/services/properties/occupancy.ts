import { and, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import { addDays } from "@shared/local-date.ts";
import type { PropertyOccupancy } from "@shared/schemas/property.ts";
import type { Database } from "../../db/client.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { today as todayOf } from "../reservations/stay-dates.ts";

/** Occupancy looks this many nights ahead from today (Zagreb). */
export const OCCUPANCY_DAYS = 30;

/**
 * How full each property is over the next OCCUPANCY_DAYS nights: nights taken by stays (bookings
 * and stays a platform does not describe; blocks are closed dates, not guests) out of the nights
 * its units offer. Summed in SQL, each stay clipped to the window.
 */
export async function occupancyOf(
  db: Database,
  units: { id: string; propertyId: string }[],
  now: Date,
): Promise<Map<string, PropertyOccupancy>> {
  const from = todayOf(now);
  const to = addDays(from, OCCUPANCY_DAYS);
  const booked = units.length === 0 ? [] : await db.select({
    propertyId: reservations.propertyId,
    nights: sql<
      number
    >`sum(julianday(min(${reservations.endDate}, ${to})) - julianday(max(${reservations.startDate}, ${from})))`,
  }).from(reservations).where(and(
    inArray(reservations.accommodationUnitId, units.map((u) => u.id)),
    isNull(reservations.canceledAt),
    inArray(reservations.kind, ["booking", "unknown"]),
    lt(reservations.startDate, to),
    gt(reservations.endDate, from),
  )).groupBy(reservations.propertyId);
  const bookedOf = new Map(booked.map((row) => [row.propertyId, Math.round(Number(row.nights))]));

  const result = new Map<string, PropertyOccupancy>();
  for (const propertyId of new Set(units.map((u) => u.propertyId))) {
    const unitNights = units.filter((u) => u.propertyId === propertyId).length * OCCUPANCY_DAYS;
    const bookedNights = Math.min(bookedOf.get(propertyId) ?? 0, unitNights);
    result.set(propertyId, {
      from,
      days: OCCUPANCY_DAYS,
      bookedNights,
      unitNights,
      percent: Math.round((bookedNights / unitNights) * 100),
    });
  }
  return result;
}
