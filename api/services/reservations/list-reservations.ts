import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { ReservationFilter, type ReservationStatus } from "@shared/enums.ts";
import { toPagedResult } from "@shared/schemas/paged.ts";
import type { Database } from "../../db/client.ts";
import { likeContaining } from "../../db/like-containing.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { properties } from "../../db/schema/properties.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { toPublicReservation, toReservation } from "./reservation-response.ts";
import { guestRowsOf } from "../guests/load-guests.ts";
import type { SecretBox } from "../../lib/crypto/secret-box.ts";
import { stayDateOf, today as todayOf } from "./stay-dates.ts";

export const RESERVATION_SORTS = {
  startDate: reservations.startDate,
  endDate: reservations.endDate,
  created: reservations.createdAt,
};
export type ReservationSort = keyof typeof RESERVATION_SORTS;

export interface ReservationQuery {
  pageNumber: number;
  pageSize: number;
  sortBy: ReservationSort;
  searchValue?: string;
  accommodationUnitCode?: string;
  propertyId?: string;
  statuses?: ReservationStatus[];
  startDate?: string;
  endDate?: string;
  filter: ReservationFilter;
  includeBlocks?: boolean;
  /** Reverses the order (created is newest first unless this asks for oldest first). */
  sortDescending?: boolean;
}

const live = isNull(reservations.canceledAt);

/**
 * SQL for "has this status today". Status is derived (shared/reservation-status.ts); until guests
 * are registered with eVisitor no stay is CheckedIn or Completed, so those match nothing yet.
 */
function statusCondition(status: ReservationStatus, today: string): SQL | undefined {
  switch (status) {
    case "Canceled":
      return isNotNull(reservations.canceledAt);
    case "Pending":
      return and(live, gt(reservations.startDate, today));
    case "Active":
      return and(live, lte(reservations.startDate, today), gt(reservations.endDate, today));
    case "Expired":
      return and(live, lte(reservations.endDate, today));
    default:
      return sql`0`;
  }
}

function filterCondition(filter: ReservationFilter, today: string): SQL | undefined {
  switch (filter) {
    case ReservationFilter.Upcoming:
      return gt(reservations.startDate, today);
    case ReservationFilter.Ongoing:
      return and(lte(reservations.startDate, today), gt(reservations.endDate, today));
    case ReservationFilter.Completed:
      return lte(reservations.endDate, today);
    default:
      return undefined;
  }
}

/** The caller's reservations, filtered as spec section 7 lists, one page at a time. */
export async function listReservations(
  { db, now, secretBox }: { db: Database; now: Date; secretBox: SecretBox },
  userId: string,
  query: ReservationQuery,
) {
  const today = todayOf(now);
  const pattern = query.searchValue ? likeContaining(query.searchValue) : undefined;
  const where = and(
    eq(reservations.userId, userId),
    query.propertyId ? eq(reservations.propertyId, query.propertyId) : undefined,
    query.accommodationUnitCode
      ? eq(accommodationUnits.code, query.accommodationUnitCode)
      : undefined,
    // Stays that share at least one night with [StartDate, EndDate].
    query.endDate ? lt(reservations.startDate, stayDateOf(query.endDate)) : undefined,
    query.startDate ? gt(reservations.endDate, stayDateOf(query.startDate)) : undefined,
    query.statuses?.length
      ? or(...query.statuses.map((s) => statusCondition(s, today)))
      : undefined,
    filterCondition(query.filter, today),
    query.includeBlocks ? undefined : inArray(reservations.kind, ["booking", "unknown"]),
    pattern
      ? sql`(${reservations.code} like ${pattern} escape '\\' or ${reservations.description} like ${pattern} escape '\\' or ${accommodationUnits.name} like ${pattern} escape '\\' or ${properties.name} like ${pattern} escape '\\')`
      : undefined,
  );
  const joined = () =>
    db.select().from(reservations)
      .innerJoin(accommodationUnits, eq(accommodationUnits.id, reservations.accommodationUnitId))
      .innerJoin(properties, eq(properties.id, reservations.propertyId));
  const [{ total }] = await db.select({ total: count() }).from(reservations)
    .innerJoin(accommodationUnits, eq(accommodationUnits.id, reservations.accommodationUnitId))
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .where(where);
  const column = RESERVATION_SORTS[query.sortBy];
  const rows = await joined().where(where)
    // "created" lists the newest first by default; SortDescending turns any order around.
    .orderBy(
      (query.sortBy === "created") !== !!query.sortDescending ? desc(column) : asc(column),
      asc(reservations.id),
    )
    .limit(query.pageSize).offset((query.pageNumber - 1) * query.pageSize);
  const guestRows = await guestRowsOf(db, rows.map((r) => r.reservations.id));
  const items = await Promise.all(rows.map((r) =>
    toReservation(
      r.reservations,
      r.accommodation_units,
      r.properties,
      today,
      guestRows.get(r.reservations.id) ?? [],
      secretBox,
    )
  ));
  return toPagedResult(items, query.pageNumber, query.pageSize, total);
}

/**
 * The stay a guest who scans a unit's QR code should check in to: the one under way today (which
 * includes today's arrival; yesterday's guests leaving today no longer count, as stays are
 * half-open). Blocks are never a stay to check in to. Undefined when there is none.
 */
export async function currentReservation(db: Database, unitCode: string, now: Date) {
  const today = todayOf(now);
  const [row] = await db.select().from(reservations)
    .innerJoin(accommodationUnits, eq(accommodationUnits.id, reservations.accommodationUnitId))
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .where(and(
      eq(accommodationUnits.code, unitCode),
      live,
      inArray(reservations.kind, ["booking", "unknown"]),
      lte(reservations.startDate, today),
      gt(reservations.endDate, today),
    ))
    .orderBy(desc(reservations.startDate))
    .limit(1);
  if (!row) return undefined;
  const guestRows = await guestRowsOf(db, [row.reservations.id]);
  return toPublicReservation(
    row.reservations,
    row.accommodation_units,
    row.properties,
    today,
    guestRows.get(row.reservations.id) ?? [],
  );
}

/**
 * A stay by its code as the guest's check-in page shows it (the code in the link is the key).
 * Blocks are not stays: unknown like a wrong code.
 */
export async function publicReservation(db: Database, code: string, now: Date) {
  const [row] = await db.select().from(reservations)
    .innerJoin(accommodationUnits, eq(accommodationUnits.id, reservations.accommodationUnitId))
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .where(and(eq(reservations.code, code), inArray(reservations.kind, ["booking", "unknown"])));
  if (!row) return undefined;
  const guestRows = await guestRowsOf(db, [row.reservations.id]);
  return toPublicReservation(
    row.reservations,
    row.accommodation_units,
    row.properties,
    todayOf(now),
    guestRows.get(row.reservations.id) ?? [],
  );
}
