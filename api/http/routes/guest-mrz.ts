import { Buffer } from "node:buffer";
import { createRoute } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { checkImageFormat } from "@shared/image-format.ts";
import { MRZ_READ_SUBJECT, type MrzFailure, MrzReply } from "@shared/mrz-service.ts";
import { MrzGuest } from "@shared/schemas/mrz-guest.ts";
import { IMAGE_MAX_BYTES, ImagePayload } from "@shared/schemas/reservation.ts";
import { ProblemDetails } from "@shared/problem.ts";
import { jsonBody, jsonOk } from "../request/json-body.ts";
import { describeError, log } from "@core/platform/logger.ts";
import { createRouter, problemResponses } from "../openapi/openapi.ts";
import { problemResponse, validationHook } from "../problem.ts";
import { AppError } from "@core/errors.ts";

export const GUEST_MRZ_PATH = "/api/Reservations/Guests/MRZ";

/**
 * The JSON body of the largest photo: base64 of IMAGE_MAX_BYTES plus room for the braces, the
 * property name and whitespace (about 11.2 MB; the API's default limit is 1 MB). A larger body is
 * refused while it streams in, before it is read whole.
 */
export const GUEST_MRZ_BODY_LIMIT_BYTES = Math.ceil(IMAGE_MAX_BYTES / 3) * 4 + 4096;

/** How long a guest waits for a worker; a read takes well under two seconds. */
export const MRZ_REQUEST_TIMEOUT_MS = 20_000;

const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: ProblemDetails } },
});

// POST /api/Reservations/Guests/MRZ
const readMrz = createRoute({
  method: "post",
  path: "/Reservations/Guests/MRZ",
  tags: ["Guest check-in"],
  summary: "Read a document photo's MRZ into guest fields (no sign-in; the photo is not stored)",
  description: "`imageBytes`: a JPEG, PNG or WebP photo, base64, at most 8 MB. Answers the guest " +
    "fields the machine readable zone gives (TD1 cards, TD2, TD3 passports). `uncertainFields` " +
    "(always present) names the fields whose reading is not certain: the form must ask the guest " +
    "to check each against the document before going on; an empty list means every field was " +
    "read for sure.",
  middleware: [
    bodyLimit({
      maxSize: GUEST_MRZ_BODY_LIMIT_BYTES,
      onError: (c) => problemResponse(c, new AppError("ImageTooLarge")),
    }),
  ] as const,
  request: jsonBody(ImagePayload),
  responses: {
    ...jsonOk(MrzGuest, "What the MRZ says about the guest"),
    ...problemResponses,
    413: problem("ImageTooLarge: more than 8 MB"),
    422: problem("DocumentUnreadable: no MRZ found or it could not be read"),
    503: problem("DocumentScanUnavailable: no MRZ worker answered"),
  },
});

export const guestMrzRoutes = createRouter().openapi(readMrz, async (c) => {
  const bytes = new Uint8Array(Buffer.from(c.req.valid("json").imageBytes, "base64"));
  if (bytes.length > IMAGE_MAX_BYTES) throw new AppError("ImageTooLarge");
  const format = await checkImageFormat(bytes);
  if (!format.accepted) throw notAnImage(format.detected?.ext);

  const nc = c.get("deps").nats.connection();
  if (!nc || nc.isClosed()) throw new AppError("DocumentScanUnavailable");
  let reply: MrzReply;
  try {
    const msg = await nc.request(MRZ_READ_SUBJECT, bytes, { timeout: MRZ_REQUEST_TIMEOUT_MS });
    reply = MrzReply.parse(msg.json());
  } catch (error) {
    // No worker subscribed (NATS says so at once), none answered in time, or NATS is down.
    log.warn("mrz request failed", { requestId: c.get("requestId"), ...describeError(error) });
    throw new AppError("DocumentScanUnavailable");
  }
  if (!reply.ok) throw failureError(reply.failure);
  return c.json(reply.guest, 200);
}, (result, c) => {
  // Base64 longer than 8 MB of image is the same refusal as a body over the route's limit.
  if (!result.success && result.error.issues.some((i) => i.code === "too_big")) {
    throw new AppError("ImageTooLarge");
  }
  // The shared hook answers a Response, which the typed route's hook signature does not name.
  return validationHook(result, c) as never;
});

function notAnImage(ext: string | undefined): AppError {
  const what = ext === "pdf" ? "A PDF" : ext ? `A ${ext.toUpperCase()} file` : "This file";
  return new AppError("ImageNotSupported", {
    detail: `${what} is not a photo. Please upload a JPEG, PNG or WebP photo of the document.`,
  });
}

function failureError(failure: MrzFailure): AppError {
  if (failure === "too-large") return new AppError("ImageTooLarge");
  // The type was right by its first bytes but the image does not decode (cut off, corrupt).
  if (failure === "not-an-image") return notAnImage(undefined);
  return new AppError("DocumentUnreadable");
}
