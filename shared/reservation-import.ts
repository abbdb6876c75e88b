import { message } from "./messages.ts";

/**
 * Bulk import of stays (issue 22): the file's columns in Croatian and English, as the template
 * names them and the reader recognises them (either language, any letter case), and the limits.
 */

/** At most this many stays (data rows) in one file. */
export const IMPORT_MAX_ROWS = 5000;
/** At most this many bytes of file. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/**
 * At most this many bytes of an XLSX file's parts once unpacked (the workbook, its shared strings
 * and styles, and the first sheet): the template with 5,000 filled rows is about 6 MB, so a file
 * over this is not a list of stays but work for the server (a "zip bomb" unpacks a few kilobytes
 * into gigabytes).
 */
export const IMPORT_MAX_UNPACKED_BYTES = 24 * 1024 * 1024;
/** At most this many parts in an XLSX file (a workbook saved by Excel has about a dozen). */
export const IMPORT_MAX_ZIP_ENTRIES = 1000;
/** Cells past this column are not read (the template has 19 columns). */
export const IMPORT_MAX_COLUMNS = 256;

/** The stay's columns; a row with any of them filled is a stay. */
export const IMPORT_STAY_COLUMNS = [
  "unit",
  "arrival",
  "departure",
  "guests",
  "leadGuest",
  "notes",
] as const;

/**
 * The optional guest's columns, named as the guest form names its fields. A stay's row may carry
 * its first guest; each row below it with the stay's columns empty adds another guest to it.
 */
export const IMPORT_GUEST_COLUMNS = [
  "firstName",
  "surname",
  "gender",
  "dateOfBirth",
  "citizenship",
  "countryOfBirth",
  "cityOfBirth",
  "countryOfResidence",
  "cityOfResidence",
  "documentType",
  "documentNumber",
  "borderCrossing",
  "passageDate",
] as const;
export type ImportGuestColumn = (typeof IMPORT_GUEST_COLUMNS)[number];

export const IMPORT_COLUMNS = [...IMPORT_STAY_COLUMNS, ...IMPORT_GUEST_COLUMNS] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** The header of each column in the template, per language. */
export const IMPORT_HEADERS: Record<"hr" | "en", Record<ImportColumn, string>> = {
  hr: {
    unit: "Jedinica",
    arrival: "Dolazak",
    departure: "Odlazak",
    guests: "Broj gostiju",
    leadGuest: "Nositelj rezervacije",
    notes: "Napomena",
    firstName: "Ime",
    surname: "Prezime",
    gender: "Spol",
    dateOfBirth: "Datum rođenja",
    citizenship: "Državljanstvo",
    countryOfBirth: "Država rođenja",
    cityOfBirth: "Mjesto rođenja",
    countryOfResidence: "Država prebivališta",
    cityOfResidence: "Mjesto prebivališta",
    documentType: "Vrsta isprave",
    documentNumber: "Broj isprave",
    borderCrossing: "Granični prijelaz",
    passageDate: "Datum ulaska u RH",
  },
  en: {
    unit: "Unit",
    arrival: "Arrival",
    departure: "Departure",
    guests: "Guests",
    leadGuest: "Lead guest",
    notes: "Notes",
    firstName: "First name",
    surname: "Surname",
    gender: "Gender",
    dateOfBirth: "Date of birth",
    citizenship: "Citizenship",
    countryOfBirth: "Country of birth",
    cityOfBirth: "City of birth",
    countryOfResidence: "Country of residence",
    cityOfResidence: "City of residence",
    documentType: "Document type",
    documentNumber: "Document number",
    borderCrossing: "Border crossing",
    passageDate: "Date of entry to Croatia",
  },
};

/**
 * The words a gender or document type cell may hold, lower case, in either language; the
 * template's example uses the first of each.
 */
export const IMPORT_GENDER_WORDS: Record<"Male" | "Female", readonly string[]> = {
  Male: ["m", "muški", "muško", "male", "man"],
  Female: ["ž", "ženski", "žensko", "f", "female", "woman", "z", "zenski"],
};
export const IMPORT_DOCUMENT_WORDS: Record<
  "IdentityCard" | "Passport" | "Visa" | "DriversLicence" | "SocialSecurityCard",
  readonly string[]
> = {
  Passport: ["putovnica", "passport"],
  IdentityCard: ["osobna iskaznica", "osobna", "identity card", "id card", "id"],
  Visa: ["viza", "visa"],
  DriversLicence: ["vozačka dozvola", "vozačka", "driving licence", "driver's licence"],
  SocialSecurityCard: ["iskaznica zdravstvenog osiguranja", "social security card"],
};

/** The column a header names, in either language; undefined for a column we do not read. */
export function importColumnOf(header: string): ImportColumn | undefined {
  const wanted = header.trim().toLowerCase();
  for (const headers of Object.values(IMPORT_HEADERS)) {
    for (const column of IMPORT_COLUMNS) {
      if (headers[column].toLowerCase() === wanted) return column;
    }
  }
  return undefined;
}

/**
 * Why a file could not be read (the `detail` of ImportFileUnreadable), by reason, as messages
 * (their English in shared/messages.ts).
 */
export const IMPORT_UNREADABLE = {
  oldExcel: message("importUnreadableOldExcel"),
  damagedXlsx: message("importUnreadableDamagedXlsx"),
  notText: message("importUnreadableNotText"),
  empty: message("importUnreadableEmpty"),
  noHeader: message("importUnreadableNoHeader"),
} as const;
