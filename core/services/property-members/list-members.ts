import { asc, eq } from "drizzle-orm";
import type { PropertyMemberList } from "@shared/schemas/property-member.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { propertyMembers } from "../../db/schema/property-members.ts";
import { accessProperty, beyondPlanSql } from "../access/property-access.ts";
import { planPolicyOf } from "../plans/plan-policy.ts";
import { toPropertyMember } from "./to-response.ts";

/**
 * The property's members and invitations, for whoever may manage them (owner, co-host); members
 * beyond the plan's team size are marked suspended.
 */
export async function listPropertyMembers(
  ctx: ServiceContext,
  { id }: { id: string },
): Promise<PropertyMemberList> {
  const { property } = await accessProperty(ctx.db, actorIdOf(ctx), id, "members");
  const rows = await ctx.db.select({ row: propertyMembers, beyondPlan: beyondPlanSql() })
    .from(propertyMembers)
    .where(eq(propertyMembers.propertyId, property.id))
    .orderBy(asc(propertyMembers.createdAt), asc(propertyMembers.id));
  const plan = await planPolicyOf(ctx.db, property.userId, ctx.now);
  return {
    items: rows.map(({ row, beyondPlan }) =>
      toPropertyMember(row, ctx.now, Number(beyondPlan) === 1)
    ),
    maxUsers: plan ? plan.policy.maxUsersPerProperty : 1,
  };
}
