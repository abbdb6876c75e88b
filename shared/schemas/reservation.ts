import { z } from "zod";
import { ReservationKindSchema, ReservationStatusSchema } from "../enums.ts";
import { message, requiredMessage } from "../messages.ts";
import { AccommodationUnit } from "./accommodation-unit.ts";
import { DateOnly, DateTime, Id, optionalText, SelectedId, TimeOfDay } from "./fields.ts";
import { HostContact } from "./host-contact.ts";
import { WifiDetails } from "./wifi-details.ts";
import { GuestForm, PublicGuest, StayGuest } from "./guest.ts";

/** Reservation (spec section 3) as the API returns it; the code is its public identifier. */
export const Reservation = z
  .object({
    code: z.string(),
    accommodationUnitId: Id,
    accommodationUnit: AccommodationUnit.nullable(),
    startDateUTC: DateTime,
    endDateUTC: DateTime,
    /** The nights as local dates in Europe/Zagreb: [startDate, endDate), check-out day excluded. */
    startDate: DateOnly,
    endDate: DateOnly,
    status: ReservationStatusSchema,
    /** Blocks close dates but have no guests: no check-in link, no share. */
    kind: ReservationKindSchema,
    /** Came from a calendar feed: its dates belong to the platform and change only there. */
    imported: z.boolean(),
    /** Where it came from, e.g. created by hand or imported from a calendar feed. */
    type: z.string().nullable(),
    /**
     * An imported stay's new dates on its platform that the sync could not take, because its
     * guests are registered with eVisitor (which refuses a changed arrival): the host may move
     * the stay to exactly these, cancelling and registering the guests again. Null otherwise.
     */
    platformMove: z.object({ startDate: DateOnly, endDate: DateOnly }).nullable(),
    description: z.string().nullable(),
    /** How many guests the host expects, and the lead guest's name, as entered with the stay. */
    numberOfGuests: z.number().int().nullable(),
    leadGuestName: z.string().nullable(),
    /** Members without the right to documents (reception) get each as a ReceptionGuest. */
    guests: z.array(StayGuest),
  })
  .meta({ id: "Reservation" });
export type Reservation = z.infer<typeof Reservation>;

/**
 * A unit as the check-in page shows it: its name, its property's name and the times. The address,
 * the house notes (the unit's description) and the WiFi only with a check-in receipt of the stay
 * whose guests the host has approved where the property asks for that (`awaitingHost`).
 */
export const PublicAccommodationUnit = z
  .object({
    name: z.string(),
    capacity: z.number().int().nullable(),
    defaultCheckInTime: TimeOfDay.nullable(),
    defaultCheckOutTime: TimeOfDay.nullable(),
    property: z.object({ name: z.string() }),
    address: z.string().nullable(),
    description: z.string().nullable(),
    wifiDetails: WifiDetails.nullable(),
  })
  .meta({ id: "PublicAccommodationUnit" });
export type PublicAccommodationUnit = z.infer<typeof PublicAccommodationUnit>;

/**
 * A stay as the public check-in page sees it, by the stay's code or the unit's door code (issue
 * 20, which narrows spec section 3's Reservation here): the spec's field names, but only what a
 * person at the door needs. Never the unit's code; the stay's own `code` only by the stay's link
 * or with a check-in receipt (a door read without one has null: the door code is the key).
 */
export const PublicReservation = z
  .object({
    code: z.string().nullable(),
    accommodationUnit: PublicAccommodationUnit,
    startDateUTC: DateTime,
    endDateUTC: DateTime,
    startDate: DateOnly,
    endDate: DateOnly,
    status: ReservationStatusSchema,
    /** How many guests are in (the list below has them as initials). */
    guestCount: z.number().int().min(0),
    guests: z.array(PublicGuest),
    /** The host's contact for guests; null when the host gave none. */
    hostContact: HostContact.nullable(),
    /** The reader presented a valid check-in receipt of this stay. */
    receiptValid: z.boolean(),
    /**
     * The reader's receipt entered guests the host has not approved yet (automatic check-in off):
     * until the host does, no address, house notes or WiFi, and by the door no stay code either.
     */
    awaitingHost: z.boolean(),
  })
  .meta({ id: "PublicReservation" });
