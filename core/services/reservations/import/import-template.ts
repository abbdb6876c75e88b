import writeXlsxFile from "write-excel-file/universal";
import {
  IMPORT_COLUMNS,
  IMPORT_HEADERS,
  IMPORT_STAY_COLUMNS,
  type ImportColumn,
} from "@shared/reservation-import.ts";

/**
 * Example rows per language, so the host sees each column's format: a stay with its first guest,
 * then a row with the stay's columns empty adding a second guest to it.
 */
const EXAMPLE: Record<"hr" | "en", Partial<Record<ImportColumn, string>>[]> = {
  hr: [
    {
      unit: "Apartman 1",
      arrival: "2027-07-14",
      departure: "2027-07-21",
      guests: "2",
      leadGuest: "Ana Horvat",
      notes: "Dolazak oko 18 h",
      firstName: "Ana",
      surname: "Horvat",
      gender: "Ž",
      dateOfBirth: "1985-03-02",
      citizenship: "HRV",
      countryOfBirth: "HRV",
      cityOfBirth: "Zagreb",
      countryOfResidence: "HRV",
      cityOfResidence: "Zagreb",
      documentType: "Osobna iskaznica",
      documentNumber: "112233445",
    },
    {
      firstName: "Max",
      surname: "Müller",
      gender: "M",
      dateOfBirth: "1983-11-20",
      citizenship: "DEU",
      countryOfBirth: "DEU",
      cityOfBirth: "München",
      countryOfResidence: "DEU",
      cityOfResidence: "München",
      documentType: "Putovnica",
      documentNumber: "C01X00T47",
    },
  ],
  en: [
    {
      unit: "Apartment 1",
      arrival: "2027-07-14",
      departure: "2027-07-21",
      guests: "2",
      leadGuest: "Ana Horvat",
      notes: "Arriving about 6 pm",
      firstName: "Ana",
      surname: "Horvat",
      gender: "F",
      dateOfBirth: "1985-03-02",
      citizenship: "HRV",
      countryOfBirth: "HRV",
      cityOfBirth: "Zagreb",
      countryOfResidence: "HRV",
      cityOfResidence: "Zagreb",
      documentType: "Identity card",
      documentNumber: "112233445",
    },
    {
      firstName: "Max",
      surname: "Müller",
      gender: "M",
      dateOfBirth: "1983-11-20",
      citizenship: "DEU",
      countryOfBirth: "DEU",
      cityOfBirth: "München",
      countryOfResidence: "DEU",
      cityOfResidence: "München",
      documentType: "Passport",
      documentNumber: "C01X00T47",
    },
  ],
};

const STAY = new Set<ImportColumn>(IMPORT_STAY_COLUMNS);

/**
 * The import template (XLSX) with the column headers in Croatian or English and examples; the
 * stay's headers in bold, the optional guest's in normal weight.
 */
export async function importTemplate(language: "hr" | "en"): Promise<Uint8Array> {
  const headers = IMPORT_COLUMNS.map((c) => ({
    value: IMPORT_HEADERS[language][c],
    fontWeight: STAY.has(c) ? "bold" as const : undefined,
  }));
  const examples = EXAMPLE[language].map((row) =>
    IMPORT_COLUMNS.map((c) => (row[c] ? { value: row[c] } : null))
  );
  const file = writeXlsxFile([headers, ...examples], {
    columns: IMPORT_COLUMNS.map((c) => ({ width: c === "notes" ? 40 : 18 })),
  });
  const blob = await file.toBlob();
  return new Uint8Array(await blob.arrayBuffer());
}

/** A CSV field: quoted when it holds the separator, a quote or a line break. */
const csvField = (value: string) =>
  /[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/**
 * The same template as CSV, for hosts who keep their stays in a CSV file: UTF-8 with a BOM (so
 * Excel shows č, ć, đ, š, ž), `;`-separated and CRLF lines, as Croatian Excel saves a CSV.
 */
export function importTemplateCsv(language: "hr" | "en"): Uint8Array {
  const lines = [
    IMPORT_COLUMNS.map((c) => IMPORT_HEADERS[language][c]),
    ...EXAMPLE[language].map((row) => IMPORT_COLUMNS.map((c) => row[c] ?? "")),
  ].map((cells) => cells.map(csvField).join(";"));
  return new TextEncoder().encode(`\uFEFF${lines.join("\r\n")}\r\n`);
}
