import { z } from "zod";
import { ReservationKindSchema, ReservationStatusSchema } from "../enums.ts";
import { MESSAGES } from "../messages.ts";
import { AccommodationUnit } from "./accommodation-unit.ts";
import { DateOnly, DateTime, Id, optionalText, requiredText, SelectedId } from "./fields.ts";
import { Guest, GuestForm, PublicGuest } from "./guest.ts";

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
    description: z.string().nullable(),
    guests: z.array(Guest),
  })
  .meta({ id: "Reservation" });
export type Reservation = z.infer<typeof Reservation>;

/** A reservation as the public check-in page sees it (by reservation code or unit QR code). */
export const PublicReservation = Reservation.extend({
  /** Without the unit's code: it opens the unit's check-in page for every later stay too. */
  accommodationUnit: AccommodationUnit.omit({ code: true })
    .meta({ id: "PublicAccommodationUnit" }).nullable(),
  guests: z.array(PublicGuest),
}).meta({ id: "PublicReservation" });
export type PublicReservation = z.infer<typeof PublicReservation>;

const rangeDate = z.iso.datetime({
  error: (issue) => issue.input === undefined ? MESSAGES.dateRangeRequired : MESSAGES.dateInvalid,
});

/** The create dialog; a stay covers at least one night, so the end falls on a later day. */
export const CreateReservationRequest = z
  .object({
    accommodationUnitId: SelectedId,
    startDateUTC: rangeDate,
    endDateUTC: rangeDate,
    description: optionalText(1000),
  })
  .refine((value) => value.endDateUTC.slice(0, 10) > value.startDateUTC.slice(0, 10), {
    path: ["endDateUTC"],
    error: MESSAGES.dateRangeAtLeastOneDay,
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

/** Guests a check-in adds to a reservation (POST /Reservations/Guests). */
export const GuestRegistration = z
  .object({
    reservationCode: requiredText("Reservation code", 64),
    reservationGuests: z
      .array(GuestForm, { error: MESSAGES.checkinGuestRequired })
      .min(1, { error: MESSAGES.checkinGuestRequired })
      .max(50),
  })
  .meta({ id: "GuestRegistration" });
export type GuestRegistration = z.infer<typeof GuestRegistration>;

/** Photos of documents from phones run to a few MB; 8 MB of image is 11,184,812 base64 chars. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** A document photo for MRZ reading (POST /Reservations/Guests/MRZ). */
export const ImagePayload = z
  .object({
    imageBytes: z
      .base64({ error: MESSAGES.invalidType })
      .min(1, { error: MESSAGES.required })
      .max(Math.ceil(IMAGE_MAX_BYTES / 3) * 4),
  })
  .meta({ id: "ImagePayload" });
export type ImagePayload = z.infer<typeof ImagePayload>;

/** The check-in page's terms and privacy checkbox. */
export const TermsAccepted = z.literal(true, { error: MESSAGES.checkinTermsRequired });
