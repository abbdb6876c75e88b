import { z } from "zod";
import {
  DocumentType,
  DocumentTypeSchema,
  Gender,
  GenderSchema,
  GuestStatusSchema,
} from "../enums.ts";
import { MESSAGES } from "../messages.ts";
import {
  CountryCode,
  DateOnly,
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
function requiredChoice<T extends Record<string, number>>(values: T, field: string) {
  return z.enum(values, {
    error: (issue) => issue.input === undefined ? requiredMessage(field) : MESSAGES.invalidType,
  });
}

/**
 * The guest form (check-in page, host's guest dialog, POST /Reservations/Guests). Required fields
 * are those of spec section 5; lengths follow the tourist system's limits (names 64, document 16).
 * The form says `firstName` where the stored guest says `name`.
 */
export const GuestForm = z
  .object({
    firstName: requiredText("First name", 64),
    middleName: optionalText(64),
    surname: requiredText("Surname", 64),
    gender: requiredChoice(Gender, "Gender"),
    dateOfBirth: pastDate("Date of birth"),
    citizenship: requiredCountry("Citizenship"),
    countryOfBirth: requiredCountry("Country of birth"),
    cityOfBirth: optionalText(100),
    countryOfResidence: requiredCountry("Country of residence"),
    cityOfResidence: requiredText("City of residence", 100),
    residenceAddress: optionalText(200),
    documentType: requiredChoice(DocumentType, "Document type"),
    documentNumber: requiredText("Document number", 16),
    email: OptionalEmail,
    telephone: OptionalPhone,
  })
  .meta({ id: "GuestForm" });
export type GuestForm = z.infer<typeof GuestForm>;
export type GuestFormInput = z.input<typeof GuestForm>;

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
    dateOfBirth: DateOnly,
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
  })
  .meta({ id: "Guest" });
export type Guest = z.infer<typeof Guest>;
