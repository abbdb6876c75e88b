import { createRoute, z } from "@hono/zod-openapi";
import {
  ReservationFilter,
  ReservationFilterSchema,
  ReservationStatusSchema,
} from "@shared/enums.ts";
import { pagedResult } from "@shared/schemas/paged.ts";
import {
  CreateReservationRequest,
  GuestRegistration,
  PublicReservation,
  Reservation,
} from "@shared/schemas/reservation.ts";
import { DateOnly, DateTime } from "@shared/schemas/fields.ts";
import { QueryBoolean } from "@shared/schemas/list-query.ts";
import { optionalUser, requireUser } from "../auth/require-user.ts";
import { submitGuests } from "@core/services/guests/submit-guests.ts";
import { borderCrossingsFor } from "@core/services/guests/border-crossings.ts";
import { refreshGuestsIfDue } from "@core/services/guests/refresh-guests.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { eq } from "drizzle-orm";
import { reservationContext } from "../service-context.ts";
import type { AuthUser } from "@core/auth/auth-user.ts";
import { jsonBody, jsonOk } from "../request/json-body.ts";
import { listQuery } from "../request/list-query.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { authProblemResponses, BEARER } from "../openapi/openapi-security.ts";
import { CodeParam } from "../request/path-params.ts";
import { AppError } from "@core/errors.ts";
import {
  currentReservation,
  listReservations,
  publicReservation,
  RESERVATION_SORTS,
  type ReservationSort,
} from "@core/services/reservations/list-reservations.ts";
import {
  createReservation,
  deleteReservation,
  describeReservation,
  updateReservation,
} from "@core/services/reservations/manage-reservation.ts";

const SORTS = Object.keys(RESERVATION_SORTS) as [ReservationSort, ...ReservationSort[]];
const common = { tags: ["Reservations"], security: BEARER, middleware: [requireUser] };
const errors = {
  404: { description: "No such reservation or unit of yours" },
  409: { description: "ReservationOverlap or ImportedReservation" },
  ...authProblemResponses,
  ...problemResponses,
};
const one = jsonOk(Reservation, "The reservation");

/** A repeatable query parameter arrives as one string or as a list. */
const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => typeof v === "string" ? [v] : v, z.array(item));

/** The query of GET /Reservations, named exactly as spec section 7. */
const ReservationListQuery = listQuery(SORTS, "startDate").extend({
  AccommodationUnitCode: z.string().trim().max(64).optional(),
  PropertyId: z.string().trim().max(64).optional(),
  ReservationStatuses: repeated(ReservationStatusSchema).optional(),
  StartDate: z.union([DateOnly, DateTime]).optional(),
  EndDate: z.union([DateOnly, DateTime]).optional(),
  /** Newest first, e.g. for stays that are over. */
  SortDescending: QueryBoolean.default(false),
  /** Blocks (closed dates, no guests) are left out unless asked for, e.g. by a calendar view. */
  IncludeBlocks: QueryBoolean.default(false),
  ReservationFilter: z
    .preprocess((v) => typeof v === "string" && v !== "" ? Number(v) : v, ReservationFilterSchema)
    .default(ReservationFilter.All),
});

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
  security: [...BEARER, {}],
  middleware: [optionalUser],
  request: { params: CodeParam },
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

// POST /api/Reservations/Guests
const checkIn = createRoute({
  method: "post",
  path: "/Reservations/Guests",
  tags: ["Guest check-in"],
  summary: "Guests check in to a stay (no sign-in: the reservation code is the key)",
  request: jsonBody(GuestRegistration),
  responses: {
    ...jsonOk(PublicReservation, "The stay with its guests, each with its registration state"),
    404: { description: "No such reservation" },
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
  request: { params: CodeParam, ...jsonBody(CreateReservationRequest) },
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
  request: { params: z.object({ accommodationUnitCode: CodeParam.shape.code }) },
  responses: { ...one, 404: { description: "No stay today" }, ...problemResponses },
});

export const reservationRoutes = createRouter()
  .openapi(current, async (c) => {
    const { db, clock } = c.get("deps");
    const found = await currentReservation(db, c.req.valid("param").accommodationUnitCode, clock());
    if (!found) throw new AppError("NotFound", { detail: "There is no stay in this unit today." });
    return c.json(found, 200);
  })
  .openapi(list, async (c) => {
    const q = c.req.valid("query");
    const { db, clock, secretBox } = c.get("deps");
    const page = await listReservations({ db, now: clock(), secretBox }, c.get("user").id, {
      pageNumber: q.PageNumber,
      pageSize: q.PageSize,
      sortBy: q.SortBy,
      searchValue: q.SearchValue || undefined,
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
    return c.json(
      await createReservation(reservationContext(c), c.get("user").id, c.req.valid("json")),
      200,
    );
  })
  .openapi(read, async (c) => {
    const { db, clock } = c.get("deps");
    const code = c.req.valid("param").code;
    const user = c.var.user as AuthUser | undefined;
    if (user) {
      const own = await describeReservation(reservationContext(c), user.id, code).catch(
        (error) => {
          if (error instanceof AppError && error.code === "NotFound") return undefined;
          throw error;
        },
      );
      if (own) {
        const [row] = await db.select({ id: reservations.id }).from(reservations)
          .where(eq(reservations.code, code));
        await refreshGuestsIfDue({ db, now: clock() }, row.id);
        return c.json(own, 200);
      }
    }
    const found = await publicReservation(db, code, clock());
    if (!found) throw new AppError("NotFound", { detail: "The reservation was not found." });
    return c.json(found, 200);
  })
  .openapi(borderCrossings, async (c) => {
    return c.json(await borderCrossingsFor(c.get("deps").db, c.req.valid("param").code), 200);
  })
  .openapi(checkIn, async (c) => {
    return c.json(await submitGuests(reservationContext(c), c.req.valid("json")), 200);
  })
  .openapi(update, async (c) => {
    const reservation = await updateReservation(
      reservationContext(c),
      c.get("user").id,
      c.req.valid("param").code,
      c.req.valid("json"),
    );
    return c.json(reservation, 200);
  })
  .openapi(remove, async (c) => {
    await deleteReservation(c.get("deps").db, c.get("user").id, c.req.valid("param").code);
    return c.body(null, 204);
  });
