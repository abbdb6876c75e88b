import writeXlsxFile from "write-excel-file/universal";
import { IMPORT_COLUMNS, IMPORT_HEADERS } from "@shared/reservation-import.ts";

/** An example row per language, so the host sees each column's format. */
const EXAMPLE = {
  hr: ["Apartman 1", "2027-07-14", "2027-07-21", "2", "Ana Horvat", "Dolazak oko 18 h"],
  en: ["Apartment 1", "2027-07-14", "2027-07-21", "2", "Ana Horvat", "Arriving about 6 pm"],
};

/** The import template (XLSX) with the column headers in Croatian or English and one example. */
export async function importTemplate(language: "hr" | "en"): Promise<Uint8Array> {
  const headers = IMPORT_COLUMNS.map((c) => ({
    value: IMPORT_HEADERS[language][c],
    fontWeight: "bold" as const,
  }));
  const example = EXAMPLE[language].map((value) => ({ value }));
  const file = writeXlsxFile([headers, example], {
    columns: IMPORT_COLUMNS.map((c) => ({ width: c === "notes" ? 40 : 18 })),
  });
  const blob = await file.toBlob();
  return new Uint8Array(await blob.arrayBuffer());
}
