import { createRoute, z } from "@hono/zod-openapi";
import { pagedResult } from "@shared/schemas/paged.ts";
import {
  CHECKIN_RECEIPT_HEADER,
  CheckinResult,
  CreateReservationRequest,
  GuestRegistration,
  PublicReservation,
  Reservation,
  UpdateReservationRequest,
} from "@shared/schemas/reservation.ts";
import { ReservationListQuery } from "@shared/schemas/list-query.ts";
import { optionalUser, requireUserOrApiToken } from "../auth/require-user.ts";
import { submitGuests } from "@core/services/guests/submit-guests.ts";
import { borderCrossingsFor } from "@core/services/guests/border-crossings.ts";
import { settlementsForStay } from "@core/services/guests/settlements.ts";
import { SettlementQuery, SettlementSearch } from "@shared/schemas/settlement.ts";
import { serviceContext } from "../service-context.ts";
import { jsonBody, jsonOk } from "../request/json-body.ts";
import { pagingOf } from "../request/list-query.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { authProblemResponses, BEARER_OR_API_TOKEN } from "../openapi/openapi-security.ts";
import { CodeParam } from "../request/path-params.ts";
import { listReservations } from "@core/services/reservations/list-reservations.ts";
import { doorStay } from "@core/services/reservations/public-stay.ts";
import { limitPerCode } from "../security/code-rate-limit.ts";
import {
  createReservation,
  deleteReservation,
  updateReservation,
} from "@core/services/reservations/manage-reservation.ts";
import { readReservation } from "@core/services/reservations/read-reservation.ts";
import { approveStayGuests } from "@core/services/guests/approve-guests.ts";
import { GuestApproval, GuestsApproved } from "@shared/schemas/guest-approval.ts";
import { approvalLinkRoutes, approveSummary } from "./reservation-approval-link.ts";

const common = {
  tags: ["Reservations"],
  security: BEARER_OR_API_TOKEN,
  middleware: [requireUserOrApiToken],
};
const errors = {
  404: { description: "No such reservation or unit of yours" },
  409: {
    description: "ReservationOverlap, ImportedReservation, RegisteredArrivalLocked or " +
      "ReservationHasRegisteredGuests",
  },
  ...authProblemResponses,
  ...problemResponses,
};
const one = jsonOk(Reservation, "The reservation");
/** The check-in receipt a device got from its check-in (never in the address: logs keep those). */
const receiptHeader = z.object({
  [CHECKIN_RECEIPT_HEADER.toLowerCase()]: z.string().max(100).optional().meta({
    description: "The receipt token of POST /Reservations/Guests",
  }),
});
const receiptOf = (c: { req: { header: (name: string) => string | undefined } }) =>
  c.req.header(CHECKIN_RECEIPT_HEADER) || undefined;

// GET /api/Reservations
const list = createRoute({
  ...common,
  method: "get",
  path: "/Reservations",
  summary: "The caller's reservations, by unit, property, status, dates and filter",
  request: { query: ReservationListQuery },
  responses: {
    ...jsonOk(pagedResult(Reservation).meta({ id: "PagedReservations" }), "A page"),
    ...errors,
  },
});

// POST /api/Reservations
const create = createRoute({
  ...common,
  method: "post",
  path: "/Reservations",
  summary: "Enter a stay by hand (refused when a night is taken)",
  request: jsonBody(CreateReservationRequest),
  responses: { ...one, ...errors },
});

// GET /api/Reservations/{code}
const read = createRoute({
  method: "get",
  path: "/Reservations/{code}",
  tags: ["Reservations", "Guest check-in"],
  summary:
    "One reservation: in full for its host, as the check-in page shows it for anyone with the code",
  description: "Anyone else gets the least the check-in page needs (names, dates, times, how " +
    "many guests are in, their initials, the host's contact): the address, the house notes, the " +
    "WiFi and one's own guests in full only with the `Checkin-Receipt` header a check-in " +
    "returned (the address, notes and WiFi not while its guests wait for the host's approval: " +
    "`awaitingHost`). An unknown code is UnknownCode (404). Never cached.",
  security: [...BEARER_OR_API_TOKEN, {}],
  middleware: [optionalUser],
  request: { params: CodeParam, headers: receiptHeader },
  responses: {
    ...jsonOk(z.union([Reservation, PublicReservation]), "The reservation"),
    ...errors,
  },
});

