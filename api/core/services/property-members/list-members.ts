import { asc, eq } from "drizzle-orm";
import type { PropertyMemberList } from "@shared/schemas/property-member.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { propertyMembers } from "../../db/schema/property-members.ts";
import { accessProperty } from "../access/property-access.ts";
import { planPolicyOf } from "../plans/plan-policy.ts";
import { toPropertyMember } from "./to-response.ts";

/** The property's members and invitations, for whoever may manage them (owner, co-host). */
export async function listPropertyMembers(
  ctx: ServiceContext,
  { id }: { id: string },
): Promise<PropertyMemberList> {
  const { property } = await accessProperty(ctx.db, actorIdOf(ctx), id, "members");
  const rows = await ctx.db.select().from(propertyMembers)
    .where(eq(propertyMembers.propertyId, property.id))
    .orderBy(asc(propertyMembers.createdAt), asc(propertyMembers.id));
  const plan = await planPolicyOf(ctx.db, property.userId, ctx.now);
  return {
    items: rows.map((row) => toPropertyMember(row, ctx.now)),
    maxUsers: plan ? plan.policy.maxUsersPerProperty : 1,
  };
}
