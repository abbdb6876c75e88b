import { createRoute, z } from "@hono/zod-openapi";
import { AccommodationUnit } from "@shared/schemas/accommodation-unit.ts";
import { PropertySetupRequest } from "@shared/schemas/property-setup-request.ts";
import { requireUser } from "../auth/require-user.ts";
import { jsonBody, jsonOk } from "../request/json-body.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { authProblemResponses, BEARER } from "../openapi/openapi-security.ts";
import { CodeParam, IdParam } from "../request/path-params.ts";
import { AppError } from "@core/errors.ts";
import { findOwnProperty } from "@core/services/properties/find-property.ts";
import { toUnit, wifiOf } from "@core/services/properties/to-response.ts";
import { createUnit, deleteUnit, findOwnUnit, updateUnit } from "@core/services/units/manage-unit.ts";
import { checkInUrl, qrPng, qrSvg, wifiQrPayload } from "@core/services/units/unit-qr.ts";

const common = { tags: ["Accommodation units"], security: BEARER, middleware: [requireUser] };
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

async function sendQr(text: string, format: "svg" | "png", filename: string) {
  const body = format === "svg" ? await qrSvg(text) : await qrPng(text);
  return new Response(body, {
    headers: {
      "Content-Type": format === "svg" ? "image/svg+xml" : "image/png",
      "Content-Disposition": `inline; filename="${filename}.${format}"`,
      "Cache-Control": "private, max-age=3600",
    },
  });
}

export const unitRoutes = createRouter()
  .openapi(create, async (c) => {
    const { db, clock } = c.get("deps");
    return c.json(
      await createUnit({ db, now: clock() }, c.get("user").id, c.req.valid("json")),
      200,
    );
  })
  .openapi(update, async (c) => {
    const { db, clock } = c.get("deps");
    const unit = await updateUnit(
      { db, now: clock() },
      c.get("user").id,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json(unit, 200);
  })
  .openapi(remove, async (c) => {
    await deleteUnit(c.get("deps").db, c.get("user").id, c.req.valid("param").code);
    return c.body(null, 204);
  })
  .openapi(read, async (c) => {
    const { db, config } = c.get("deps");
    const userId = c.get("user").id;
    const unit = await findOwnUnit(db, userId, { code: c.req.valid("param").code });
    const property = await findOwnProperty(db, userId, unit.propertyId);
    return c.json({
      ...toUnit(unit, property),
      checkInUrl: checkInUrl(config.publicUrl, unit.code),
    }, 200);
  });

for (const format of ["svg", "png"] as const) {
  unitRoutes.openapi(
    imageRoute("qr", format, `The unit's check-in QR code (${format})`),
    async (c) => {
      const unit = await findOwnUnit(c.get("deps").db, c.get("user").id, {
        code: c.req.valid("param").code,
      });
      const url = checkInUrl(c.get("deps").config.publicUrl, unit.code);
      return await sendQr(url, format, `prijava-${unit.code}`) as never;
    },
  );
  unitRoutes.openapi(
    imageRoute(
      "wifi-qr",
      format,
      `A QR code that joins the unit's WiFi, else its property's (${format})`,
    ),
    async (c) => {
      const { db } = c.get("deps");
      const userId = c.get("user").id;
      const unit = await findOwnUnit(db, userId, { code: c.req.valid("param").code });
      const wifi = wifiOf(unit) ?? wifiOf(await findOwnProperty(db, userId, unit.propertyId));
      if (!wifi) {
        throw new AppError("NotFound", { detail: "No WiFi is set for this unit or its property." });
      }
      return await sendQr(wifiQrPayload(wifi), format, `wifi-${unit.code}`) as never;
    },
  );
}
