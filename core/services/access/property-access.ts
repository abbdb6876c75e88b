import { and, eq, isNotNull, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { PropertyMemberRole } from "@shared/schemas/property-member.ts";
import { type PropertyAccessRole, type PropertyRight, roleMay } from "@shared/property-rights.ts";
import type { DbOrTx } from "../../db/client.ts";
import { accommodationUnits } from "../../db/schema/accommodation-units.ts";
import { properties } from "../../db/schema/properties.ts";
import { reservations } from "../../db/schema/reservations.ts";
import { propertyMembers } from "../../db/schema/property-members.ts";
import { AppError } from "../../errors.ts";

/**
 * Who may do what with a property: the one table is shared/property-rights.ts (the app reads it
 * to show a role's actions); this module enforces it (issue 22). Services ask
 * `accessProperty(db, userId, propertyId, right)` instead of comparing owners.
 */
export {
  PROPERTY_RIGHTS,
  type PropertyAccessRole,
  type PropertyRight,
  roleMay,
} from "@shared/property-rights.ts";

/**
 * Team size follows the plan (issue 30, N6): a property's members may number the owner's plan's
 * `maxUsersPerProperty` less one (the owner counts); unlimited when the plan says null, none
 * without a subscription. Members are kept in the order they joined (accepted), the oldest first;
 * those beyond the cap, after a downgrade, are suspended: refused wherever access is decided, left
 * out of lists, and back as soon as the plan has room again (an upgrade, or the owner removing
 * someone). Nothing is deleted, so the rule follows the plan in force at each request.
 *
 * True (1) for the accepted `property_members` row of the enclosing query that is beyond the cap.
 */
export function beyondPlanSql(): SQL<number> {
  // Spelt out: drizzle leaves the table name off columns in a one-table select, and the inner
  // queries must read the outer row's columns, not their own.
  return sql<number>`(property_members.accepted_at is not null and (
    select count(*) from property_members earlier
    where earlier.property_id = property_members.property_id
      and earlier.accepted_at is not null
      and (earlier.accepted_at < property_members.accepted_at
           or (earlier.accepted_at = property_members.accepted_at
               and earlier.id < property_members.id))
  ) >= coalesce((
    select case when json_type(pkg.policy, '$.maxUsersPerProperty') = 'null' then 1000000000
                else json_extract(pkg.policy, '$.maxUsersPerProperty') - 1 end
    from properties owned
    join subscriptions sub on sub.user_id = owned.user_id
    join subscription_packages pkg on pkg.id = sub.package_id
    where owned.id = property_members.property_id
    limit 1
  ), 0))`;
}

/** How many members of a host's properties are beyond their plan's team size right now. */
export async function suspendedMembersOf(db: DbOrTx, ownerId: string): Promise<number> {
  const result = await db.run(sql`
    select count(*) as n from property_members
    join properties on properties.id = property_members.property_id
    where properties.user_id = ${ownerId} and ${beyondPlanSql()}`);
  return Number(result.rows[0]?.n ?? 0);
}

/** The refusal a member beyond the owner's plan's team size meets (see beyondPlanSql). */
export function suspendedMemberError(): AppError {
  return new AppError("SubscriptionLimitReached", {
    detail: "The owner's plan allows fewer users per property than the team has: your access " +
      "is suspended until the owner changes the plan or frees a place.",
    extensions: { reason: "MemberBeyondPlan" },
  });
}

/** The member roles that carry a right. */
export function memberRolesWith(right: PropertyRight): PropertyMemberRole[] {
  return (["CoHost", "Reception"] as const).filter((role) => roleMay(role, right));
}

/** Which properties a list shows: the caller's own, those shared with them, or both. */
export type PropertyScope = "All" | "Own" | "Shared";

/**
 * The condition for lists: rows of properties the caller owns (`owner` holds the owner's user id)
 * or belongs to with a role carrying `right` (`property` holds the property id).
 */
export function propertyScopeWhere(
  userId: string | Placeholder,
  right: PropertyRight,
  columns: { owner: SQLiteColumn; property: SQLiteColumn },
  scope: PropertyScope = "All",
): SQL {
  const own = eq(columns.owner, userId);
  const roles = memberRolesWith(right);
  const shared = roles.length === 0 ? sql`0` : sql`${columns.property} in (
    select ${propertyMembers.propertyId} from ${propertyMembers}
    where ${propertyMembers.userId} = ${userId} and ${propertyMembers.acceptedAt} is not null
      and ${propertyMembers.role} in ${roles} and not ${beyondPlanSql()})`;
  if (scope === "Own") return own;
  if (scope === "Shared") return shared;
  return or(own, shared)!;
}

type PropertyRow = typeof properties.$inferSelect;

/**
 * The property and the caller's role in it, or undefined when the caller has none. A member beyond
 * the owner's plan's team size is refused here (SubscriptionLimitReached, 403), so every check
 * built on it refuses them too.
 */
export async function propertyRoleOf(
  db: DbOrTx,
  userId: string,
  propertyId: string,
): Promise<{ property: PropertyRow; role: PropertyAccessRole } | undefined> {
  const [row] = await db.select({
    property: properties,
    role: propertyMembers.role,
    beyondPlan: beyondPlanSql(),
  })
    .from(properties)
    .leftJoin(
      propertyMembers,
      and(
        eq(propertyMembers.propertyId, properties.id),
        eq(propertyMembers.userId, userId),
        isNotNull(propertyMembers.acceptedAt),
      ),
    )
    .where(eq(properties.id, propertyId));
  if (!row) return undefined;
  if (row.property.userId === userId) return { property: row.property, role: "Owner" };
  if (row.role && Number(row.beyondPlan) === 1) throw suspendedMemberError();
  return row.role ? { property: row.property, role: row.role } : undefined;
}

/**
 * The property when the caller may exercise `right` on it. A property the caller has nothing to do
 * with is answered exactly like an unknown one (NotFound); a member whose role lacks the right is
 * refused with Forbidden.
 */
export async function accessProperty(
  db: DbOrTx,
  userId: string,
  propertyId: string,
  right: PropertyRight,
): Promise<{ property: PropertyRow; role: PropertyAccessRole }> {
  const found = await propertyRoleOf(db, userId, propertyId);
  if (!found) throw new AppError("NotFound", { detail: "The property was not found." });
  if (!roleMay(found.role, right)) {
    throw new AppError("Forbidden", {
      detail: "Your role on this property does not allow this.",
    });
  }
  return found;
}

/**
 * The properties the caller belongs to as a member (accepted and within the owner's plan's team
 * size), with the role in each.
 */
export async function sharedPropertiesOf(
  db: DbOrTx,
  userId: string,
): Promise<{ propertyId: string; role: PropertyMemberRole }[]> {
  return await db.select({ propertyId: propertyMembers.propertyId, role: propertyMembers.role })
    .from(propertyMembers)
    .where(and(
      eq(propertyMembers.userId, userId),
      isNotNull(propertyMembers.acceptedAt),
      sql`not ${beyondPlanSql()}`,
    ));
}

type UnitRow = typeof accommodationUnits.$inferSelect;

/**
 * A unit (by id or door code) when the caller may exercise `right` on its property, with the
 * property and the caller's role: NotFound for a unit the caller has nothing to do with (as for an
 * unknown one), Forbidden when the role lacks the right.
 */
export async function accessUnit(
  db: DbOrTx,
  userId: string,
  by: { id: string } | { code: string },
  right: PropertyRight,
): Promise<{ unit: UnitRow; property: PropertyRow; role: PropertyAccessRole }> {
  const [unit] = await db.select().from(accommodationUnits).where(
    "id" in by ? eq(accommodationUnits.id, by.id) : eq(accommodationUnits.code, by.code),
  );
  const found = unit && await propertyRoleOf(db, userId, unit.propertyId);
  if (!unit || !found) {
    throw new AppError("NotFound", { detail: "The accommodation unit was not found." });
  }
  if (!roleMay(found.role, right)) {
    throw new AppError("Forbidden", { detail: "Your role on this property does not allow this." });
  }
  return { unit, ...found };
}

type ReservationRow = typeof reservations.$inferSelect;

/**
 * A stay (by its code) when the caller may exercise `right` on its property, with the property
 * and the caller's role: NotFound for a stay the caller has nothing to do with, Forbidden when the
 * role lacks the right.
 */
export async function accessReservation(
  db: DbOrTx,
  userId: string,
  code: string,
  right: PropertyRight,
): Promise<{ reservation: ReservationRow; property: PropertyRow; role: PropertyAccessRole }> {
  const [reservation] = await db.select().from(reservations).where(eq(reservations.code, code));
  const found = reservation && await propertyRoleOf(db, userId, reservation.propertyId);
  if (!reservation || !found) {
    throw new AppError("NotFound", { detail: "The reservation was not found." });
  }
  if (!roleMay(found.role, right)) {
    throw new AppError("Forbidden", { detail: "Your role on this property does not allow this." });
  }
  return { reservation, ...found };
}
