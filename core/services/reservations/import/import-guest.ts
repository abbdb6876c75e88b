import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json" with { type: "json" };
import hr from "i18n-iso-countries/langs/hr.json" with { type: "json" };
import { DocumentType, Gender } from "@shared/enums.ts";
import { COUNTRY_CODES, isKnownCountry } from "@shared/countries.ts";
import { message } from "@shared/messages.ts";
import {
  IMPORT_DOCUMENT_WORDS,
  IMPORT_GENDER_WORDS,
  IMPORT_GUEST_COLUMNS,
  type ImportColumn,
  type ImportGuestColumn,
} from "@shared/reservation-import.ts";
import { GuestForm } from "@shared/schemas/guest.ts";
import type { SheetCell } from "./read-sheet.ts";
import { cellText, importDateOf } from "./import-dates.ts";

for (const locale of [hr, en]) countries.registerLocale(locale);

const ALPHA3_OF_ALPHA2 = new Map(COUNTRY_CODES.map(([alpha2, alpha3]) => [alpha2, alpha3]));

/** A country as eVisitor's alpha-3 code: from `DEU`, `DE`, or its name in Croatian or English. */
export function importCountryOf(value: string): string | undefined {
  const upper = value.toUpperCase();
  if (isKnownCountry(upper)) return upper;
  const fromAlpha2 = ALPHA3_OF_ALPHA2.get(upper);
  if (fromAlpha2) return fromAlpha2;
  for (const language of ["hr", "en"]) {
    const code = countries.getAlpha3Code(value, language);
    if (code && isKnownCountry(code)) return code;
  }
  return undefined;
}

function wordOf<K extends string>(words: Record<K, readonly string[]>, value: string) {
  const wanted = value.toLowerCase();
  return (Object.keys(words) as K[]).find((key) =>
    key.toLowerCase() === wanted || words[key].includes(wanted)
  );
}

/** Whether any guest column of a row holds something. */
export function hasGuestCells(cell: (column: ImportColumn) => SheetCell | undefined): boolean {
  return IMPORT_GUEST_COLUMNS.some((column) => cellText(cell(column)) !== "");
}

/**
 * The guest of a row, checked with the guest form's own schema and messages: a gender and a
 * document type as a word in Croatian or English, countries as codes or names, dates as the stay
 * dates are read. Answers the form or the messages per guest column.
 */
export function parseImportGuest(
  cell: (column: ImportColumn) => SheetCell | undefined,
): { guest: GuestForm; errors?: undefined } | {
  guest?: undefined;
  errors: Record<string, string[]>;
} {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const raw = Object.fromEntries(
    IMPORT_GUEST_COLUMNS.map((column) => [column, cellText(cell(column))]),
  ) as Record<ImportGuestColumn, string>;

  const form: Record<string, unknown> = {
    firstName: raw.firstName,
    surname: raw.surname,
    cityOfBirth: raw.cityOfBirth,
    cityOfResidence: raw.cityOfResidence,
    documentNumber: raw.documentNumber,
    borderCrossing: raw.borderCrossing,
  };
  const gender = wordOf(IMPORT_GENDER_WORDS, raw.gender);
  if (raw.gender && !gender) fail("gender", message("invalidType"));
  form.gender = gender ? Gender[gender] : undefined;
  const documentType = wordOf(IMPORT_DOCUMENT_WORDS, raw.documentType);
  if (raw.documentType && !documentType) fail("documentType", message("invalidType"));
  form.documentType = documentType ? DocumentType[documentType] : undefined;
  for (const column of ["citizenship", "countryOfBirth", "countryOfResidence"] as const) {
    const country = raw[column] ? importCountryOf(raw[column]) : "";
    if (country === undefined) fail(column, message("invalidType"));
    form[column] = country ?? "";
  }
  for (const column of ["dateOfBirth", "passageDate"] as const) {
    const date = importDateOf(cell(column));
    if (date === undefined) fail(column, message("dateInvalid"));
    form[column] = date ?? "";
  }

  const parsed = GuestForm.safeParse(form);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "firstName");
      if (!errors[field]) fail(field, issue.message);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { guest: parsed.data };
}
