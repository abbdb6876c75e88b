import { createRoute } from "@hono/zod-openapi";
import { requiredParameter } from "@shared/schemas/fields.ts";
import {
  AcceptedInvitation,
  AcceptInvitationRequest,
  ChangeMemberRoleRequest,
  InviteMemberRequest,
  PropertyMember,
  PropertyMemberList,
  RemoveMemberQuery,
} from "@shared/schemas/property-member.ts";
import { acceptInvitation } from "@core/services/property-members/accept-invitation.ts";
import { inviteMember } from "@core/services/property-members/invite-member.ts";
import { listPropertyMembers } from "@core/services/property-members/list-members.ts";
import { changeMemberRole, removeMember } from "@core/services/property-members/manage-member.ts";
import { resendInvitation } from "@core/services/property-members/resend-invitation.ts";
import { requireUser } from "../auth/require-user.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { authProblemResponses, BEARER } from "../openapi/openapi-security.ts";
import { jsonBody, jsonOk } from "../request/json-body.ts";
import { IdParam } from "../request/path-params.ts";
import { serviceContext } from "../service-context.ts";

/** A property's team is managed by people signed in, never with an API token. */
const common = { tags: ["Properties"], security: BEARER, middleware: [requireUser] };
const errors = {
  404: { description: "No such property (or member) of yours" },
  ...authProblemResponses,
  ...problemResponses,
};
const MemberParams = IdParam.extend({ memberId: requiredParameter("memberId") });

// GET /api/Properties/{id}/members
const list = createRoute({
  ...common,
  method: "get",
  path: "/Properties/{id}/members",
  summary: "The property's members and pending invitations (owner and co-hosts)",
  request: { params: IdParam },
  responses: { ...jsonOk(PropertyMemberList, "The team"), ...errors },
});

// POST /api/Properties/{id}/members
const invite = createRoute({
  ...common,
  method: "post",
  path: "/Properties/{id}/members",
  summary: "Invite an e-mail address as co-host or reception (within the plan's users)",
  description: "The invited address receives the link by e-mail; it works once, for seven " +
    "days, for that address only. While the owner's account awaits deletion, 409 " +
    "AccountDeletionPending (here, on resending and on accepting).",
  request: { params: IdParam, ...jsonBody(InviteMemberRequest) },
  responses: {
    201: {
      description: "The invitation",
      content: { "application/json": { schema: PropertyMember } },
    },
    ...errors,
  },
});

// PUT /api/Properties/{id}/members/{memberId}
const changeRole = createRoute({
  ...common,
  method: "put",
  path: "/Properties/{id}/members/{memberId}",
  summary: "Give a member or invitation another role",
  request: { params: MemberParams, ...jsonBody(ChangeMemberRoleRequest) },
  responses: { ...jsonOk(PropertyMember, "The member"), ...errors },
});

// DELETE /api/Properties/{id}/members/{memberId}
const remove = createRoute({
  ...common,
  method: "delete",
  path: "/Properties/{id}/members/{memberId}",
  summary: "Remove a member, withdraw an invitation, or leave the property yourself",
  description: "With RenewCalendarExports=true the property's calendar export addresses are " +
    "replaced in the same step (the old ones answer 404 at once), for a member who could see " +
    "them; that needs the right to the property's settings (owner, co-host).",
  request: { params: MemberParams, query: RemoveMemberQuery },
  responses: { 204: { description: "Removed" }, ...errors },
});

// POST /api/Properties/{id}/members/{memberId}/resend
const resend = createRoute({
  ...common,
  method: "post",
  path: "/Properties/{id}/members/{memberId}/resend",
  summary: "Send a pending or expired invitation again (a new link, seven days from now)",
  description: "The earlier link stops working. An expired invitation counts against the " +
    "plan's users per property again.",
  request: { params: MemberParams },
  responses: { ...jsonOk(PropertyMember, "The invitation"), ...errors },
});

// POST /api/Properties/members/accept
const accept = createRoute({
  ...common,
  method: "post",
  path: "/Properties/members/accept",
  summary: "Accept an invitation with its link's code (signed in with the invited address)",
  request: jsonBody(AcceptInvitationRequest),
  responses: {
    ...jsonOk(AcceptedInvitation, "The property joined"),
    ...authProblemResponses,
    ...problemResponses,
  },
});

export const propertyMemberRoutes = createRouter()
  .openapi(accept, async (c) => {
    return c.json(await acceptInvitation(serviceContext(c), c.req.valid("json")), 200);
  })
  .openapi(list, async (c) => {
    return c.json(await listPropertyMembers(serviceContext(c), c.req.valid("param")), 200);
  })
  .openapi(invite, async (c) => {
    const input = { ...c.req.valid("param"), ...c.req.valid("json") };
    return c.json(await inviteMember(serviceContext(c), input), 201);
  })
  .openapi(changeRole, async (c) => {
    const input = { ...c.req.valid("param"), ...c.req.valid("json") };
    return c.json(await changeMemberRole(serviceContext(c), input), 200);
  })
  .openapi(resend, async (c) => {
    return c.json(await resendInvitation(serviceContext(c), c.req.valid("param")), 200);
  })
  .openapi(remove, async (c) => {
    await removeMember(serviceContext(c), {
      ...c.req.valid("param"),
      renewCalendarExports: c.req.valid("query").RenewCalendarExports,
    });
    return c.body(null, 204);
  });
