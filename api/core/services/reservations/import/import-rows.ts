import { formatMessage, MESSAGES } from "@shared/messages.ts";
import { requiredMessage } from "@shared/schemas/fields.ts";
import { type ImportColumn, importColumnOf } from "@shared/reservation-import.ts";
import { dateParts } from "@shared/local-date.ts";
import type { SheetCell } from "./read-sheet.ts";

export const MAX_GUESTS = 50;
export const LEAD_GUEST_MAX = 200;
export const NOTES_MAX = 700;

/** A unit of the host as rows may name it. */
export interface ImportUnit {
  id: string;
  code: string;
  name: string;
  propertyId: string;
}

/** One data row read and checked on its own (conflicts and duplicates are decided later). */
export interface ParsedRow {
  row: number;
  unitText: string;
  unit: ImportUnit | null;
  arrival: string | null;
  departure: string | null;
  guests: number | null;
  leadGuest: string;
  notes: string;
  errors: Record<string, string[]>;
}

/** Which column of the sheet holds each field; ImportFileUnreadable when the header lacks one. */
export function columnsOf(header: SheetCell[]): Map<ImportColumn, number> | undefined {
  const columns = new Map<ImportColumn, number>();
  header.forEach((cell, index) => {
    const column = typeof cell === "string" ? importColumnOf(cell) : undefined;
    if (column && !columns.has(column)) columns.set(column, index);
  });
  const needed: ImportColumn[] = ["unit", "arrival", "departure", "guests", "leadGuest"];
  return needed.every((c) => columns.has(c)) ? columns : undefined;
}

const text = (cell: SheetCell | undefined) =>
  cell === undefined ? "" : cell instanceof Date ? isoDate(cell) : cell.trim();

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** A date as YYYY-MM-DD: an XLSX date, `2026-07-14`, or Croatian `14.7.2026.`. */
export function importDateOf(cell: SheetCell | undefined): string | null | undefined {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : isoDate(cell);
  const value = text(cell);
  if (value === "") return null;
  let iso: string | undefined;
  const hr = /^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})\.?$/.exec(value);
  if (hr) iso = `${hr[3]}-${hr[2].padStart(2, "0")}-${hr[1].padStart(2, "0")}`;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(value)) iso = value;
  return iso && dateParts(iso) ? iso : undefined;
}

/** Units by code and by name (a name two units share names neither). */
export function unitFinder(units: ImportUnit[]) {
  const byCode = new Map(units.map((u) => [u.code, u]));
  const byName = new Map<string, ImportUnit | null>();
  for (const unit of units) {
    const key = unit.name.trim().toLowerCase();
    byName.set(key, byName.has(key) ? null : unit);
  }
  return (value: string) => byCode.get(value) ?? byName.get(value.toLowerCase()) ?? undefined;
}

/** Checks one data row's fields with the spec's messages. */
export function parseRow(
  cells: SheetCell[],
  row: number,
  columns: Map<ImportColumn, number>,
  findUnit: (value: string) => ImportUnit | null | undefined,
): ParsedRow {
  const cell = (column: ImportColumn) => {
    const index = columns.get(column);
    return index === undefined ? undefined : cells[index];
  };
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);

  const unitText = text(cell("unit"));
  const unit = unitText ? findUnit(unitText) : undefined;
  if (!unitText) fail("unit", requiredMessage("Unit"));
  else if (!unit) fail("unit", MESSAGES.importUnitUnknown);

  const arrival = importDateOf(cell("arrival"));
  const departure = importDateOf(cell("departure"));
  if (arrival === null) fail("arrival", MESSAGES.dateRequired);
  if (arrival === undefined) fail("arrival", MESSAGES.dateInvalid);
  if (departure === null) fail("departure", MESSAGES.dateRequired);
  if (departure === undefined) fail("departure", MESSAGES.dateInvalid);
  if (arrival && departure && departure <= arrival) {
    fail("departure", MESSAGES.dateRangeAtLeastOneDay);
  }

  const guestsText = text(cell("guests"));
  const guestsNumber = Number(guestsText.replace(",", "."));
  let guests: number | null = null;
  if (guestsText === "") fail("guests", MESSAGES.numberRequired);
  else if (!Number.isFinite(guestsNumber)) fail("guests", MESSAGES.numberInvalid);
  else if (!Number.isInteger(guestsNumber)) fail("guests", MESSAGES.numberWhole);
  else if (guestsNumber < 1) fail("guests", formatMessage(MESSAGES.numberMin, { min: 1 }));
  else if (guestsNumber > MAX_GUESTS) {
    fail("guests", formatMessage(MESSAGES.numberMax, { max: MAX_GUESTS }));
  } else guests = guestsNumber;

  const leadGuest = text(cell("leadGuest"));
  if (!leadGuest) fail("leadGuest", requiredMessage("Lead guest"));
  else if (leadGuest.length > LEAD_GUEST_MAX) {
    fail("leadGuest", formatMessage(MESSAGES.lengthMax, { max: LEAD_GUEST_MAX }));
  }
  const notes = text(cell("notes"));
  if (notes.length > NOTES_MAX) {
    fail("notes", formatMessage(MESSAGES.lengthMax, { max: NOTES_MAX }));
  }

  return {
    row,
    unitText,
    unit: unit ?? null,
    arrival: arrival ?? null,
    departure: departure ?? null,
    guests,
    leadGuest,
    notes,
    errors,
  };
}

/** The stay's description: "Lead guest (number of guests)", then the notes after a dash. */
export function importDescription(row: { leadGuest: string; guests: number; notes: string }) {
  const head = `${row.leadGuest} (${row.guests})`;
  return row.notes ? `${head} – ${row.notes}` : head;
}
