import { createRoute, z } from "@hono/zod-openapi";
import { AccommodationUnit } from "@shared/schemas/accommodation-unit.ts";
import { PropertySetupRequest } from "@shared/schemas/property-setup-request.ts";
import { requireUserOrApiToken } from "../auth/require-user.ts";
import { jsonBody, jsonOk } from "../request/json-body.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { authProblemResponses, BEARER_OR_API_TOKEN } from "../openapi/openapi-security.ts";
import { CodeParam, IdParam } from "../request/path-params.ts";
import { createUnit, deleteUnit, updateUnit } from "@core/services/units/manage-unit.ts";
import { renewUnitCode } from "@core/services/units/renew-unit-code.ts";
import { describeUnit, unitWifi } from "@core/services/units/describe-unit.ts";
import { qrPng, qrSvg, wifiQrPayload } from "@core/services/units/unit-qr.ts";
import { qrSheetPdf } from "@core/services/units/qr-sheet-pdf.ts";
import { QrSheetQuery } from "@shared/qr-sheet-texts.ts";
import { serviceContext } from "../service-context.ts";

const common = {
  tags: ["Accommodation units"],
  security: BEARER_OR_API_TOKEN,
  middleware: [requireUserOrApiToken],
};
const errors = {
  404: { description: "No such unit of yours" },
  ...authProblemResponses,
  ...problemResponses,
};
const one = jsonOk(AccommodationUnit, "The unit");

// POST /api/AccommodationUnits
const create = createRoute({
  ...common,
  method: "post",
  path: "/AccommodationUnits",
  summary: "Add a unit to one of the caller's properties; it gets a permanent check-in code",
  request: jsonBody(PropertySetupRequest),
  responses: { ...one, ...errors },
});

// PUT /api/AccommodationUnits/{id}
const update = createRoute({
  ...common,
  method: "put",
  path: "/AccommodationUnits/{id}",
  summary: "Change a unit (its code stays)",
  request: { params: IdParam, ...jsonBody(PropertySetupRequest) },
  responses: { ...one, ...errors },
});

// POST /api/AccommodationUnits/{id}/renewCode
const renewCode = createRoute({
  ...common,
  method: "post",
  path: "/AccommodationUnits/{id}/renewCode",
  summary: "Give the unit a new door code: QR codes printed before stop working (404), nothing " +
    "else changes",
  request: { params: IdParam },
  responses: { ...one, ...errors },
});

// DELETE /api/AccommodationUnits/{code}
const remove = createRoute({
  ...common,
  method: "delete",
  path: "/AccommodationUnits/{code}",
  summary: "Delete a unit by its code",
  request: { params: CodeParam },
  responses: { 204: { description: "Deleted" }, ...errors },
});

// GET /api/AccommodationUnits/{code}
const read = createRoute({
  ...common,
  method: "get",
  path: "/AccommodationUnits/{code}",
  summary: "One unit with its property and its check-in address (for the QR sheet)",
  request: { params: CodeParam },
  responses: {
    ...jsonOk(
      AccommodationUnit.extend({ checkInUrl: z.string() }).meta({
        id: "AccommodationUnitWithLink",
      }),
      "The unit",
    ),
    ...errors,
  },
});

const image = (description: string) => ({
  200: {
    description,
    content: { "image/svg+xml": { schema: z.string() }, "image/png": { schema: z.string() } },
  },
});

/** GET /api/AccommodationUnits/{code}/<name>.<svg|png>: one route per image and format. */
function imageRoute(name: "qr" | "wifi-qr", format: "svg" | "png", summary: string) {
  return createRoute({
    ...common,
    method: "get",
    path: `/AccommodationUnits/{code}/${name}.${format}`,
    summary,
    request: { params: CodeParam },
    responses: { ...image(summary), ...errors },
  });
}

// GET /api/AccommodationUnits/{code}/qr-sheet.pdf?languages=hr,en
const sheetPdf = createRoute({
  ...common,
  method: "get",
  path: "/AccommodationUnits/{code}/qr-sheet.pdf",
  summary: "The unit's door sheet to print: one A4 page with the check-in QR code, the guests' " +
    "steps in one to three languages (left out: the caller's, GET /Users/manage/settings), a cut " +
    "line and a table card with the WiFi",
  request: { params: CodeParam, query: QrSheetQuery },
  responses: {
    200: {
      description: "The sheet",
      content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } },
    },
    ...errors,
  },
});

async function sendQr(text: string, format: "svg" | "png", filename: string) {
  const body = format === "svg" ? await qrSvg(text) : await qrPng(text);
  return new Response(body, {
    headers: {
      "Content-Type": format === "svg" ? "image/svg+xml" : "image/png",
      "Content-Disposition": `inline; filename="${filename}.${format}"`,
      // The codes hold the unit's check-in key or its WiFi password: not kept by any cache.
      "Cache-Control": "private, no-store",
    },
  });
}

export const unitRoutes = createRouter()
  .openapi(create, async (c) => {
    return c.json(await createUnit(serviceContext(c), c.req.valid("json")), 200);
  })
  .openapi(update, async (c) => {
    const input = { ...c.req.valid("json"), ...c.req.valid("param") };
    return c.json(await updateUnit(serviceContext(c), input), 200);
  })
  .openapi(renewCode, async (c) => {
    return c.json(await renewUnitCode(serviceContext(c), c.req.valid("param")), 200);
  })
  .openapi(remove, async (c) => {
    await deleteUnit(serviceContext(c), c.req.valid("param"));
    return c.body(null, 204);
  })
  .openapi(read, async (c) => {
    return c.json(await describeUnit(serviceContext(c), c.req.valid("param")), 200);
  })
  .openapi(sheetPdf, async (c) => {
    const input = { ...c.req.valid("param"), ...c.req.valid("query") };
    const { code, pdf } = await qrSheetPdf(serviceContext(c), input);
    return new Response(pdf as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="prijava-${code}.pdf"`,
        // It holds the unit's check-in key and its WiFi password: not kept by any cache.
        "Cache-Control": "private, no-store",
      },
    }) as never;
  });

for (const format of ["svg", "png"] as const) {
  unitRoutes.openapi(
    imageRoute("qr", format, `The unit's check-in QR code (${format})`),
    async (c) => {
      const { code, checkInUrl } = await describeUnit(serviceContext(c), c.req.valid("param"));
      return await sendQr(checkInUrl, format, `prijava-${code}`) as never;
    },
  );
  unitRoutes.openapi(
    imageRoute(
      "wifi-qr",
      format,
      `A QR code that joins the unit's WiFi, else its property's (${format})`,
    ),
    async (c) => {
      const { code, wifi } = await unitWifi(serviceContext(c), c.req.valid("param"));
      return await sendQr(wifiQrPayload(wifi), format, `wifi-${code}`) as never;
    },
  );
}
