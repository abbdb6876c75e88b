import { refuseWhileDeletionPending, TEAM_CLOSING } from "../users/deletion-pending.ts";
import { and, eq, sql } from "drizzle-orm";
import { INVITATION_DAYS, type PropertyMember } from "@shared/schemas/property-member.ts";
import { PropertyInvitationCreated } from "@shared/events.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { actorIdOf, type ServiceContext } from "../../context.ts";
import { propertyMembers } from "../../db/schema/property-members.ts";
import { AppError } from "../../errors.ts";
import { accessProperty } from "../access/property-access.ts";
import { requireActivePlan } from "../plans/plan-policy.ts";
import { recordMemberEvent } from "./member-history.ts";
import { toPropertyMember } from "./to-response.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sends a pending or expired invitation again: seven days from now, and a new link (the
 * notifications worker makes a new code, so the earlier link stops working). An expired
 * invitation takes a place again, so the plan's `maxUsersPerProperty` must leave room for it:
 * checked and written in one statement, as an invitation is. A member who already joined has
 * nothing to resend (MemberAlreadyInvited).
 */
export async function resendInvitation(
  ctx: ServiceContext,
  { id, memberId }: { id: string; memberId: string },
): Promise<PropertyMember> {
  const { property } = await accessProperty(ctx.db, actorIdOf(ctx), id, "members");
  await refuseWhileDeletionPending(ctx.db, property.userId, TEAM_CLOSING);
  const policy = await requireActivePlan(ctx.db, property.userId, ctx.now);
  const limit = policy.maxUsersPerProperty === null ? -1 : policy.maxUsersPerProperty - 1;
  const now = ctx.now.getTime();
  const expiresAt = now + INVITATION_DAYS * DAY_MS;
  return await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(propertyMembers).where(and(
      eq(propertyMembers.id, memberId),
      eq(propertyMembers.propertyId, property.id),
    ));
    if (!row) throw new AppError("NotFound", { detail: "The member was not found." });
    if (row.acceptedAt) throw new AppError("MemberAlreadyInvited");
    // One statement: SQLite counts and writes under one write lock.
    const renewed = await tx.run(sql`
      update ${propertyMembers} set expires_at = ${expiresAt}, token_hash = null
      where id = ${row.id} and accepted_at is null
        and (expires_at > ${now} or ${limit} < 0 or (select count(*) from ${propertyMembers}
             where property_id = ${property.id}
               and (accepted_at is not null or expires_at > ${now})) < ${limit})`);
    if (renewed.rowsAffected !== 1) {
      throw new AppError("SubscriptionLimitReached", {
        detail: `Your plan allows ${policy.maxUsersPerProperty} user(s) per property.`,
      });
    }
    await recordMemberEvent(tx, ctx, property, "PropertyMemberInvited", row.email);
    await appendEvent(tx, PropertyInvitationCreated, { memberId: row.id }, ctx.now);
    return toPropertyMember({ ...row, expiresAt: new Date(expiresAt), tokenHash: null }, ctx.now);
  });
}
