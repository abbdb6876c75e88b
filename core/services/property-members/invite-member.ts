import { refuseWhileDeletionPending, TEAM_CLOSING } from "../users/deletion-pending.ts";
import { sql } from "drizzle-orm";
import { INVITATION_DAYS, InviteMemberRequest } from "@shared/schemas/property-member.ts";
import type { PropertyMember } from "@shared/schemas/property-member.ts";
import { PropertyInvitationCreated } from "@shared/events.ts";
import { appendEvent } from "../../outbox/append-event.ts";
import { actorOf, type ServiceContext } from "../../context.ts";
import { propertyMembers } from "../../db/schema/property-members.ts";
import { AppError } from "../../errors.ts";
import { accessProperty } from "../access/property-access.ts";
import { requireActivePlan } from "../plans/plan-policy.ts";
import { normalizeEmail } from "../users/context.ts";
import { recordMemberEvent } from "./member-history.ts";
import { toPropertyMember } from "./to-response.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Invites an e-mail address to a property with a role. The owner's plan must be in force and its
 * `maxUsersPerProperty` (the owner included) leave room: members and invitations still pending
 * count, expired ones do not. The check and the insert are one statement, so parallel invitations
 * can never pass the limit together. An address already invited whose invitation expired is
 * invited again; one already pending or a member is a conflict. The notifications worker e-mails
 * the link (PropertyInvitationCreated): the code is made there, so no secret travels in events.
 */
export async function inviteMember(
  ctx: ServiceContext,
  input: { id: string } & InviteMemberRequest,
): Promise<PropertyMember> {
  const actor = actorOf(ctx);
  const { property } = await accessProperty(ctx.db, actor.id, input.id, "members");
  const { email: rawEmail, role } = InviteMemberRequest.parse(input);
  const email = normalizeEmail(rawEmail);
  if (email === normalizeEmail(actor.email)) {
    throw AppError.invalid({ email: ["You already have access to this property."] });
  }
  await refuseWhileDeletionPending(ctx.db, property.userId, TEAM_CLOSING);
  const policy = await requireActivePlan(ctx.db, property.userId, ctx.now);
  const maxMembers = policy.maxUsersPerProperty === null ? null : policy.maxUsersPerProperty - 1;
  const id = crypto.randomUUID();
  const now = ctx.now.getTime();
  const expiresAt = now + INVITATION_DAYS * DAY_MS;
  const limit = maxMembers === null ? -1 : maxMembers;

  const row = await ctx.db.transaction(async (tx) => {
    // An expired invitation to the same address gives way to the new one.
    await tx.run(sql`
      delete from ${propertyMembers}
      where property_id = ${property.id} and email = ${email}
        and accepted_at is null and expires_at <= ${now}`);
    const owner = await tx.run(sql`
      select 1 from users where id = ${property.userId} and email = ${email}`);
    if (owner.rows.length > 0) {
      throw AppError.invalid({ email: ["The owner already has access to this property."] });
    }
    // One statement: SQLite counts and inserts under one write lock.
    const inserted = await tx.run(sql`
      insert into ${propertyMembers}
        (id, property_id, email, role, user_id, invited_by, token_hash, created_at, expires_at)
      select ${id}, ${property.id}, ${email}, ${role}, null, ${actor.id}, null, ${now},
             ${expiresAt}
      where not exists (select 1 from ${propertyMembers}
                        where property_id = ${property.id} and email = ${email})
        and (${limit} < 0 or (select count(*) from ${propertyMembers}
             where property_id = ${property.id}
               and (accepted_at is not null or expires_at > ${now})) < ${limit})`);
    if (inserted.rowsAffected !== 1) {
      const taken = await tx.run(sql`
        select 1 from ${propertyMembers} where property_id = ${property.id} and email = ${email}`);
      if (taken.rows.length > 0) {
        throw new AppError("MemberAlreadyInvited");
      }
      throw new AppError("SubscriptionLimitReached", {
        detail: `Your plan allows ${policy.maxUsersPerProperty} user(s) per property.`,
      });
    }
    await recordMemberEvent(tx, ctx, property, "PropertyMemberInvited", email);
    await appendEvent(tx, PropertyInvitationCreated, { memberId: id }, ctx.now);
    return {
      id,
      propertyId: property.id,
      email,
      role,
      userId: null,
      invitedBy: actor.id,
      tokenHash: null,
      createdAt: new Date(now),
      expiresAt: new Date(expiresAt),
      acceptedAt: null,
    };
  });
  return toPropertyMember(row, ctx.now);
}
