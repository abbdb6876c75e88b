import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_UNPACKED_BYTES,
  IMPORT_MAX_ZIP_ENTRIES,
} from "@shared/reservation-import.ts";
import { ReservationImportResult } from "@shared/schemas/reservation-import.ts";
import { message } from "@shared/messages.ts";
import { AppError } from "@core/errors.ts";
import { importReservations } from "@core/services/reservations/import/import-reservations.ts";
import {
  importTemplate,
  importTemplateCsv,
} from "@core/services/reservations/import/import-template.ts";
import { IMPORT_READ_BUDGET_MS } from "@core/services/reservations/import/read-in-worker.ts";
import { requireUser } from "../auth/require-user.ts";
import { serviceContext } from "../service-context.ts";
import { jsonOk } from "../request/json-body.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { authProblemResponses, BEARER } from "../openapi/openapi-security.ts";
import { problemResponse } from "../problem.ts";
import { rateLimitPerAccount } from "../security/rate-limit.ts";

export const RESERVATION_IMPORT_PATH = "/api/Reservations/import";

/** The file plus the multipart framing around it. */
const IMPORT_BODY_LIMIT_BYTES = IMPORT_MAX_BYTES + 64 * 1024;

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const CSV_TYPE = "text/csv; charset=utf-8";

const flag = z.enum(["true", "false"]).optional();

const ImportForm = z.object({
  file: z.file({ error: message("required") }).openapi({ type: "string", format: "binary" }),
  dryRun: flag,
  planId: z.string().max(64).optional(),
});

// POST /api/Reservations/import
const importStays = createRoute({
  method: "post",
  path: "/Reservations/import",
  tags: ["Reservations"],
  security: BEARER,
  summary: "Import stays from a CSV or XLSX file: a dry run answers each row's outcome, " +
    "applying adds exactly those rows in one transaction (plans with bulk import)",
  description: "Multipart form: `file` (CSV or XLSX as the template, at most 5 MB and 5,000 " +
    "rows; a CSV in UTF-8, UTF-16, Windows-1250 or ISO-8859-2, separated by `;`, `,` or tabs), `dryRun` (`true` previews and writes nothing; also accepted as a query parameter), " +
    "`planId` (the preview's, so that applying refuses with 409 ImportChanged when the stays " +
    "changed meanwhile). Columns, in Croatian or English: unit (name or code), arrival, " +
    "departure, number of guests, lead guest, notes; the stay's description reads " +
    "`Lead guest (guests) – notes`. Each row is `add`, `conflict` (nights taken by a saved " +
    "stay or an earlier row), `invalid` (with the messages per column) or `duplicate`. " +
    "403 SubscriptionLimitReached on a plan without `allowBulkImport`. An XLSX file may " +
    `unpack to at most ${IMPORT_MAX_UNPACKED_BYTES / (1024 * 1024)} MB in at most ` +
    `${IMPORT_MAX_ZIP_ENTRIES} parts and is read within ${IMPORT_READ_BUDGET_MS / 1000} s ` +
    "(413 ImportFileTooLarge otherwise); 429 TooManyRequests (with Retry-After) past the " +
    "account's imports a minute (`RATE_LIMIT_RESERVATION_IMPORT`, 10 by default). A file that " +
    "cannot be read is 400 ImportFileUnreadable with the reason and what to do in `detail`.",
  middleware: [
    requireUser,
    // Before the body is read: each file read costs a worker's time (read-in-worker.ts).
    rateLimitPerAccount("reservationImport"),
    bodyLimit({
      maxSize: IMPORT_BODY_LIMIT_BYTES,
      onError: (c) => problemResponse(c, new AppError("ImportFileTooLarge")),
    }),
  ] as const,
  request: {
    query: z.object({ dryRun: flag }),
    body: { required: true, content: { "multipart/form-data": { schema: ImportForm } } },
  },
  responses: {
    ...jsonOk(ReservationImportResult, "Each row's outcome (and the new stays' codes)"),
    409: { description: "ImportChanged" },
    429: { description: "TooManyRequests: too many imports from the account this minute" },
    ...authProblemResponses,
    ...problemResponses,
  },
});

// GET /api/Reservations/import/template
const template = createRoute({
  method: "get",
  path: "/Reservations/import/template",
  tags: ["Reservations"],
  security: BEARER,
  middleware: [requireUser] as const,
  summary: "The import template (XLSX, or CSV in UTF-8 with `;`), its headers in Croatian or " +
    "English",
  request: {
    query: z.object({
      language: z.enum(["hr", "en"]).default("hr"),
      format: z.enum(["xlsx", "csv"]).default("xlsx"),
    }),
  },
  responses: {
    200: {
      description: "The template, as a download",
      content: {
        [XLSX_TYPE]: { schema: z.string().meta({ format: "binary" }) },
        [CSV_TYPE]: { schema: z.string() },
      },
    },
    ...authProblemResponses,
    ...problemResponses,
  },
});

export const reservationImportRoutes = createRouter()
  .openapi(template, async (c) => {
    const { language, format } = c.req.valid("query");
    const bytes = format === "csv" ? importTemplateCsv(language) : await importTemplate(language);
    const name = language === "hr" ? "prijavko-uvoz-boravaka" : "prijavko-stays-import";
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": format === "csv" ? CSV_TYPE : XLSX_TYPE,
      "Content-Disposition": `attachment; filename="${name}.${format}"`,
      "Cache-Control": "private, no-store",
    });
  })
  .openapi(importStays, async (c) => {
    const form = c.req.valid("form");
    const dryRun = (form.dryRun ?? c.req.valid("query").dryRun) === "true";
    const bytes = new Uint8Array(await form.file.arrayBuffer());
    const result = await importReservations(serviceContext(c), {
      bytes,
      dryRun,
      planId: form.planId || undefined,
    });
    return c.json(result, 200);
  });
