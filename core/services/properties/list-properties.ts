import { and, asc, count, inArray, isNull, sql } from "drizzle-orm";
import { toPagedResult } from "@shared/schemas/paged.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { likeContaining } from "../../db/like-containing.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { properties } from "../../db/schema/properties.ts";
import { users } from "../../db/schema/users.ts";
import { occupancyOf } from "./occupancy.ts";
import {
  type PropertyScope,
  propertyScopeWhere,
  sharedPropertiesOf,
} from "../access/property-access.ts";
import { propertyFor, toProperty } from "./to-response.ts";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { PropertySortField } from "@shared/schemas/list-query.ts";

export const PROPERTY_SORTS = {
  name: properties.name,
  created: properties.createdAt,
} satisfies Record<PropertySortField, SQLiteColumn>;
export type PropertySort = PropertySortField;

/**
 * The caller's active properties, own and those shared with them (or one of the two), with their
 * units, the caller's role in each and the owner of those shared, searched by name or address, one page at a time.
 */
export async function listProperties(
  ctx: ServiceContext,
  { pageNumber, pageSize, sortBy, searchValue, scope = "All" }: {
    pageNumber: number;
    pageSize: number;
    sortBy: PropertySort;
    searchValue?: string;
    scope?: PropertyScope;
  },
) {
  const { db, now } = ctx;
  const userId = actorIdOf(ctx);
  const pattern = searchValue ? likeContaining(searchValue) : undefined;
  const where = and(
    propertyScopeWhere(
      userId,
      "view",
      { owner: properties.userId, property: properties.id },
      scope,
    ),
    isNull(properties.deactivatedAt),
    pattern
      ? sql`(${properties.name} like ${pattern} escape '\\' or ${properties.address} like ${pattern} escape '\\')`
      : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(properties).where(where);
  const rows = await db.select().from(properties).where(where)
    .orderBy(asc(PROPERTY_SORTS[sortBy]), asc(properties.id))
    .limit(pageSize).offset((pageNumber - 1) * pageSize);
  const units = rows.length === 0 ? [] : await db.select().from(accommodationUnits)
    .where(inArray(accommodationUnits.propertyId, rows.map((r) => r.id)))
    .orderBy(asc(accommodationUnits.name));
  const occupancy = await occupancyOf(db, units, now);
  const shared = new Map(
    rows.some((row) => row.userId !== userId)
      ? (await sharedPropertiesOf(db, userId)).map((m) => [m.propertyId, m.role])
      : [],
  );
  const ownerIds = [...new Set(rows.map((row) => row.userId).filter((id) => id !== userId))];
  const owners = new Map(
    ownerIds.length === 0 ? [] : (await db.select({
      id: users.id,
      email: users.email,
      name: users.fullName,
    }).from(users).where(inArray(users.id, ownerIds))).map((o) => [o.id, o]),
  );
  const items = rows.map((row) => {
    const owner = owners.get(row.userId);
    const role = row.userId === userId ? "Owner" as const : shared.get(row.id);
    return {
      // Reception gets no unit's calendar link (a setting; issue 30, N5).
      ...propertyFor(
        role ?? "Reception",
        toProperty(row, units.filter((u) => u.propertyId === row.id)),
      ),
      occupancy: occupancy.get(row.id) ?? null,
      role,
      owner: owner ? { email: owner.email, name: owner.name || null } : null,
    };
  });
  return toPagedResult(items, pageNumber, pageSize, total);
}
