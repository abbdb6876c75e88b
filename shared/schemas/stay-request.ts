import { z } from "zod";
import { message } from "../messages.ts";
import { DateOnly, DateTime, Id } from "./fields.ts";
import { HostContact } from "./host-contact.ts";

export {
  STAY_REQUEST_HOURS,
  STAY_REQUEST_MAX_NIGHTS,
  STAY_REQUEST_MAX_PENDING,
  STAY_REQUEST_TOKEN_HEADER,
} from "../stay-request-limits.ts";

/** POST /StayRequests: a guest at a door with no stay today asks for one. */
export const StayRequestCreate = z
  .object({
    accommodationUnitCode: z.string().min(1).max(64),
    /** The departure day (the stay starts today, Zagreb). */
    endDate: DateOnly,
    guestCount: z.number({ error: message("numberRequired") })
      .int({ error: message("numberWhole") })
      .min(1, { error: message("numberMin", { min: 1 }) })
      .max(50, { error: message("numberMax", { max: 50 }) }),
    // A name for the host, not a message: no links or addresses (the host gets it by e-mail).
    name: z.string().trim().max(100, {
      error: message("lengthMax", { max: 100 }),
    }).refine((v) => !/https?:|www\.|\/\/|@|<|>/i.test(v), { error: message("spamDetected") })
      .optional(),
    phone: z.string().trim().max(30, { error: message("lengthMax", { max: 30 }) })
      .refine((v) => /^\+?[0-9 ()/-]*$/.test(v), { error: message("numberInvalid") })
      .optional(),
  })
  .meta({ id: "StayRequestCreate" });
export type StayRequestCreate = z.infer<typeof StayRequestCreate>;

export const StayRequestState = z.enum(["Pending", "Confirmed", "Declined", "Expired"]);
export type StayRequestState = z.infer<typeof StayRequestState>;

/** What the requesting device reads (GET /StayRequests/Status with its token). */
export const StayRequestStatus = z
  .object({
    state: StayRequestState,
    startDate: DateOnly,
    endDate: DateOnly,
    guestCount: z.number().int(),
    expiresAt: DateTime,
    hostContact: HostContact.nullable(),
  })
  .meta({ id: "StayRequestStatus" });
export type StayRequestStatus = z.infer<typeof StayRequestStatus>;

/** The answer to a new request: its status and the token only this device holds. */
export const StayRequestCreated = StayRequestStatus.extend({
  token: z.string().meta({ description: "Send as the Stay-Request-Token header to read it" }),
}).meta({ id: "StayRequestCreated" });
export type StayRequestCreated = z.infer<typeof StayRequestCreated>;

/** A waiting request as its host (or a member with the stays right) sees it. */
export const StayRequest = z
  .object({
    id: Id,
    state: StayRequestState,
    accommodationUnit: z.object({ id: Id, name: z.string() }),
    property: z.object({ id: Id, name: z.string() }),
    startDate: DateOnly,
    endDate: DateOnly,
    guestCount: z.number().int(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    created: DateTime,
    expiresAt: DateTime,
    /** The stay made by confirming it. */
    reservationCode: z.string().nullable(),
  })
  .meta({ id: "StayRequest" });
export type StayRequest = z.infer<typeof StayRequest>;

export const StayRequestDecision = z.enum(["confirm", "decline"]);
export type StayRequestDecision = z.infer<typeof StayRequestDecision>;

/** POST /StayRequests/answer: the e-mailed single-use link's token and the host's answer. */
export const StayRequestLinkAnswer = z
  .object({ token: z.string().min(1).max(100), decision: StayRequestDecision })
  .meta({ id: "StayRequestLinkAnswer" });
