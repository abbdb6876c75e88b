import type { RateLimitGroup } from "./rate-limit.ts";

export interface RateLimitedRoute {
  method: "GET" | "POST";
  /** A Hono path pattern, matched by the same router as the route itself. */
  path: string;
  group: RateLimitGroup;
}

/**
 * Every route open to callers without a session that costs us something or can be used to guess:
 * passwords, e-mails sent, support messages, OCR work, reservation and unit codes. Routes in one
 * group share one count per address (a forgotten password and a resent confirmation both send
 * mail). Signed-in hosts reading a stay by code count as check-in reads too: the route is the same.
 */
export const RATE_LIMITED_ROUTES: readonly RateLimitedRoute[] = [
  { method: "POST", path: "/api/Users/login", group: "login" },
  { method: "POST", path: "/api/Users/register", group: "register" },
  { method: "POST", path: "/api/Users/forgotPassword", group: "accountEmails" },
  { method: "POST", path: "/api/Users/resendConfirmationEmail", group: "accountEmails" },
  { method: "POST", path: "/api/Users/resetPassword", group: "resetPassword" },
  { method: "POST", path: "/api/Users/revertEmailChange", group: "resetPassword" },
  { method: "POST", path: "/api/Support/contact-form", group: "contact" },
  { method: "POST", path: "/api/Reservations/Guests/MRZ", group: "mrz" },
  { method: "POST", path: "/api/Reservations/Guests", group: "checkinWrites" },
  {
    method: "GET",
    path: "/api/Reservations/Current/:accommodationUnitCode",
    group: "checkinReads",
  },
  { method: "GET", path: "/api/Reservations/:code/BorderCrossings", group: "checkinReads" },
  { method: "GET", path: "/api/Reservations/:code", group: "checkinReads" },
];
