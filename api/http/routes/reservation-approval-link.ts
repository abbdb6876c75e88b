import { createRoute } from "@hono/zod-openapi";
import {
  approveStayGuestsByToken,
  declineGuestByToken,
  previewApprovalLink,
} from "@core/services/guests/approve-guests.ts";
import {
  ApprovalByLink,
  ApprovalDecline,
  ApprovalLinkPreview,
  ApprovalToken,
  GuestsApproved,
} from "@shared/schemas/guest-approval.ts";
import { serviceContext } from "../service-context.ts";
import { jsonBody, jsonOk } from "../request/json-body.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";

/**
 * The e-mailed approval link's routes (issue 32; no sign-in, the link's single-use token is the
 * key): what the link would approve, "not my guest", and the approval itself. Mounted first in
 * reservations.ts, whose signed-in approval shares the summary.
 */

export const approveSummary =
  "Approve the guests who came in by the stay's link or the door while the " +
  "property does not check guests in automatically: from the arrival day on they go to eVisitor " +
  "at once, before it on the arrival day";

// POST /api/Reservations/approveGuests
const approveGuestsByLink = createRoute({
  method: "post",
  path: "/Reservations/approveGuests",
  tags: ["Reservations"],
  summary: `${approveSummary} (the e-mailed single-use link; no sign-in)`,
  description: "Only the guests the link names: those held when its e-mail was written, which " +
    "lists them; a guest who came in later waits for another approval. Of those, the ones the " +
    "host declined on its page are left out, and with `guestIds` only the ones its page showed.",
  request: jsonBody(ApprovalByLink),
  responses: {
    ...problemResponses,
    ...jsonOk(GuestsApproved, "How many were approved"),
    400: { description: "InvalidToken: used, expired or unknown" },
    409: { description: "CheckInClosed (the stay was cancelled)" },
  },
});

// POST /api/Reservations/approveGuests/preview
const previewApprovalByLink = createRoute({
  method: "post",
  path: "/Reservations/approveGuests/preview",
  tags: ["Reservations"],
  summary: "Who the e-mailed approval link would approve, for its page to show before the tap " +
    "(the link stays unused; no sign-in)",
  request: jsonBody(ApprovalToken),
  responses: {
    ...problemResponses,
    ...jsonOk(ApprovalLinkPreview, "The stay and the named guests still waiting"),
    400: { description: "InvalidToken: used, expired or unknown" },
  },
});

// POST /api/Reservations/approveGuests/decline
const declineByLink = createRoute({
  method: "post",
  path: "/Reservations/approveGuests/decline",
  tags: ["Reservations"],
  summary: '"Not my guest" on the e-mailed approval page: the guest is not approved by the link ' +
    "and stays unregistered in the stay, for the host to delete or approve in the app (the link " +
    "stays unused; no sign-in)",
  request: jsonBody(ApprovalDecline),
  responses: {
    ...problemResponses,
    ...jsonOk(ApprovalLinkPreview, "The page's list as it is now"),
    400: { description: "InvalidToken: used, expired or unknown" },
    404: { description: "NotFound: the link does not name the guest, or it no longer waits" },
  },
});

export const approvalLinkRoutes = createRouter()
  .openapi(declineByLink, async (c) => {
    return c.json(await declineGuestByToken(serviceContext(c), c.req.valid("json")), 200);
  })
  .openapi(previewApprovalByLink, async (c) => {
    return c.json(await previewApprovalLink(serviceContext(c), c.req.valid("json")), 200);
  })
  .openapi(approveGuestsByLink, async (c) => {
    return c.json(await approveStayGuestsByToken(serviceContext(c), c.req.valid("json")), 200);
  });
