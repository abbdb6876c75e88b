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
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import { ReservationFilter, type ReservationStatus } from "@shared/enums.ts";
import { toPagedResult } from "@shared/schemas/paged.ts";
import { preparedQueryByShape } from "../../db/prepared-query.ts";
import { likeContaining } from "../../db/like-containing.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { properties } from "../../db/schema/properties.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { reservationFor, toReservation } from "./reservation-response.ts";
import { propertyScopeWhere, sharedPropertiesOf } from "../access/property-access.ts";
import { guestRowsOf } from "../guests/load-guests.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { stayDateOf, today as todayOf } from "./stay-dates.ts";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { ReservationSortField } from "@shared/schemas/list-query.ts";

export const RESERVATION_SORTS = {
  startDate: reservations.startDate,
  endDate: reservations.endDate,
  created: reservations.createdAt,
} satisfies Record<ReservationSortField, SQLiteColumn>;
export type ReservationSort = ReservationSortField;

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

/** Today's date, bound when the prepared list runs. */
type Today = string | Placeholder;

/**
 * SQL for "has this status today". Status is derived (shared/reservation-status.ts); until guests
 * are registered with eVisitor no stay is CheckedIn or Completed, so those match nothing yet.
 */
function statusCondition(status: ReservationStatus, today: Today): SQL | undefined {
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

function filterCondition(filter: ReservationFilter, today: Today): SQL | undefined {
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

/** Which conditions and order a list query has; its values are bound when it runs. */
interface ListShape {
  propertyId: boolean;
  unitCode: boolean;
  endDate: boolean;
  startDate: boolean;
  statuses: ReservationStatus[];
  filter: ReservationFilter;
  includeBlocks: boolean;
  search: boolean;
  sortBy: ReservationSort;
  descending: boolean;
}

const $ = sql.placeholder;

function listWhere(shape: ListShape) {
  const pattern = $("pattern");
  return and(
    propertyScopeWhere($("userId"), "view", {
      owner: reservations.userId,
      property: reservations.propertyId,
    }),
    shape.propertyId ? eq(reservations.propertyId, $("propertyId")) : undefined,
    shape.unitCode ? eq(accommodationUnits.code, $("unitCode")) : undefined,
    // Stays that share at least one night with [StartDate, EndDate].
    shape.endDate ? lt(reservations.startDate, $("endDate")) : undefined,
    shape.startDate ? gt(reservations.endDate, $("startDate")) : undefined,
    shape.statuses.length
      ? or(...shape.statuses.map((s) => statusCondition(s, $("today"))))
      : undefined,
    filterCondition(shape.filter, $("today")),
    shape.includeBlocks ? undefined : inArray(reservations.kind, ["booking", "unknown"]),
    shape.search
      ? sql`(${reservations.code} like ${pattern} escape '\\' or ${reservations.description} like ${pattern} escape '\\' or ${accommodationUnits.name} like ${pattern} escape '\\' or ${properties.name} like ${pattern} escape '\\')`
      : undefined,
  );
}

const listCount = preparedQueryByShape(JSON.stringify, (db, shape: ListShape) =>
  // Every stay has its unit and property (not null, foreign keys): the count needs the joins only
  // when the search or the unit filter looks at them.
  shape.search || shape.unitCode
    ? db.select({ total: count() }).from(reservations)
      .innerJoin(accommodationUnits, eq(accommodationUnits.id, reservations.accommodationUnitId))
      .innerJoin(properties, eq(properties.id, reservations.propertyId))
      .where(listWhere(shape)).prepare()
    : db.select({ total: count() }).from(reservations).where(listWhere(shape)).prepare());

const listPage = preparedQueryByShape(JSON.stringify, (db, shape: ListShape) => {
  const column = RESERVATION_SORTS[shape.sortBy];
  return db.select().from(reservations)
    .innerJoin(accommodationUnits, eq(accommodationUnits.id, reservations.accommodationUnitId))
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .where(listWhere(shape))
    // "created" lists the newest first by default; SortDescending turns any order around.
    .orderBy(
      (shape.sortBy === "created") !== shape.descending ? desc(column) : asc(column),
      asc(reservations.id),
    )
    .limit($("limit")).offset($("offset"))
    .prepare();
});

/**
 * The caller's reservations and those of properties shared with them, filtered as spec section 7
 * lists, one page at a time, each as the caller's role in its property may see it (reservationFor).
 */
export async function listReservations(ctx: ServiceContext, query: ReservationQuery) {
  const { db, now, secretBox } = ctx;
  const userId = actorIdOf(ctx);
  const today = todayOf(now);
  const shape: ListShape = {
    propertyId: !!query.propertyId,
    unitCode: !!query.accommodationUnitCode,
    endDate: !!query.endDate,
    startDate: !!query.startDate,
    statuses: [...new Set(query.statuses ?? [])].sort(),
    filter: query.filter,
    includeBlocks: !!query.includeBlocks,
    search: !!query.searchValue,
    sortBy: query.sortBy,
    descending: !!query.sortDescending,
  };
  const values = {
    userId,
    today,
    propertyId: query.propertyId,
    unitCode: query.accommodationUnitCode,
    endDate: query.endDate ? stayDateOf(query.endDate) : undefined,
    startDate: query.startDate ? stayDateOf(query.startDate) : undefined,
    pattern: query.searchValue ? likeContaining(query.searchValue) : undefined,
    limit: query.pageSize,
    offset: (query.pageNumber - 1) * query.pageSize,
  };
  const [{ total }] = await listCount(db, shape).all(values);
  const rows = await listPage(db, shape).all(values);
  const guestRows = await guestRowsOf(db, rows.map((r) => r.reservations.id));
  const roles = new Map(
    rows.some((r) => r.reservations.userId !== userId)
      ? (await sharedPropertiesOf(db, userId)).map((m) => [m.propertyId, m.role])
      : [],
  );
  const items = await Promise.all(rows.map(async (r) => {
    const answer = await toReservation(
      r.reservations,
      r.accommodation_units,
      r.properties,
      today,
      guestRows.get(r.reservations.id) ?? [],
      secretBox,
    );
    const role = r.reservations.userId === userId ? "Owner" : roles.get(r.reservations.propertyId);
    // A row the caller is in neither way cannot be listed; read as the least of roles regardless.
    return reservationFor(role ?? "Reception", answer);
  }));
  return toPagedResult(items, query.pageNumber, query.pageSize, total);
}