// GET /api/Reservations/{code}/BorderCrossings
const borderCrossings = createRoute({
  method: "get",
  path: "/Reservations/{code}/BorderCrossings",
  tags: ["Guest check-in"],
  summary: "eVisitor's border crossings, for guests living outside the EU (no sign-in)",
  request: { params: CodeParam },
  responses: {
    ...jsonOk(
      z.array(z.object({ code: z.string(), name: z.string(), type: z.string().nullable() }))
        .meta({ id: "BorderCrossings" }),
      "The crossings, by name",
    ),
    404: { description: "No such reservation" },
    ...problemResponses,
  },
});

// GET /api/Reservations/{code}/Settlements
const settlements = createRoute({
  method: "get",
  path: "/Reservations/{code}/Settlements",
  tags: ["Guest check-in"],
  summary: "Search eVisitor's Croatian settlements, for a guest born or living in Croatia " +
    "(no sign-in)",
  description: "The list of the eVisitor account the stay's property belongs to, kept by the " +
    "workers; `available` is false while it has not been read yet (the city is then typed).",
  request: { params: CodeParam, query: SettlementQuery },
  responses: {
    ...jsonOk(SettlementSearch, "Up to 20 settlements, the best matches first"),
    404: { description: "No such reservation" },
    ...problemResponses,
  },
});

// POST /api/Reservations/Guests
const checkIn = createRoute({
  method: "post",
  path: "/Reservations/Guests",
  tags: ["Guest check-in"],
  summary: "Guests check in to a stay (no sign-in: the stay's code or the unit's door code)",
  description: "By `reservationCode` (the stay's link) or `accommodationUnitCode` (the door QR), " +
    "which admits only the stay under way today, or tomorrow's from 18:00 Zagreb the evening " +
    "before (NoStayToday otherwise). The answer carries a check-in receipt for later reads; " +
    "while the guests wait for the host's approval (automatic check-in off, `awaitingHost`) it " +
    "has no address, house notes or WiFi, and by the door no stay code. The " +
    'host is notified of every guest, with "not my guest". Limited per code as well as per ' +
    "address.",
  request: jsonBody(GuestRegistration),
  responses: {
    ...jsonOk(CheckinResult, "The stay with its guests, and this device's check-in receipt"),
    404: { description: "UnknownCode or NoStayToday" },
    409: { description: "CheckInClosed or GuestAlreadyCheckedIn" },
    ...problemResponses,
  },
});

// PUT /api/Reservations/{code}
const update = createRoute({
  ...common,
  method: "put",
  path: "/Reservations/{code}",
  summary: "Change a stay (an imported stay's dates belong to its platform)",
  description: "Guests registered with eVisitor follow the stay: a new departure is sent to " +
    "eVisitor; a new arrival or unit, which eVisitor does not let change, is refused " +
    "(RegisteredArrivalLocked) unless `reRegisterGuests` is true, and then their registrations " +
    "are cancelled and registered again with the new dates. An imported stay's dates change " +
    "only to its `platformMove` (the platform's new dates the sync left because its guests are " +
    "registered); other changes of its dates are refused (ImportedReservation).",
  request: { params: CodeParam, ...jsonBody(UpdateReservationRequest) },
  responses: { ...one, ...errors },
});

// DELETE /api/Reservations/{code}
const remove = createRoute({
  ...common,
  method: "delete",
  path: "/Reservations/{code}",
  summary: "Delete a reservation",
  request: { params: CodeParam },
  responses: { 204: { description: "Deleted" }, ...errors },
});

