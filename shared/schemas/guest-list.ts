import { z } from "zod";
import { GuestStatusSchema, RegistrationStateSchema } from "../enums.ts";
import { DateTime, Id, requiredText } from "./fields.ts";
import { GuestApprovalStateSchema, GuestForm, RegistrationFailureSchema } from "./guest.ts";
import { TaxCategoryChoice } from "./tax-category.ts";

/**
 * A row of the host's guest list (GET /Guests): the tourist record of spec section 3
 * (externalId = the guest's registration guid) with where the guest and the registration stand.
 */
export const GuestListItem = z
  .object({
    id: Id,
    externalId: z.string(),
    surnameAndName: z.string(),
    dateTimeOfArrival: DateTime,
    dateTimeOfDeparture: DateTime,
    checkedOutTourist: z.boolean(),
    status: GuestStatusSchema,
    registrationState: RegistrationStateSchema,
    registrationError: z.string().nullable(),
    /** Why registering (or checking out) failed, as a code; present only when it did. */
    registrationFailure: RegistrationFailureSchema.optional(),
    /** When a registration eVisitor did not answer is sent again by itself; null if not planned. */
    registrationRetryAt: DateTime.nullable().optional(),
    nextDeadline: DateTime.nullable(),
    reservationCode: z.string(),
    accommodationUnitName: z.string(),
    /**
     * The guest came in alone and waits for the host's approval (automatic check-in off):
     * "waiting", or "declined" once the host said "not my guest" on the e-mailed page (kept,
     * unregistered, to delete or approve); null when nothing waits (issue 32).
     */
    approval: GuestApprovalStateSchema.nullable().optional(),
    /** When the guest's personal data was removed after the retention period (name empty). */
    anonymisedAt: DateTime.nullable().optional(),
    /** The host asked to cancel the registration and eVisitor has not answered yet. */
    cancelRequestedAt: DateTime.nullable().optional(),
    /** The host asked to undo the check-out and eVisitor has not answered yet. */
    undoCheckOutRequestedAt: DateTime.nullable().optional(),
  })
  .meta({ id: "GuestListItem" });
export type GuestListItem = z.infer<typeof GuestListItem>;

/**
 * POST /Guests/checkin, one entry: the host adds a guest to a stay (no `id`) or fixes one (`id`),
 * and either way the guest is registered with eVisitor (a registered guest's registration is
 * edited under the same id).
 */
export const HostGuestCheckIn = z
  .object({
    id: Id.optional(),
    reservationCode: requiredText("reservationCode", 64),
    guest: GuestForm,
    /** The tourist-tax category the host chose (tax-category.ts); null: by age. */
    taxCategory: TaxCategoryChoice,
  })
  .meta({ id: "HostGuestCheckIn" });
export type HostGuestCheckIn = z.infer<typeof HostGuestCheckIn>;

export const HostGuestCheckInList = z.array(HostGuestCheckIn).min(1).max(50);

/** POST /Guests/checkout: the guests (by id) to check out of eVisitor. */
export const GuestCheckOutList = z
  .array(z.object({ id: Id }))
  .min(1)
  .max(50)
  .meta({ id: "GuestCheckOutList" });
export type GuestCheckOutList = z.infer<typeof GuestCheckOutList>;

/**
 * POST /Guests/sendAgain: the guests (by id) to send to eVisitor again, as stored; a guest held
 * because no category fits its age by itself goes with the host's choice (`taxCategory`).
 */
export const GuestSendAgainList = z
  .array(z.object({ id: Id, taxCategory: TaxCategoryChoice }))
  .min(1)
  .max(50)
  .meta({ id: "GuestSendAgainList" });
export type GuestSendAgainList = z.infer<typeof GuestSendAgainList>;

/**
 * POST /Guests/cancel: the guests (by id) whose eVisitor registrations are cancelled
 * (Htz/CancelTouristCheckIn), and the reason the host gives, sent to eVisitor with each.
 */
export const GuestCancellation = z
  .object({
    guests: z.array(z.object({ id: Id })).min(1).max(50),
    reason: requiredText("reason", 250),
  })
  .meta({ id: "GuestCancellation" });
export type GuestCancellation = z.infer<typeof GuestCancellation>;

/** POST /Guests/undoCheckout: the guests (by id) whose check-out was a mistake. */
export const GuestUndoCheckOutList = z
  .array(z.object({ id: Id }))
  .min(1)
  .max(50)
  .meta({ id: "GuestUndoCheckOutList" });
export type GuestUndoCheckOutList = z.infer<typeof GuestUndoCheckOutList>;
