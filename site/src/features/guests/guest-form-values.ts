import { needsBorderCrossing } from "@shared/eu-countries.ts";
import type { Guest, GuestFormInput } from "@shared/schemas/guest.ts";

/** The guest form's fields in form order (the first with an error takes the focus). */
export const GUEST_FIELDS = [
  "reservationCode",
  "firstName",
  "middleName",
  "surname",
  "gender",
  "dateOfBirth",
  "citizenship",
  "countryOfBirth",
  "cityOfBirth",
  "countryOfResidence",
  "cityOfResidence",
  "residenceAddress",
  "documentType",
  "documentNumber",
  "taxCategory",
  "borderCrossing",
  "passageDate",
  "email",
  "telephone",
] as const;
export type GuestField = (typeof GUEST_FIELDS)[number];

/** What the inputs hold: text everywhere, "" for nothing chosen. */
export type GuestFormValues = Record<Exclude<GuestField, "reservationCode">, string>;

export const EMPTY_GUEST: GuestFormValues = {
  firstName: "",
  middleName: "",
  surname: "",
  gender: "",
  dateOfBirth: "",
  citizenship: "",
  countryOfBirth: "",
  cityOfBirth: "",
  countryOfResidence: "",
  cityOfResidence: "",
  residenceAddress: "",
  documentType: "",
  documentNumber: "",
  taxCategory: "",
  borderCrossing: "",
  passageDate: "",
  email: "",
  telephone: "",
};

/** A stored guest in the form (the form says `firstName` where the guest says `name`). */
export function valuesOfGuest(guest: Guest): GuestFormValues {
  return {
    firstName: guest.name,
    middleName: guest.middleName ?? "",
    surname: guest.surname,
    gender: String(guest.gender),
    dateOfBirth: guest.dateOfBirth,
    citizenship: guest.citizenship,
    countryOfBirth: guest.countryOfBirth,
    cityOfBirth: guest.cityOfBirth ?? "",
    countryOfResidence: guest.countryOfResidence,
    cityOfResidence: guest.cityOfResidence,
    residenceAddress: guest.residenceAddress ?? "",
    documentType: String(guest.documentType),
    documentNumber: guest.documentNumber,
    taxCategory: guest.taxCategory ?? "",
    borderCrossing: guest.borderCrossing ?? "",
    passageDate: guest.passageDate ?? "",
    email: guest.email ?? "",
    telephone: guest.telephone ?? "",
  };
}

const choice = (value: string) => value === "" ? undefined : Number(value);
const optional = (value: string) => value.trim() === "" ? undefined : value;

/**
 * What GuestForm parses: numbers for the two selects, optional texts left out when empty, and the
 * border crossing and date of entry only for guests living outside the EU (spec'd by eVisitor).
 */
export function guestFormInput(values: GuestFormValues): GuestFormInput {
  const outsideEu = needsBorderCrossing(values.countryOfResidence);
  return {
    firstName: values.firstName,
    middleName: optional(values.middleName),
    surname: values.surname,
    gender: choice(values.gender) as GuestFormInput["gender"],
    dateOfBirth: values.dateOfBirth,
    citizenship: values.citizenship,
    countryOfBirth: values.countryOfBirth,
    cityOfBirth: values.cityOfBirth,
    countryOfResidence: values.countryOfResidence,
    cityOfResidence: values.cityOfResidence,
    residenceAddress: optional(values.residenceAddress),
    documentType: choice(values.documentType) as GuestFormInput["documentType"],
    documentNumber: values.documentNumber,
    email: values.email.trim(),
    telephone: optional(values.telephone),
    borderCrossing: outsideEu ? values.borderCrossing : undefined,
    passageDate: outsideEu ? values.passageDate : undefined,
  };
}
