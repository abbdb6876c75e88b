import type {
  AcceptedInvitation,
  InviteMemberRequest,
  PropertyMember,
  PropertyMemberList,
  PropertyMemberRole,
  RemoveMemberQuery,
} from "@shared/schemas/property-member.ts";
import { apiGet, apiPost, apiPut, apiRequest } from "./client.ts";

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

/**
 * DELETE /api/Properties/{id}/members/{memberId}: removes a member or withdraws an invitation;
 * with `renewCalendarExports`, every calendar export address of the property is replaced too.
 */
export function removeMember(
  propertyId: string,
  memberId: string,
  { renewCalendarExports = false }: { renewCalendarExports?: boolean } = {},
): Promise<void> {
  return apiRequest<void>(`${membersPath(propertyId)}/${encodeURIComponent(memberId)}`, {
    method: "DELETE",
    query: renewCalendarExports
      ? { RenewCalendarExports: true } satisfies RemoveMemberQuery
      : undefined,
  });
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
