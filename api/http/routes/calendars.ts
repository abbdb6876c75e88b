import { createRoute, z } from "@hono/zod-openapi";
import {
  CalendarExportLink,
  CalendarSyncAccepted,
  CalendarSyncRequest,
  UnitCalendar,
} from "@shared/schemas/calendar.ts";
import { pagedResult } from "@shared/schemas/paged.ts";
import { requireUserOrApiToken } from "../auth/require-user.ts";
import { jsonBody, jsonOk } from "../request/json-body.ts";
import { CalendarListQuery } from "@shared/schemas/list-query.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { authProblemResponses, BEARER_OR_API_TOKEN } from "../openapi/openapi-security.ts";
import { exportFeedOf } from "@core/services/calendars/export-feed.ts";
import {
  EXPORT_PATH,
  exportLinkOf,
  renewExportLink,
  revokeExportLink,
} from "@core/services/calendars/export-link.ts";
import { listCalendars } from "@core/services/calendars/list-calendars.ts";
import { requestCalendarSync } from "@core/services/calendars/request-sync.ts";
import { serviceContext } from "../service-context.ts";

const common = {
  tags: ["Calendars"],
  security: BEARER_OR_API_TOKEN,
  middleware: [requireUserOrApiToken],
};
const errors = {
  404: { description: "No such unit of yours" },
  ...authProblemResponses,
  ...problemResponses,
};
const UnitCodeParam = z.object({
  accommodationUnitCode: z.string().trim().min(1).max(64),
});

// GET /api/Calendars
const list = createRoute({
  ...common,
  method: "get",
  path: "/Calendars",
  summary: "The caller's units with their calendar feeds, each feed's health and last outcome",
  request: {
    query: CalendarListQuery,
  },
  responses: {
    ...jsonOk(pagedResult(UnitCalendar).meta({ id: "PagedUnitCalendars" }), "A page"),
    ...errors,
  },
});

// POST /api/Calendars/Sync
const sync = createRoute({
  ...common,
  method: "post",
  path: "/Calendars/Sync",
  summary: "Fetch one unit's feeds now, or every unit's (the work happens in the background)",
  request: jsonBody(CalendarSyncRequest),
  responses: {
    202: {
      description: "Queued",
      content: { "application/json": { schema: CalendarSyncAccepted } },
    },
    ...errors,
  },
});

// POST /api/Calendars/Export/{accommodationUnitCode}
const createExport = createRoute({
  ...common,
  method: "post",
  path: "/Calendars/Export/{accommodationUnitCode}",
  summary: "The unit's own iCal feed address (created on first request)",
  request: { params: UnitCodeParam },
  responses: { ...jsonOk(CalendarExportLink, "The address"), ...errors },
});

// DELETE /api/Calendars/Export/{accommodationUnitCode}
const revokeExport = createRoute({
  ...common,
  method: "delete",
  path: "/Calendars/Export/{accommodationUnitCode}",
  summary: "Revoke the unit's feed address; a new one can be created",
  request: { params: UnitCodeParam },
  responses: { 204: { description: "Revoked" }, ...errors },
});

// POST /api/Calendars/Export/{accommodationUnitCode}/renew
const renewExport = createRoute({
  ...common,
  method: "post",
  path: "/Calendars/Export/{accommodationUnitCode}/renew",
  summary: "Replace the unit's feed address with a new one; the old one answers 404 at once",
  description: "For an address that leaked or that someone no longer trusted still holds (a " +
    "removed team member, a platform no longer used). The new address serves the same events " +
    "with the same UIDs; the host pastes it into each platform that should keep receiving it. " +
    "The owner and co-hosts (the property's settings).",
  request: { params: UnitCodeParam },
  responses: { ...jsonOk(CalendarExportLink, "The new address"), ...errors },
});

// GET /api/Calendars/Export/{file}
const exportFeed = createRoute({
  method: "get",
  path: `${EXPORT_PATH}/{file}`,
  tags: ["Calendars"],
  summary: "A unit's iCal feed for booking platforms (no sign-in: the secret address is the key)",
  request: {
    params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{20,100}\.ics$/) }),
  },
  responses: {
    200: { description: "The feed", content: { "text/calendar": { schema: z.string() } } },
    304: { description: "Not modified since the given ETag" },
    404: { description: "No such feed (revoked or never created)" },
    ...problemResponses,
  },
});

export const calendarRoutes = createRouter()
  .openapi(exportFeed, async (c) => {
    const token = c.req.valid("param").file.replace(/\.ics$/, "");
    const feed = await exportFeedOf(serviceContext(c), { token });
    const headers = {
      "ETag": feed.etag,
      "Last-Modified": feed.lastModified.toUTCString(),
      "Cache-Control": "private, max-age=300",
    };
    if (c.req.header("If-None-Match") === feed.etag) {
      return c.body(null, 304, headers);
    }
    return c.body(feed.body, 200, { ...headers, "Content-Type": "text/calendar; charset=utf-8" });
  })
  .openapi(list, async (c) => {
    const q = c.req.valid("query");
    const page = await listCalendars(serviceContext(c), {
      propertyId: q.PropertyId || undefined,
      unitCode: q.AccommodationUnitCode || undefined,
      pageNumber: q.PageNumber,
      pageSize: q.PageSize,
    });
    return c.json(page, 200);
  })
  .openapi(sync, async (c) => {
    const units = await requestCalendarSync(serviceContext(c), c.req.valid("json"));
    return c.json({ units }, 202);
  })
  .openapi(createExport, async (c) => {
    const exportUrl = await exportLinkOf(serviceContext(c), c.req.valid("param"));
    return c.json({ exportUrl }, 200);
  })
  .openapi(renewExport, async (c) => {
    const exportUrl = await renewExportLink(serviceContext(c), c.req.valid("param"));
    return c.json({ exportUrl }, 200);
  })
  .openapi(revokeExport, async (c) => {
    await revokeExportLink(serviceContext(c), c.req.valid("param"));
    return c.body(null, 204);
  });
