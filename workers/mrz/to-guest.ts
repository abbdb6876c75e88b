import { DocumentType, Gender } from "@shared/enums.ts";
import {
  MRZ_GUEST_READ_FIELDS,
  type MrzGuest,
  type MrzGuestReadField,
} from "@shared/schemas/mrz-guest.ts";
import { type DocumentFormat, isVisa } from "./mrz-format.ts";
import type { MrzFields } from "./parse-mrz.ts";

/** MRZ nationality codes that differ from ISO 3166-1 alpha-3 (ICAO 9303 part 3). */
const ISO_OF_MRZ: Record<string, string> = {
  D: "DEU",
  GBD: "GBR",
  GBN: "GBR",
  GBO: "GBR",
  GBP: "GBR",
  GBS: "GBR",
};
/** MRZ codes that name no country: no citizenship can be filled in from them. */
const NOT_COUNTRIES = new Set([
  "XXA", // stateless
  "XXB", // refugee (1951 convention)
  "XXC", // refugee (other)
  "XXX", // unspecified nationality
  "UNO",
  "UNA",
  "UNK",
  "EUE",
  "XOM",
  "XPO",
  "XCC",
  "XES",
  "XIM",
  "XDC",
  "XBS",
  "UTO", // Utopia, the state of ICAO 9303's specimen documents
]);

export function citizenshipOf(nationality: string): string | null {
  if (NOT_COUNTRIES.has(nationality)) return null;
  const code = ISO_OF_MRZ[nationality] ?? nationality;
  return /^[A-Z]{3}$/.test(code) ? code : null;
}

/** P = passport, V = visa; I, A, C (identity cards, residence permits, crew cards) are cards. */
export function documentTypeOf(documentType: string): DocumentType {
  if (documentType.startsWith("P")) return DocumentType.Passport;
  if (documentType.startsWith("V")) return DocumentType.Visa;
  return DocumentType.IdentityCard;
}

export function genderOf(sex: MrzFields["sex"]): Gender {
  if (sex === "M") return Gender.Male;
  if (sex === "F") return Gender.Female;
  return Gender.Unspecified;
}

/** "VAN DER BERG" → "Van Der Berg": how a person would type it; the guest can correct it. */
export function nameCase(mrzName: string): string {
  return mrzName.toLowerCase().replace(/(^|[\s])\p{L}/gu, (c) => c.toUpperCase());
}

/**
 * The answer's field each MRZ field fills in; null where it feeds nothing in the answer (the
 * issuing state and the optional data are not guest fields).
 */
const GUEST_FIELD_OF: Record<keyof MrzFields, MrzGuestReadField | null> = {
  givenNames: "name",
  surname: "surname",
  sex: "gender",
  dateOfBirth: "dateOfBirth",
  nationality: "citizenship",
  documentCode: "documentType",
  documentType: "documentType",
  documentNumber: "documentNumber",
  expiryDate: "documentExpiryDate",
  issuingState: null,
  optionalData: null,
  optionalData2: null,
};

/** A visa's own fields, never offered as the guest's document. */
const VISA_ONLY = new Set<keyof MrzFields>([
  "documentCode",
  "documentType",
  "documentNumber",
  "expiryDate",
]);

/** The answer's fields the reader is not sure of, each once, in the answer's order. */
export function uncertainGuestFields(uncertain: readonly (keyof MrzFields)[]): MrzGuestReadField[] {
  const named = new Set(uncertain.map((field) => GUEST_FIELD_OF[field]));
  return MRZ_GUEST_READ_FIELDS.filter((field) => named.has(field));
}

export function toGuest(
  format: DocumentFormat,
  fields: MrzFields,
  uncertain: readonly (keyof MrzFields)[],
): MrzGuest {
  if (isVisa(format)) {
    // The holder's fields only: a visa is not the identity document the guest registers with.
    const holder = uncertain.filter((field) => !VISA_ONLY.has(field));
    return {
      ...toGuest("TD3", fields, holder),
      documentType: null,
      documentNumber: null,
      documentExpiryDate: null,
      mrzFormat: format,
    };
  }
  return {
    name: nameCase(fields.givenNames),
    middleName: null,
    surname: nameCase(fields.surname),
    gender: genderOf(fields.sex),
    dateOfBirth: fields.dateOfBirth,
    citizenship: citizenshipOf(fields.nationality),
    documentType: documentTypeOf(fields.documentType),
    documentNumber: fields.documentNumber,
    // The old French identity card's zone has no expiry date.
    documentExpiryDate: fields.expiryDate || null,
    mrzFormat: format,
    uncertainFields: uncertainGuestFields(uncertain),
  };
}
