/**
 * Bulk import of stays (issue 22): the file's columns in Croatian and English, as the template
 * names them and the reader recognises them (either language, any letter case), and the limits.
 */

/** At most this many stays (data rows) in one file. */
export const IMPORT_MAX_ROWS = 5000;
/** At most this many bytes of file. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const IMPORT_COLUMNS = [
  "unit",
  "arrival",
  "departure",
  "guests",
  "leadGuest",
  "notes",
] as const;
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
  },
  en: {
    unit: "Unit",
    arrival: "Arrival",
    departure: "Departure",
    guests: "Guests",
    leadGuest: "Lead guest",
    notes: "Notes",
  },
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