export type PublicReservation = z.infer<typeof PublicReservation>;

/** A check-in's answer: the stay, and the receipt that shows this device what guests may see. */
export const CheckinResult = PublicReservation.extend({
  /** Sent back on reads as the `Checkin-Receipt` header. */
  receipt: z.object({ token: z.string(), expiresAt: DateTime }),
}).meta({ id: "CheckinResult" });
export type CheckinResult = z.infer<typeof CheckinResult>;

export { CHECKIN_RECEIPT_HEADER } from "../checkin-receipt.ts";

const rangeDate = z.iso.datetime({
  error: (issue) =>
    issue.input === undefined ? message("dateRangeRequired") : message("dateInvalid"),
});

/** The most guests a stay may be entered with (a holiday home's beds are fewer). */
export const MAX_EXPECTED_GUESTS = 50;

/** The create dialog; a stay covers at least one night, so the end falls on a later day. */
export const CreateReservationRequest = z
  .object({
    accommodationUnitId: SelectedId,
    startDateUTC: rangeDate,
    endDateUTC: rangeDate,
    description: optionalText(1000),
    /** How many guests are expected (the host's own figure; the unit's beds are the cap). */
    numberOfGuests: z.number({ error: message("numberInvalid") }).int({
      error: message("numberInvalid"),
    })
      .min(1, { error: message("numberInvalid") }).max(MAX_EXPECTED_GUESTS, {
        error: message("numberInvalid"),
      }).optional(),
    leadGuestName: optionalText(200),
  })
  .refine((value) => value.endDateUTC.slice(0, 10) > value.startDateUTC.slice(0, 10), {
    path: ["endDateUTC"],
    error: message("dateRangeAtLeastOneDay"),
  })
  .meta({ id: "CreateReservationRequest" });
export type CreateReservationRequest = z.infer<typeof CreateReservationRequest>;

/**
 * A change of a stay (PUT /Reservations/{code}): the create dialog's fields, and the host's choice
 * for guests registered with eVisitor when the arrival (or the unit) moves: eVisitor does not let
 * a registration's arrival change, so they are cancelled and registered again with the new dates
 * (`reRegisterGuests: true`); without that choice such a move is refused (RegisteredArrivalLocked).
 */
export const UpdateReservationRequest = CreateReservationRequest.safeExtend({
  reRegisterGuests: z.boolean().optional(),
}).meta({ id: "UpdateReservationRequest" });
export type UpdateReservationRequest = z.infer<typeof UpdateReservationRequest>;

/**
 * Guests a check-in adds to a stay (POST /Reservations/Guests): by the stay's code (its link), or
 * by the unit's door code (`accommodationUnitCode`, the QR on the door), which admits only the stay
 * under way today, or tomorrow's from the evening before (shared/door-window.ts).
 */
export const GuestRegistration = z
  .object({
    reservationCode: z.string().trim().max(64).optional(),
    accommodationUnitCode: z.string().trim().max(64).optional(),
    reservationGuests: z
      .array(GuestForm, { error: message("checkinGuestRequired") })
      .min(1, { error: message("checkinGuestRequired") })
      .max(50),
  })
  .refine((v) => !!v.reservationCode !== !!v.accommodationUnitCode, {
    path: ["reservationCode"],
    error: requiredMessage("reservationCode"),
  })
  .meta({ id: "GuestRegistration" });
export type GuestRegistration = z.infer<typeof GuestRegistration>;

/** Photos of documents from phones run to a few MB; 8 MB of image is 11,184,812 base64 chars. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** A document photo for MRZ reading (POST /Reservations/Guests/MRZ). */
export const ImagePayload = z
  .object({
    imageBytes: z
      .base64({ error: message("invalidType") })
      .min(1, { error: message("required") })
      .max(Math.ceil(IMAGE_MAX_BYTES / 3) * 4),
  })
  .meta({ id: "ImagePayload" });
export type ImagePayload = z.infer<typeof ImagePayload>;

/** The check-in page's terms and privacy checkbox. */
export const TermsAccepted = z.literal(true, { error: message("checkinTermsRequired") });
