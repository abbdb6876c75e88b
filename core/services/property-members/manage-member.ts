import { and, eq } from "drizzle-orm";
import { ChangeMemberRoleRequest, type PropertyMember } from "@shared/schemas/property-member.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { properties } from "../../db/schema/properties.ts";
import { propertyMembers } from "../../db/schema/property-members.ts";
import { AppError } from "../../errors.ts";
import { accessProperty } from "../access/property-access.ts";
import { renewPropertyExportLinks } from "../calendars/export-link.ts";
import { recordMemberEvent } from "./member-history.ts";
import { toPropertyMember } from "./to-response.ts";

const NOT_FOUND = () => new AppError("NotFound", { detail: "The member was not found." });

/** Gives a member (or a pending invitation) another role; from the next request on it applies. */
export async function changeMemberRole(
  ctx: ServiceContext,
  input: { id: string; memberId: string } & ChangeMemberRoleRequest,
): Promise<PropertyMember> {
  const { property } = await accessProperty(ctx.db, actorIdOf(ctx), input.id, "members");
  const { role } = ChangeMemberRoleRequest.parse(input);
  return await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(propertyMembers).set({ role })
      .where(and(
        eq(propertyMembers.id, input.memberId),
        eq(propertyMembers.propertyId, property.id),
      ))
      .returning();
    if (!row) throw NOT_FOUND();
    await recordMemberEvent(tx, ctx, property, "PropertyMemberRoleChanged", row.email);
    return toPropertyMember(row, ctx.now);
  });
}

/**
 * Removes a member or withdraws an invitation (its link stops working). A member may also leave a
 * property themselves, whatever their role. With `renewCalendarExports`, the property's calendar
 * export addresses are replaced in the same transaction (issue 30, N1): a co-host saw them, and
 * one kept would still read the stays; that needs the settings right.
 */
export async function removeMember(
  ctx: ServiceContext,
  input: { id: string; memberId: string; renewCalendarExports?: boolean },
): Promise<void> {
  const userId = actorIdOf(ctx);
  const [own] = await ctx.db.select({ userId: propertyMembers.userId }).from(propertyMembers)
    .where(and(
      eq(propertyMembers.id, input.memberId),
      eq(propertyMembers.propertyId, input.id),
    ));
  const leaving = own?.userId === userId;
  // Leaving needs no right, so a member suspended by the plan's team size may leave too.
  const [ownProperty] = leaving
    ? await ctx.db.select().from(properties).where(eq(properties.id, input.id))
    : [];
  const { property } = ownProperty
    ? { property: ownProperty }
    : await accessProperty(ctx.db, userId, input.id, "members");
  if (input.renewCalendarExports) await accessProperty(ctx.db, userId, input.id, "settings");
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(propertyMembers)
      .where(and(
        eq(propertyMembers.id, input.memberId),
        eq(propertyMembers.propertyId, property.id),
      ))
      .returning();
    if (!row) throw NOT_FOUND();
    await recordMemberEvent(tx, ctx, property, "PropertyMemberRemoved", row.email);
    if (input.renewCalendarExports) await renewPropertyExportLinks(tx, property.id);
  });
}
