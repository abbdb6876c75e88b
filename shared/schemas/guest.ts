import { z } from "zod";
import {
  DocumentType,
  DocumentTypeSchema,
  Gender,
  GenderSchema,
  GuestStatusSchema,
  RegistrationStateSchema,
} from "../enums.ts";
import { type FieldName, message } from "../messages.ts";
import { REGISTRATION_FAILURES } from "../registration-failures.ts";
import { needsBorderCrossing } from "../eu-countries.ts";
import { todayInStayZone } from "../time-zone.ts";
import {
  CountryCode,
  DateOnly,
  DateTime,
  Id,
  OptionalEmail,
  OptionalPhone,
  optionalText,
  pastDate,
  requiredCountry,
  requiredMessage,
  requiredText,
} from "./fields.ts";

/** A select that must be chosen; a value outside the list is a wrong choice, not a missing one. */
function requiredChoice<T extends Record<string, number>>(values: T, field: FieldName) {
  return z.enum(values, {
    error: (issue) => issue.input === undefined ? requiredMessage(field) : message("invalidType"),
  });
}

/**
 * The guest form (check-in page, host's guest dialog, POST /Reservations/Guests). Required fields
 * are those of spec section 5; lengths follow the tourist system's limits (names 64, document 16).
 * The form says `firstName` where the stored guest says `name`.
 */
export const GuestForm = z
  .object({
    firstName: requiredText("firstName", 64),
    middleName: optionalText(64),
    surname: requiredText("surname", 64),
    gender: requiredChoice(Gender, "gender"),
    dateOfBirth: pastDate("dateOfBirth"),
    citizenship: requiredCountry("citizenship"),
    countryOfBirth: requiredCountry("countryOfBirth"),
    /** eVisitor refuses a guest without it ("Grad rođenja nije zadan"), so the form asks. */
    cityOfBirth: requiredText("cityOfBirth", 100),
    countryOfResidence: requiredCountry("countryOfResidence"),
    cityOfResidence: requiredText("cityOfResidence", 100),
    residenceAddress: optionalText(200),
    documentType: requiredChoice(DocumentType, "documentType"),
    documentNumber: requiredText("documentNumber", 16),
    email: OptionalEmail,
    telephone: OptionalPhone,
    /** Only for guests living outside the EU: where and when they entered (eVisitor codes). */
    borderCrossing: optionalText(20),
    passageDate: z.iso.date({ error: message("dateInvalid") }).optional().or(z.literal("")),
  })
  .superRefine((guest, ctx) => {
    if (!needsBorderCrossing(guest.countryOfResidence)) return;
    if (!guest.borderCrossing) {
      ctx.addIssue({
        code: "custom",
        path: ["borderCrossing"],
        message: requiredMessage("borderCrossing"),
      });
    }
    if (!guest.passageDate) {
      ctx.addIssue({
        code: "custom",
        path: ["passageDate"],
        message: requiredMessage("dateOfEntry"),
      });
    } else if (guest.passageDate > todayInStayZone()) {
      ctx.addIssue({ code: "custom", path: ["passageDate"], message: message("datePast") });
    }
  })
  .meta({ id: "GuestForm" });
export type GuestForm = z.infer<typeof GuestForm>;
export type GuestFormInput = z.input<typeof GuestForm>;

/**
 * Why a guest's registration failed (shared/registration-failures.ts); the detail is eVisitor's
 * own message ("evisitor-refused") or the code it does not offer.
 */
export const RegistrationFailureSchema = z
  .object({ code: z.enum(REGISTRATION_FAILURES), detail: z.string().nullable() })
  .meta({ id: "RegistrationFailure" });

/**
 * A guest who came in alone (the stay's link or the door) while the property does not check guests
 * in automatically, and whom the host has not approved (issue 32): "waiting" for the approval, or
 * "declined" after the host said "not my guest" on the e-mailed approval page: not registered,
 * kept in the stay for the host to delete or approve after all.
 */
export const GuestApprovalStateSchema = z.enum(["waiting", "declined"]);
export type GuestApprovalState = z.infer<typeof GuestApprovalStateSchema>;

