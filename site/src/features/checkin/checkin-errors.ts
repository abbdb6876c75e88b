import { ApiError } from "../../lib/api/api-error.ts";
import { GUEST_FIELDS, type GuestErrors, type GuestField } from "./guest-draft.ts";

/** Why the stay could not be shown (spec section 4, reservation load outcomes). */
export type LoadFailure =
  | "unknownCode"
  | "notFound"
  | "noStayToday"
  | "forbidden"
  | "server"
  | "offline"
  | "generic";

export function loadFailureOf(error: unknown, byUnit: boolean): LoadFailure {
  if (!(error instanceof ApiError)) return "generic";
  if (error.kind === "offline") return "offline";
  if (error.kind === "timeout") return "server";
  // A mistyped or renewed code, apart from a unit with no stay admitted now (issue 20).
  if (error.code === "UnknownCode") return "unknownCode";
  if (error.code === "NoStayToday") return "noStayToday";
  if (error.status === 404) return byUnit ? "noStayToday" : "notFound";
  if (error.status === 401 || error.status === 403) return "forbidden";
  if (error.status >= 500) return "server";
  return "generic";
}

/** Why a check-in was not taken (spec section 8: each with retry). */
export type CheckinFailure =
  | "invalidData"
  | "badRequest"
  | "tooManyGuests"
  | "conflict"
  | "closed"
  | "notFound"
  | "server"
  | "offline"
  | "generic";

export function checkinFailureOf(error: unknown): CheckinFailure {
  if (!(error instanceof ApiError)) return "generic";
  if (error.kind === "offline") return "offline";
  if (error.kind === "timeout") return "server";
  switch (error.code) {
    case "ValidationFailed":
      return "invalidData";
    case "TooManyGuests":
      return "tooManyGuests";
    case "GuestAlreadyCheckedIn":
      return "conflict";
    case "CheckInClosed":
      return "closed";
    case "UnknownCode":
    case "NoStayToday":
      return "notFound";
  }
  if (error.status === 400) return "badRequest";
  if (error.status === 404) return "notFound";
  if (error.status === 409) return "conflict";
  if (error.status >= 500) return "server";
  return "generic";
}

/**
 * The field errors of a 400 answer, per guest of the request: `reservationGuests.1.cityOfBirth`
 * is the second guest's city of birth. Messages stay in English for the page to translate.
 */
export function guestErrorsOf(error: unknown, count: number): GuestErrors[] {
  const perGuest: GuestErrors[] = Array.from({ length: count }, () => ({}));
  if (!(error instanceof ApiError)) return perGuest;
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    const match = /^reservationGuests\.(\d+)\.(\w+)/.exec(path);
    if (!match) continue;
    const index = Number(match[1]);
    const field = match[2] as GuestField;
    if (index < count && GUEST_FIELDS.includes(field) && !perGuest[index][field]) {
      perGuest[index][field] = messages[0];
    }
  }
  return perGuest;
}
