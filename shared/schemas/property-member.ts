import { z } from "zod";
import { requiredEmail } from "./fields.ts";
import { QueryBoolean } from "./list-query.ts";

/**
 * Team access per property (issue 22). A co-host may do everything for the property except billing
 * and eVisitor credentials; reception handles stays, the guests' check-in state and registration
 * and the QR sheet, with no documents and no settings. The owner is not a member row.
 */
export const PROPERTY_MEMBER_ROLES = ["CoHost", "Reception"] as const;
export const PropertyMemberRole = z.enum(PROPERTY_MEMBER_ROLES);
export type PropertyMemberRole = z.infer<typeof PropertyMemberRole>;

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

/** POST /Properties/{id}/members */
export const InviteMemberRequest = z
  .object({ email: requiredEmail(), role: PropertyMemberRole })
  .meta({ id: "InviteMemberRequest" });
export type InviteMemberRequest = z.input<typeof InviteMemberRequest>;

/** PUT /Properties/{id}/members/{memberId} */
export const ChangeMemberRoleRequest = z
  .object({ role: PropertyMemberRole })
  .meta({ id: "ChangeMemberRoleRequest" });
export type ChangeMemberRoleRequest = z.input<typeof ChangeMemberRoleRequest>;

/**
 * DELETE /Properties/{id}/members/{memberId}: `RenewCalendarExports` also replaces the export
 * address of each of the property's unit calendars that has one (issue 30, N1), so a removed
 * co-host who copied one can no longer read the stays or post guests. Needs the settings right.
 */
export const RemoveMemberQuery = z.object({
  RenewCalendarExports: QueryBoolean.default(false),
});
export type RemoveMemberQuery = z.input<typeof RemoveMemberQuery>;

/** POST /Properties/members/accept: the code from the invitation link. */
export const AcceptInvitationRequest = z
  .object({ code: z.string().min(1).max(200) })
  .meta({ id: "AcceptInvitationRequest" });
export type AcceptInvitationRequest = z.input<typeof AcceptInvitationRequest>;

export const PropertyMemberStatus = z.enum(["Pending", "Expired", "Active"]);

/** One person with access to the property, or invited to it. */
export const PropertyMember = z
  .object({
    id: z.string(),
    email: z.string(),
    role: PropertyMemberRole,
    status: PropertyMemberStatus,
    invitedAt: z.iso.datetime(),
    /** When the invitation stops working (pending ones). */
    expiresAt: z.iso.datetime(),
    acceptedAt: z.iso.datetime().nullable(),
    /**
     * An active member beyond the owner's plan's users per property (issue 30, N6): the members
     * who joined first keep their access, the later ones are refused until the plan has room.
     */
    suspended: z.boolean(),
  })
  .meta({ id: "PropertyMember" });
export type PropertyMember = z.infer<typeof PropertyMember>;

/** The property's team: the plan's limit counts the owner and every member or pending invitation. */
export const PropertyMemberList = z
  .object({
    items: z.array(PropertyMember),
    /** The plan's users per property, the owner included; null when unlimited. */
    maxUsers: z.number().int().nullable(),
  })
  .meta({ id: "PropertyMemberList" });
export type PropertyMemberList = z.infer<typeof PropertyMemberList>;

/** The answer to an accepted invitation: the property the caller now belongs to. */
export const AcceptedInvitation = z
  .object({ propertyId: z.string(), propertyName: z.string(), role: PropertyMemberRole })
  .meta({ id: "AcceptedInvitation" });
export type AcceptedInvitation = z.infer<typeof AcceptedInvitation>;