/** Guest (spec section 3) as the API returns it. */
export const Guest = z
  .object({
    id: Id,
    /** The registration id at the tourist system (a GUID we generate before registering). */
    guid: z.string(),
    name: z.string(),
    middleName: z.string().nullable(),
    surname: z.string(),
    gender: GenderSchema,
    /** Empty once the guest's personal data was removed (see `anonymisedAt`). */
    dateOfBirth: DateOnly.or(z.literal("")),
    citizenship: CountryCode,
    countryOfBirth: CountryCode,
    cityOfBirth: z.string().nullable(),
    countryOfResidence: CountryCode,
    cityOfResidence: z.string(),
    residenceAddress: z.string().nullable(),
    documentType: DocumentTypeSchema,
    documentNumber: z.string(),
    email: z.string().nullable(),
    telephone: z.string().nullable(),
    status: GuestStatusSchema,
    borderCrossing: z.string().nullable().optional(),
    passageDate: DateOnly.nullable().optional(),
    /**
     * The tourist-tax category the host chose (an eVisitor code offered for the property); null:
     * eVisitor's category is chosen by the guest's age.
     */
    taxCategory: z.string().nullable().optional(),
    /** Where registering with eVisitor stands: waiting, queued, registered or failed. */
    registrationState: RegistrationStateSchema.optional(),
    /** eVisitor's own message when it refused the guest, else why registering failed (English). */
    registrationError: z.string().nullable().optional(),
    /** Why registering (or checking out) failed, as a code; present only when it did. */
    registrationFailure: RegistrationFailureSchema.optional(),
    /**
     * When a registration eVisitor did not answer is sent again by itself; null when none is
     * planned (the host's "send again" is then the way).
     */
    registrationRetryAt: DateTime.nullable().optional(),
    /**
     * The next legal deadline for this guest: registration within 24 h of arrival while not
     * registered, check-out within 24 h of departure while checked in; null once checked out.
     */
    nextDeadline: DateTime.nullable().optional(),
    /**
     * When the guest's personal data was removed, GUEST_DATA_RETENTION_DAYS after the stay's
     * check-out: names, birth date, cities, address, document number, contact and border crossing
     * are then empty; status, dates, gender, countries and document type remain. Null until then.
     */
    anonymisedAt: DateTime.nullable().optional(),
    /** The host asked to cancel the registration and eVisitor has not answered yet. */
    cancelRequestedAt: DateTime.nullable().optional(),
    /** The host asked to undo the check-out and eVisitor has not answered yet. */
    undoCheckOutRequestedAt: DateTime.nullable().optional(),
    /** Waiting for the host's approval, or declined by them (see GuestApprovalState); null: not. */
    approval: GuestApprovalStateSchema.nullable().optional(),
  })
  .meta({ id: "Guest" });
export type Guest = z.infer<typeof Guest>;

/**
 * A guest as reception sees it (issue 30, N5; shared/property-rights.ts: reception has no right to
 * documents): the names and where the check-in and the registration stand, nothing of the person
 * beyond that: no gender, birth date or place, citizenship, residence, address, document, e-mail,
 * telephone, border crossing or tax category. Stays and the guests' check-in answer give members
 * without the right to documents this instead of `Guest`.
 */
export const ReceptionGuest = Guest.pick({
  id: true,
  guid: true,
  name: true,
  middleName: true,
  surname: true,
  status: true,
  registrationState: true,
  registrationError: true,
  registrationFailure: true,
  registrationRetryAt: true,
  nextDeadline: true,
  anonymisedAt: true,
  cancelRequestedAt: true,
  undoCheckOutRequestedAt: true,
  approval: true,
}).meta({ id: "ReceptionGuest" });
export type ReceptionGuest = z.infer<typeof ReceptionGuest>;

/** A guest of a stay's answer: in full with the right to documents, else as reception sees it. */
export const StayGuest = z.union([Guest, ReceptionGuest]);
export type StayGuest = z.infer<typeof StayGuest>;

/** Whether a stay's guest came with the personal data (the caller has the right to documents). */
export function isFullGuest(guest: StayGuest): guest is Guest {
  return "documentType" in guest;
}

/**
 * A guest as the check-in page sees them (issue 20): initials ("I. B.") and where the registration
 * stands; the full name only to the device whose check-in receipt entered the guest, and never a
 * document, a birth date or an address.
 */
export const PublicGuest = z
  .object({
    id: Id,
    /** "I. B.": the first letters of the name and the surname. */
    initials: z.string(),
    /** Only for guests the reader's check-in receipt entered; null for everybody else. */
    name: z.string().nullable(),
    surname: z.string().nullable(),
    status: GuestStatusSchema,
    registrationState: RegistrationStateSchema,
    registrationError: z.string().nullable(),
    /** eVisitor did not answer: the registration is sent again by itself at this time. */
    registrationRetryAt: DateTime.nullable().optional(),
    /** Held until the host approves it: the property does not check guests in automatically. */
    awaitingHost: z.boolean().optional(),
  })
  .meta({ id: "PublicGuest" });
export type PublicGuest = z.infer<typeof PublicGuest>;
