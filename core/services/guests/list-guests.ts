import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { GuestStatus } from "@shared/enums.ts";
import type { GuestListItem } from "@shared/schemas/guest-list.ts";
import { toPagedResult } from "@shared/schemas/paged.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { likeContaining } from "../../db/like-containing.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { guests } from "../../db/schema/guests.ts";
import { properties } from "../../db/schema/properties.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { accessProperty } from "../access/property-access.ts";
import { stayTimesOf, utcDateTimeOf } from "../reservations/stay-dates.ts";
import { nextDeadlineOf } from "./guest-deadline.ts";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { GuestSortField } from "@shared/schemas/list-query.ts";
import { approvalOf, registrationFailureFields } from "./guest-response.ts";

export const GUEST_SORTS = {
  arrival: reservations.startDate,
  name: guests.surname,
  created: guests.createdAt,
} satisfies Record<GuestSortField, SQLiteColumn>;
export type GuestSort = GuestSortField;

/**
 * The guests of a property the caller owns or handles registrations of (co-host, reception),
 * newest arrivals first, a page at a time.
 */
export async function listGuests(
  ctx: ServiceContext,
  query: {
    propertyId: string;
    pageNumber: number;
    pageSize: number;
    sortBy: GuestSort;
    searchValue?: string;
    status?: GuestStatus;
  },
) {
  const { db } = ctx;
  const { property } = await accessProperty(
    db,
    actorIdOf(ctx),
    query.propertyId,
    "registration",
  );
  const pattern = query.searchValue ? likeContaining(query.searchValue) : undefined;
  const where: SQL | undefined = and(
    eq(guests.userId, property.userId),
    eq(guests.propertyId, property.id),
    query.status ? eq(guests.status, query.status) : undefined,
    pattern
      ? sql`(${guests.name} like ${pattern} escape '\\' or ${guests.surname} like ${pattern} escape '\\' or ${reservations.code} like ${pattern} escape '\\')`
      : undefined,
  );
  const joined = () =>
    db.select().from(guests)
      .innerJoin(reservations, eq(reservations.id, guests.reservationId))
      .innerJoin(accommodationUnits, eq(accommodationUnits.id, guests.accommodationUnitId))
      .innerJoin(properties, eq(properties.id, guests.propertyId));
  const [{ total }] = await db.select({ total: count() }).from(guests)
    .innerJoin(reservations, eq(reservations.id, guests.reservationId))
    .where(where);
  const column = GUEST_SORTS[query.sortBy];
  const rows = await joined().where(where)
    .orderBy(query.sortBy === "name" ? asc(column) : desc(column), asc(guests.id))
    .limit(query.pageSize).offset((query.pageNumber - 1) * query.pageSize);
  const items: GuestListItem[] = rows.map((r) => {
    const times = stayTimesOf(r.accommodation_units, r.properties);
    return {
      id: r.guests.id,
      externalId: r.guests.guid,
      // Empty once the guest's personal data was removed after the retention period.
      surnameAndName: `${r.guests.surname} ${r.guests.name}`.trim(),
      dateTimeOfArrival: utcDateTimeOf(r.reservations.startDate, times.checkIn),
      dateTimeOfDeparture: utcDateTimeOf(r.reservations.endDate, times.checkOut),
      checkedOutTourist: r.guests.status === "CheckedOut",
      status: r.guests.status,
      registrationState: r.guests.registrationState,
      ...registrationFailureFields(r.guests),
      registrationRetryAt: r.guests.registrationRetryAt?.toISOString() ?? null,
      nextDeadline: nextDeadlineOf(r.guests, r.reservations, times),
      reservationCode: r.reservations.code,
      accommodationUnitName: r.accommodation_units.name,
      anonymisedAt: r.guests.anonymisedAt?.toISOString() ?? null,
      cancelRequestedAt: r.guests.cancelRequestedAt?.toISOString() ?? null,
      undoCheckOutRequestedAt: r.guests.undoCheckOutRequestedAt?.toISOString() ?? null,
      approval: approvalOf(r.guests),
    };
  });
  return toPagedResult(items, query.pageNumber, query.pageSize, total);
}
