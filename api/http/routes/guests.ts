import { createRoute, z } from "@hono/zod-openapi";
import { Guest, StayGuest } from "@shared/schemas/guest.ts";
import {
  GuestCancellation,
  GuestCheckOutList,
  GuestListItem,
  GuestSendAgainList,
  GuestUndoCheckOutList,
  HostGuestCheckInList,
} from "@shared/schemas/guest-list.ts";
import { pagedResult } from "@shared/schemas/paged.ts";
import { ProofOfResidence } from "@shared/schemas/proof-of-residence.ts";
import { requiredParameter } from "@shared/schemas/fields.ts";
import { requireUserOrApiToken } from "../auth/require-user.ts";
import { jsonBody, jsonOk } from "../request/json-body.ts";
import { pagingOf } from "../request/list-query.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { authProblemResponses, BEARER_OR_API_TOKEN } from "../openapi/openapi-security.ts";
import { serviceContext } from "../service-context.ts";
import { describeGuest } from "@core/services/guests/guest-details.ts";
import { hostCheckIn, hostCheckOut } from "@core/services/guests/host-check-in.ts";
import { hostCancelRegistrations, hostUndoCheckOut } from "@core/services/guests/host-cancel.ts";
import { listGuests } from "@core/services/guests/list-guests.ts";
import { GuestListQuery } from "@shared/schemas/list-query.ts";
import { proofOfResidence } from "@core/services/guests/proof-of-residence.ts";
import { settlementsForHost } from "@core/services/guests/settlements.ts";
import { taxCategoriesForHost } from "@core/services/guests/tax-categories.ts";
import { TaxCategoryList, TaxCategoryQuery } from "@shared/schemas/tax-category.ts";
import { ReservationSettlementQuery, SettlementSearch } from "@shared/schemas/settlement.ts";
import { disownGuest, disownGuestByToken } from "@core/services/guests/disown-guest.ts";
import { IdParam } from "../request/path-params.ts";
import { sendGuestsAgain } from "@core/services/guests/send-again.ts";

const common = {
  tags: ["Guests"],
  security: BEARER_OR_API_TOKEN,
  middleware: [requireUserOrApiToken],
};
const errors = {
  404: { description: "No such property or guest of yours" },
  409: {
    description: "GuestAlreadyCheckedIn, GuestCheckedOut, CheckInClosed, CannotCheckOut, " +
      "CannotCancelRegistration or CannotUndoCheckOut",
  },
  ...authProblemResponses,
  ...problemResponses,
};

// GET /api/Guests
const list = createRoute({
  ...common,
  method: "get",
  path: "/Guests",
  summary: "The guests of one of the caller's properties, with registration states and deadlines",
  request: {
    query: GuestListQuery,
  },
  responses: {
    ...jsonOk(pagedResult(GuestListItem).meta({ id: "PagedGuests" }), "A page"),
    ...errors,
  },
});

// GET /api/Guests/details
const details = createRoute({
  ...common,
  method: "get",
  path: "/Guests/details",
  summary: "Everything about one guest (ExternalId = the registration id)",
  request: {
    query: z.object({
      PropertyId: z.string().trim().max(64).optional(),
      ExternalId: requiredParameter("ExternalId"),
    }),
  },
  responses: { ...jsonOk(Guest, "The guest"), ...errors },
});

// GET /api/Guests/proofOfResidence
const proof = createRoute({
  ...common,
  method: "get",
  path: "/Guests/proofOfResidence",
  summary: "A printable proof of residence (HTML, base64) in hr, en, de or it",
  request: {
    query: z.object({
      ExternalId: requiredParameter("ExternalId"),
      LanguageCode: z.string().trim().max(10).optional(),
    }),
  },
  responses: { ...jsonOk(ProofOfResidence, "The proof"), ...errors },
});

// POST /api/Guests/checkin
const checkIn = createRoute({
  ...common,
  method: "post",
  path: "/Guests/checkin",
  summary: "Add or fix guests of the caller's stays and register them with eVisitor",
  request: jsonBody(HostGuestCheckInList),
  responses: {
    ...jsonOk(z.array(StayGuest), "The guests as stored (reception: ReceptionGuest)"),
    ...errors,
  },
});

// POST /api/Guests/checkout
const checkOut = createRoute({
  ...common,
  method: "post",
  path: "/Guests/checkout",
  summary: "Check registered guests out of eVisitor (sent in the background)",
  request: jsonBody(GuestCheckOutList),
  responses: { 202: { description: "Queued" }, ...errors },
});

// POST /api/Guests/sendAgain
const sendAgain = createRoute({
  ...common,
  method: "post",
  path: "/Guests/sendAgain",
  summary: "Send guests to eVisitor again as stored (not yet registered, failed, or cancelled), " +
    "without re-entering their documents (sent in the background)",
  request: jsonBody(GuestSendAgainList),
  responses: { 202: { description: "Queued" }, ...errors },
});

// POST /api/Guests/cancel
const cancel = createRoute({
  ...common,
  method: "post",
  path: "/Guests/cancel",
  summary: "Cancel registered guests' eVisitor registrations, with a reason (sent in the " +
    "background); they can be registered again",
  request: jsonBody(GuestCancellation),
  responses: { 202: { description: "Queued" }, ...errors },
});

