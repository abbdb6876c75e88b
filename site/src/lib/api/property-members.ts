import type {
  AcceptedInvitation,
  InviteMemberRequest,
  PropertyMember,
  PropertyMemberList,
  PropertyMemberRole,
} from "@shared/schemas/property-member.ts";
import { apiDelete, apiGet, apiPost, apiPut } from "./client.ts";

const membersPath = (propertyId: string) =>
  `/api/Properties/${encodeURIComponent(propertyId)}/members`;

/** GET /api/Properties/{id}/members: the team and pending invitations (owner and co-hosts). */
export function listPropertyMembers(
  propertyId: string,
  signal?: AbortSignal,
): Promise<PropertyMemberList> {
  return apiGet<PropertyMemberList>(membersPath(propertyId), undefined, signal);
}

/** POST /api/Properties/{id}/members: e-mails the address a link that works once, for 7 days. */
export function inviteMember(
  propertyId: string,
  request: InviteMemberRequest,
): Promise<PropertyMember> {
  return apiPost<PropertyMember>(membersPath(propertyId), request);
}

/** PUT /api/Properties/{id}/members/{memberId}: another role, from the member's next request. */
export function changeMemberRole(
  propertyId: string,
  memberId: string,
  role: PropertyMemberRole,
): Promise<PropertyMember> {
  return apiPut<PropertyMember>(
    `${membersPath(propertyId)}/${encodeURIComponent(memberId)}`,
    { role },
  );
}

/** DELETE /api/Properties/{id}/members/{memberId}: removes a member or withdraws an invitation. */
export function removeMember(propertyId: string, memberId: string): Promise<void> {
  return apiDelete<void>(`${membersPath(propertyId)}/${encodeURIComponent(memberId)}`);
}

/** POST /api/Properties/{id}/members/{memberId}/resend: a new link, seven days from now. */
export function resendInvitation(propertyId: string, memberId: string): Promise<PropertyMember> {
  return apiPost<PropertyMember>(
    `${membersPath(propertyId)}/${encodeURIComponent(memberId)}/resend`,
  );
}

/** POST /api/Properties/members/accept: the invitation link's code, signed in as the invitee. */
export function acceptInvitation(code: string): Promise<AcceptedInvitation> {
  return apiPost<AcceptedInvitation>("/api/Properties/members/accept", { code });
}
