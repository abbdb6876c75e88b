import { createRoute, z } from "@hono/zod-openapi";
import {
  STAY_REQUEST_TOKEN_HEADER,
  StayRequest,
  StayRequestCreate,
  StayRequestCreated,
  StayRequestLinkAnswer,
  StayRequestState,
  StayRequestStatus,
} from "@shared/schemas/stay-request.ts";
import { requestStay } from "@core/services/stay-requests/request-stay.ts";
import {
  answerStayRequest,
  answerStayRequestByToken,
} from "@core/services/stay-requests/answer-stay-request.ts";
import {
  listStayRequests,
  stayRequestStatus,
} from "@core/services/stay-requests/read-stay-requests.ts";
import { requireUserOrApiToken } from "../auth/require-user.ts";
import { authProblemResponses, BEARER_OR_API_TOKEN } from "../openapi/openapi-security.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { jsonBody, jsonOk } from "../request/json-body.ts";
import { IdParam } from "../request/path-params.ts";
import { limitPerCode } from "../security/code-rate-limit.ts";
import { serviceContext } from "../service-context.ts";

const TAGS = ["Walk-ins"];
const host = { tags: TAGS, security: BEARER_OR_API_TOKEN, middleware: [requireUserOrApiToken] };

const Answer = z
  .object({
    state: StayRequestState,
    reservationCode: z.string().nullable().meta({ description: "The stay made by confirming" }),
  })
  .meta({ id: "StayRequestAnswer" });

// POST /api/StayRequests
const create = createRoute({
  method: "post",
  path: "/StayRequests",
  tags: TAGS,
  summary: "A guest at a door with no stay today asks the host for one (no sign-in)",
  description: "Issue 20: from today (Zagreb) to `endDate` (1 to 30 nights) for `guestCount` " +
    "guests (at most the unit's capacity). Nothing is registered: the host confirms or declines " +
    "within 2 hours, and meanwhile the nights are held (ReservationOverlap for a stay or another " +
    "request on them; StayRequestLimit while one waits for the unit). The answer's `token` is the " +
    "only way to read the request (GET /StayRequests/Status). Limited per door code as well as " +
    "per address.",
  request: jsonBody(StayRequestCreate),
  responses: {
    201: {
      content: { "application/json": { schema: StayRequestCreated } },
      description: "The request waits for the host",
    },
    404: { description: "UnknownCode" },
    409: { description: "ReservationOverlap or StayRequestLimit" },
    ...problemResponses,
  },
});

// GET /api/StayRequests/Status
const status = createRoute({
  method: "get",
  path: "/StayRequests/Status",
  tags: TAGS,
  summary: "The requesting device follows its stay request (no sign-in: its token)",
  request: {
    headers: z.object({
      [STAY_REQUEST_TOKEN_HEADER.toLowerCase()]: z.string().max(100).optional().meta({
        description: "The `token` of POST /StayRequests",
      }),
    }),
  },
  responses: {
    ...problemResponses,
    ...jsonOk(StayRequestStatus, "Pending, Confirmed, Declined or Expired"),
    400: { description: "InvalidToken" },
  },
});

// GET /api/StayRequests
const list = createRoute({
  ...host,
  method: "get",
  path: "/StayRequests",
  summary: "Walk-ins' requests waiting for an answer in the caller's properties",
  responses: { ...jsonOk(z.array(StayRequest), "Oldest first"), ...authProblemResponses },
});

const answerResponses = {
  ...jsonOk(Answer, "The request's new state"),
  404: { description: "No such request in a property of yours" },
  409: { description: "StayRequestClosed, ReservationOverlap" },
  ...authProblemResponses,
  ...problemResponses,
};

// POST /api/StayRequests/{id}/confirm
const confirm = createRoute({
  ...host,
  method: "post",
  path: "/StayRequests/{id}/confirm",
  summary: "Confirm a walk-in's request: the stay is entered (within the plan's stays a month)",
  request: { params: IdParam },
  responses: answerResponses,
});

// POST /api/StayRequests/{id}/decline
const decline = createRoute({
  ...host,
  method: "post",
  path: "/StayRequests/{id}/decline",
  summary: "Decline a walk-in's request: its nights are free again",
  request: { params: IdParam },
  responses: answerResponses,
});

// POST /api/StayRequests/answer
const answerByLink = createRoute({
  method: "post",
  path: "/StayRequests/answer",
  tags: TAGS,
  summary: "Confirm or decline a walk-in's request with the e-mailed single-use link (no sign-in)",
  request: jsonBody(StayRequestLinkAnswer),
  responses: {
    ...problemResponses,
    ...jsonOk(Answer, "The request's new state"),
    400: { description: "InvalidToken: used, expired or unknown" },
    409: { description: "ReservationOverlap (the nights were taken meanwhile)" },
  },
});

export const stayRequestRoutes = createRouter()
  .openapi(create, async (c) => {
    const input = c.req.valid("json");
    await limitPerCode(c, "codeCheckins", input.accommodationUnitCode);
    return c.json(await requestStay(serviceContext(c), input), 201);
  })
  .openapi(status, async (c) => {
    const token = c.req.header(STAY_REQUEST_TOKEN_HEADER) || undefined;
    return c.json(await stayRequestStatus(serviceContext(c), { token }), 200);
  })
  .openapi(answerByLink, async (c) => {
    return c.json(await answerStayRequestByToken(serviceContext(c), c.req.valid("json")), 200);
  })
  .openapi(list, async (c) => {
    return c.json(await listStayRequests(serviceContext(c)), 200);
  })
  .openapi(confirm, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await answerStayRequest(serviceContext(c), { id, decision: "confirm" }), 200);
  })
  .openapi(decline, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await answerStayRequest(serviceContext(c), { id, decision: "decline" }), 200);
  });