// POST /api/Guests/undoCheckout
const undoCheckOut = createRoute({
  ...common,
  method: "post",
  path: "/Guests/undoCheckout",
  summary: "Undo check-outs made by mistake (sent in the background); the guests are checked " +
    "in again",
  request: jsonBody(GuestUndoCheckOutList),
  responses: { 202: { description: "Queued" }, ...errors },
});

// GET /api/Guests/Settlements
const settlements = createRoute({
  ...common,
  method: "get",
  path: "/Guests/Settlements",
  summary: "Search eVisitor's Croatian settlements for a guest of one of the caller's stays " +
    "(city of birth or residence in Croatia)",
  request: { query: ReservationSettlementQuery },
  responses: {
    ...jsonOk(
      SettlementSearch,
      "Up to 20 settlements; `available` false while the list is " +
        "not read from eVisitor yet",
    ),
    ...errors,
  },
});

// GET /api/Guests/TaxCategories
const taxCategories = createRoute({
  ...common,
  method: "get",
  path: "/Guests/TaxCategories",
  summary: "The tourist-tax categories eVisitor offers for the property of one of the caller's " +
    "stays, to choose one for a guest instead of the choice by age",
  request: { query: TaxCategoryQuery },
  responses: {
    ...jsonOk(
      TaxCategoryList,
      "As last read from eVisitor; `available` false until they have been",
    ),
    ...errors,
  },
});

const Disowned = z
  .object({
    /** removed: the guest was not registered yet and is gone; cancelling: eVisitor cancels it. */
    outcome: z.enum(["removed", "cancelling"]),
  })
  .meta({ id: "GuestDisowned" });
const disownSummary = '"Not my guest": a guest who came in by the stay\'s link or the door is ' +
  "removed, or, once registered with eVisitor, has the registration cancelled (as " +
  "POST /Guests/cancel) and leaves the stay's page";

// POST /api/Guests/{id}/notMine
const notMine = createRoute({
  ...common,
  method: "post",
  path: "/Guests/{id}/notMine",
  summary: disownSummary,
  request: { params: IdParam },
  responses: { ...jsonOk(Disowned, "What happens to the guest"), ...errors },
});

// POST /api/Guests/notMine
const notMineByLink = createRoute({
  method: "post",
  path: "/Guests/notMine",
  tags: ["Guests"],
  summary: `${disownSummary} (the e-mailed single-use link; no sign-in)`,
  request: jsonBody(z.object({ token: z.string().min(1).max(100) }).meta({ id: "DisownToken" })),
  responses: {
    ...problemResponses,
    ...jsonOk(Disowned, "What happens to the guest"),
    400: { description: "InvalidToken: used, expired or unknown" },
    409: { description: "CannotCancelRegistration (the guest has left already)" },
  },
});

export const guestRoutes = createRouter()
  .openapi(settlements, async (c) => {
    const q = c.req.valid("query");
    const found = await settlementsForHost(serviceContext(c), {
      reservationCode: q.ReservationCode,
      query: q.Query,
    });
    return c.json(found, 200);
  })
  .openapi(taxCategories, async (c) => {
    const q = c.req.valid("query");
    const found = await taxCategoriesForHost(serviceContext(c), {
      reservationCode: q.ReservationCode,
    });
    return c.json(found, 200);
  })
  .openapi(notMineByLink, async (c) => {
    return c.json(await disownGuestByToken(serviceContext(c), c.req.valid("json")), 200);
  })
  .openapi(notMine, async (c) => {
    return c.json(await disownGuest(serviceContext(c), c.req.valid("param")), 200);
  })
  .openapi(list, async (c) => {
    const q = c.req.valid("query");
    const page = await listGuests(serviceContext(c), {
      ...pagingOf(q),
      propertyId: q.PropertyId,
      status: q.Status,
    });
    return c.json(page, 200);
  })
  .openapi(details, async (c) => {
    const q = c.req.valid("query");
    const guest = await describeGuest(serviceContext(c), {
      externalId: q.ExternalId,
      propertyId: q.PropertyId || undefined,
    });
    return c.json(guest, 200);
  })
  .openapi(proof, async (c) => {
    const q = c.req.valid("query");
    const input = { externalId: q.ExternalId, languageCode: q.LanguageCode };
    return c.json(await proofOfResidence(serviceContext(c), input), 200);
  })
  .openapi(checkIn, async (c) => {
    return c.json(await hostCheckIn(serviceContext(c), c.req.valid("json")), 200);
  })
  .openapi(checkOut, async (c) => {
    await hostCheckOut(serviceContext(c), c.req.valid("json"));
    return c.body(null, 202);
  })
  .openapi(sendAgain, async (c) => {
    await sendGuestsAgain(serviceContext(c), c.req.valid("json"));
    return c.body(null, 202);
  })
  .openapi(cancel, async (c) => {
    await hostCancelRegistrations(serviceContext(c), c.req.valid("json"));
    return c.body(null, 202);
  })
  .openapi(undoCheckOut, async (c) => {
    await hostUndoCheckOut(serviceContext(c), c.req.valid("json"));
    return c.body(null, 202);
  });