// GET /api/Reservations/Current/{accommodationUnitCode}
const current = createRoute({
  method: "get",
  path: "/Reservations/Current/{accommodationUnitCode}",
  tags: ["Guest check-in"],
  summary: "The stay under way in a unit today, for a guest who scanned its QR code (no sign-in)",
  description: "From 18:00 Zagreb on the evening before arrival also tomorrow's stay. The " +
    "same least data as a read by the stay's code, without the stay's own code unless the " +
    "`Checkin-Receipt` header names this stay and its guests are not waiting for the host's " +
    "approval. UnknownCode (404) for a code no unit has (a " +
    "renewed one), NoStayToday (404, with the host's contact as `hostContact`) otherwise.",
  request: {
    params: z.object({ accommodationUnitCode: CodeParam.shape.code }),
    headers: receiptHeader,
  },
  responses: {
    ...jsonOk(PublicReservation, "The stay"),
    404: { description: "UnknownCode or NoStayToday" },
    ...problemResponses,
  },
});

// POST /api/Reservations/{code}/approveGuests
const approveGuests = createRoute({
  ...common,
  method: "post",
  path: "/Reservations/{code}/approveGuests",
  summary: approveSummary,
  description: "Only the held guests named in `guestIds` (those the host sees listed and chose; " +
    "one they declined on the e-mailed page too): a guest who came in after the page was drawn " +
    "waits for its own approval.",
  request: { params: CodeParam, ...jsonBody(GuestApproval) },
  responses: { ...jsonOk(GuestsApproved, "How many were approved"), ...errors },
});

export const reservationRoutes = createRouter()
  // The e-mailed approval link's routes first: their fixed paths before /Reservations/{code}.
  .route("/", approvalLinkRoutes)
  .openapi(approveGuests, async (c) => {
    const input = { ...c.req.valid("param"), ...c.req.valid("json") };
    return c.json(await approveStayGuests(serviceContext(c), input), 200);
  })
  .openapi(current, async (c) => {
    const { accommodationUnitCode } = c.req.valid("param");
    await limitPerCode(c, "codeReads", accommodationUnitCode);
    const stay = await doorStay(serviceContext(c), {
      unitCode: accommodationUnitCode,
      receipt: receiptOf(c),
    });
    return c.json(stay, 200);
  })
  .openapi(list, async (c) => {
    const q = c.req.valid("query");
    const page = await listReservations(serviceContext(c), {
      ...pagingOf(q),
      accommodationUnitCode: q.AccommodationUnitCode || undefined,
      propertyId: q.PropertyId || undefined,
      statuses: q.ReservationStatuses,
      startDate: q.StartDate,
      endDate: q.EndDate,
      filter: q.ReservationFilter,
      includeBlocks: q.IncludeBlocks,
      sortDescending: q.SortDescending,
    });
    return c.json(page, 200);
  })
  .openapi(create, async (c) => {
    return c.json(await createReservation(serviceContext(c), c.req.valid("json")), 200);
  })
  .openapi(read, async (c) => {
    const { code } = c.req.valid("param");
    await limitPerCode(c, "codeReads", code);
    return c.json(await readReservation(serviceContext(c), { code, receipt: receiptOf(c) }), 200);
  })
  .openapi(borderCrossings, async (c) => {
    return c.json(await borderCrossingsFor(serviceContext(c), c.req.valid("param")), 200);
  })
  .openapi(settlements, async (c) => {
    const input = { ...c.req.valid("param"), query: c.req.valid("query").Query };
    return c.json(await settlementsForStay(serviceContext(c), input), 200);
  })
  .openapi(checkIn, async (c) => {
    const registration = c.req.valid("json");
    const code = registration.accommodationUnitCode || registration.reservationCode;
    if (code) await limitPerCode(c, "codeCheckins", code);
    return c.json(await submitGuests(serviceContext(c), registration), 200);
  })
  .openapi(update, async (c) => {
    const reservation = await updateReservation(serviceContext(c), {
      ...c.req.valid("json"),
      ...c.req.valid("param"),
    });
    return c.json(reservation, 200);
  })
  .openapi(remove, async (c) => {
    await deleteReservation(serviceContext(c), c.req.valid("param"));
    return c.body(null, 204);
  });
