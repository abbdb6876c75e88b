import { refuseWhileDeletionPending, TEAM_CLOSING } from "../users/deletion-pending.ts";
import { and, eq, isNull } from "drizzle-orm";
import {
  type AcceptedInvitation,
  AcceptInvitationRequest,
} from "@shared/schemas/property-member.ts";
import { actorOf, type ServiceContext } from "../../context.ts";
import { properties } from "../../db/schema/properties.ts";
import { propertyMembers } from "../../db/schema/property-members.ts";
import { AppError } from "../../errors.ts";
import { hashToken } from "../../platform/crypto/random-token.ts";
import { normalizeEmail } from "../users/context.ts";
import { recordMemberEvent } from "./member-history.ts";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import { createNotification } from "../notifications/create-notification.ts";

/**
 * Accepts an invitation with the link's code, signed in (an existing account, or one just made with
 * the invited address): the account becomes a member with the invitation's role. The code works
 * once and for seven days, and only for the address it was sent to; anything else is InvalidToken,
 * the same answer for a wrong, used, expired or withdrawn link. The owner's plan is not asked
 * again: the place was counted when the invitation was made.
 */
export async function acceptInvitation(
  ctx: ServiceContext,
  input: AcceptInvitationRequest,
): Promise<AcceptedInvitation> {
  const actor = actorOf(ctx);
  if (actor.impersonatorId || actor.apiToken) {
    throw new AppError("Forbidden", { detail: "Invitations are accepted by the person invited." });
  }
  const { code } = AcceptInvitationRequest.parse(input);
  const tokenHash = await hashToken(code);
  return await ctx.db.transaction(async (tx) => {
    const [found] = await tx.select({ member: propertyMembers, property: properties })
      .from(propertyMembers)
      .innerJoin(properties, eq(properties.id, propertyMembers.propertyId))
      .where(eq(propertyMembers.tokenHash, tokenHash));
    if (
      !found || found.member.acceptedAt ||
      found.member.expiresAt.getTime() <= ctx.now.getTime() ||
      found.member.email !== normalizeEmail(actor.email) ||
      found.property.userId === actor.id
    ) {
      throw new AppError("InvalidToken");
    }
    const [accepted] = await tx.update(propertyMembers)
      .set({ userId: actor.id, acceptedAt: ctx.now, tokenHash: null })
      .where(and(eq(propertyMembers.id, found.member.id), isNull(propertyMembers.acceptedAt)))
      .returning();
    if (!accepted) throw new AppError("InvalidToken");
    await refuseWhileDeletionPending(tx, found.property.userId, TEAM_CLOSING);
    await recordMemberEvent(tx, ctx, found.property, "PropertyMemberJoined", accepted.email);
    // The owner is told (in the app, by e-mail, by push), without the member's address.
    await createNotification(
      tx,
      found.property.userId,
      NOTIFICATION_TEMPLATES.propertyMemberJoined,
      {
        dedupeKey: `member-joined:${accepted.id}`,
        placeholders: { propertyName: found.property.name, role: accepted.role },
        now: ctx.now,
      },
    );
    return {
      propertyId: found.property.id,
      propertyName: found.property.name,
      role: accepted.role,
    };
  });
}
