import type { Context } from "hono";
import { MRZ_FRAME_MAX_BODY_BYTES } from "@shared/mrz-frame.ts";
import type { RateLimitGroup } from "./rate-limit.ts";

export interface RateLimitedRoute {
  method: "GET" | "POST";
  /** A Hono path pattern, matched by the same router as the route itself. */
  path: string;
  group: RateLimitGroup;
  /** Only the requests this is true of count in `group` (one route, two groups by size). */
  applies?: (c: Context) => boolean;
}

/**
 * A frame of a live camera scan: a body declared (Content-Length) at most
 * MRZ_FRAME_MAX_BODY_BYTES. The server reads no more than the declared length, so a larger photo
 * cannot pass for a frame; a body without a length (chunked) counts as a photo.
 */
export function isCameraFrame(c: Context): boolean {
  const declared = c.req.header("content-length");
  return declared !== undefined && /^\d+$/.test(declared) &&
    Number(declared) <= MRZ_FRAME_MAX_BODY_BYTES;
}

/**
 * Every route open to callers without a session that costs us something or can be used to guess:
 * passwords, e-mails sent, support messages, OCR work, reservation and unit codes. Routes in one
 * group share one count per address (a forgotten password and a resent confirmation both send
 * mail). Signed-in hosts reading a stay by code count as check-in reads too: the route is the same.
 * Document photos and the small frames of a camera scan count apart: a scan sends many frames.
 */
export const RATE_LIMITED_ROUTES: readonly RateLimitedRoute[] = [
  { method: "POST", path: "/api/Users/login", group: "login" },
  { method: "POST", path: "/api/Users/register", group: "register" },
  { method: "POST", path: "/api/Users/forgotPassword", group: "accountEmails" },
  { method: "POST", path: "/api/Users/resendConfirmationEmail", group: "accountEmails" },
  { method: "POST", path: "/api/Users/resetPassword", group: "resetPassword" },
  { method: "POST", path: "/api/Users/revertEmailChange", group: "resetPassword" },
  { method: "POST", path: "/api/Users/cancelDeletion", group: "resetPassword" },
  // The e-mailed "not my guest" link: a token to guess, like a reset code.
  { method: "POST", path: "/api/Guests/notMine", group: "resetPassword" },
  { method: "POST", path: "/api/Reservations/approveGuests", group: "resetPassword" },
  { method: "POST", path: "/api/Reservations/approveGuests/preview", group: "resetPassword" },
  { method: "POST", path: "/api/Reservations/approveGuests/decline", group: "resetPassword" },
  // The e-mailed "confirm or decline" link of a walk-in's stay request.
  { method: "POST", path: "/api/StayRequests/answer", group: "resetPassword" },
  { method: "POST", path: "/api/Support/contact-form", group: "contact" },
  // Signed-in hosts' feedback mails support too: it shares the contact form's count.
  { method: "POST", path: "/api/Support/feedback", group: "contact" },
  {
    method: "POST",
    path: "/api/Reservations/Guests/MRZ",
    group: "mrz",
    applies: (c) => !isCameraFrame(c),
  },
  {
    method: "POST",
    path: "/api/Reservations/Guests/MRZ",
    group: "mrzFrames",
    applies: isCameraFrame,
  },
  { method: "POST", path: "/api/Reservations/Guests", group: "checkinWrites" },
  // A walk-in's stay request (issue 20) writes like a check-in; its page polls like one.
  { method: "POST", path: "/api/StayRequests", group: "checkinWrites" },
  { method: "GET", path: "/api/StayRequests/Status", group: "checkinReads" },
  {
    method: "GET",
    path: "/api/Reservations/Current/:accommodationUnitCode",
    group: "checkinReads",
  },
  { method: "GET", path: "/api/Reservations/:code/BorderCrossings", group: "checkinReads" },
  { method: "GET", path: "/api/Reservations/:code/Settlements", group: "checkinReads" },
  { method: "GET", path: "/api/Reservations/:code", group: "checkinReads" },
];
