import { createRoute, z } from "@hono/zod-openapi";
import { message } from "@shared/messages.ts";
import { requiredMessage } from "@shared/schemas/fields.ts";
import {
  DATA_EXPORT_COLUMNS,
  DATA_EXPORT_ENTITIES,
  DataExport,
} from "@shared/schemas/data-export.ts";
import { requireUser } from "../auth/require-user.ts";
import { toCsv } from "../csv.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { authProblemResponses, BEARER } from "../openapi/openapi-security.ts";
import { serviceContext } from "../service-context.ts";
import { today } from "@core/services/reservations/stay-dates.ts";
import { hostDataExport } from "@core/services/data-export/host-data-export.ts";

const DataExportQuery = z.object({
  /** json: everything in one document; csv: one list (`entity`) as a CSV file. */
  format: z.enum(["json", "csv"], { error: message("invalidType") }).default("json"),
  /** For csv: which list. */
  entity: z.enum(DATA_EXPORT_ENTITIES, { error: message("invalidType") }).optional(),
}).refine((q) => q.format !== "csv" || q.entity !== undefined, {
  path: ["entity"],
  error: requiredMessage("entity"),
});

// GET /api/DataExport
const dataExport = createRoute({
  method: "get",
  path: "/DataExport",
  tags: ["DataExport"],
  security: BEARER,
  middleware: [requireUser],
  summary: "The caller's own data: everything as JSON, or one list as CSV (plans with data export)",
  description:
    "Accounts, properties, units, stays, guests (with their documents), notifications, " +
    "purchase requests and receipts of the signed-in host and nobody else; never passwords or " +
    "eVisitor credentials. `format=csv` needs `entity` and answers one RFC 4180 file (UTF-8 " +
    "with a byte-order mark, for spreadsheets). 403 SubscriptionLimitReached on a plan without " +
    "`allowDataExport` (Basic).",
  request: { query: DataExportQuery },
  responses: {
    200: {
      description: "The export, as a download (Content-Disposition: attachment)",
      content: {
        "application/json": { schema: DataExport },
        "text/csv": { schema: z.string() },
      },
    },
    ...authProblemResponses,
    ...problemResponses,
  },
});

export const dataExportRoutes = createRouter().openapi(dataExport, async (c) => {
  const { format, entity } = c.req.valid("query");
  const ctx = serviceContext(c);
  const data = await hostDataExport(ctx);
  const stem = `prijavko-${format === "csv" ? entity : "podaci"}-${today(ctx.now)}`;
  const headers = {
    "Content-Disposition": `attachment; filename="${stem}.${format}"`,
    "Cache-Control": "private, no-store",
  };
  if (format === "csv" && entity) {
    // The byte-order mark makes spreadsheets read UTF-8 (č, ć, đ, ø …) as UTF-8.
    const csv = "\uFEFF" + toCsv(DATA_EXPORT_COLUMNS[entity], data[entity]);
    return c.body(csv, 200, { ...headers, "Content-Type": "text/csv; charset=utf-8" });
  }
  return c.json(data, 200, headers);
});
