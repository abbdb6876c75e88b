import { message } from "@shared/messages.ts";
import { requiredMessage } from "@shared/schemas/fields.ts";
import {
  IMPORT_STAY_COLUMNS,
  type ImportColumn,
  importColumnOf,
} from "@shared/reservation-import.ts";
import type { GuestForm } from "@shared/schemas/guest.ts";
import type { SheetCell } from "./read-sheet.ts";
import { cellText as text, importDateOf } from "./import-dates.ts";
import { hasGuestCells, parseImportGuest } from "./import-guest.ts";

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

/**
 * One data row read and checked on its own (conflicts and duplicates are decided later): a stay,
 * perhaps with its first guest, or (its stay columns empty) one more guest of the stay above.
 */
export interface ParsedRow {
  row: number;
  kind: "stay" | "guest";
  /** The row's guest, when it has one and it is valid. */
  guest: GuestForm | null;
  /** The guest's name as the row writes it, valid or not. */
  guestName: string | null;
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
  const withGuest = hasGuestCells(cell);
  const parsedGuest = withGuest ? parseImportGuest(cell) : undefined;
  Object.assign(errors, parsedGuest?.errors);
  const guest = parsedGuest?.guest ?? null;
  const guestName = withGuest
    ? `${text(cell("firstName"))} ${text(cell("surname"))}`.trim() || null
    : null;

  if (withGuest && IMPORT_STAY_COLUMNS.every((column) => text(cell(column)) === "")) {
    return {
      row,
      kind: "guest",
      guest,
      guestName,
      unitText: "",
      unit: null,
      arrival: null,
      departure: null,
      guests: null,
      leadGuest: "",
      notes: "",
      errors,
    };
  }

  const unitText = text(cell("unit"));
  const unit = unitText ? findUnit(unitText) : undefined;
  if (!unitText) fail("unit", requiredMessage("unit"));
  else if (!unit) fail("unit", message("importUnitUnknown"));

  const arrival = importDateOf(cell("arrival"));
  const departure = importDateOf(cell("departure"));
  if (arrival === null) fail("arrival", message("dateRequired"));
  if (arrival === undefined) fail("arrival", message("dateInvalid"));
  if (departure === null) fail("departure", message("dateRequired"));
  if (departure === undefined) fail("departure", message("dateInvalid"));
  // The same day twice is a stay without a night; a departure earlier than the arrival is
  // another mistake (dates swapped or mistyped) and says so.
  if (arrival && departure && departure < arrival) {
    fail("departure", message("importDepartureBeforeArrival"));
  } else if (arrival && departure && departure === arrival) {
    fail("departure", message("dateRangeAtLeastOneDay"));
  }

  const guestsText = text(cell("guests"));
  const guestsNumber = Number(guestsText.replace(",", "."));
  let guests: number | null = null;
  if (guestsText === "") fail("guests", message("numberRequired"));
  else if (!Number.isFinite(guestsNumber)) fail("guests", message("numberInvalid"));
  else if (!Number.isInteger(guestsNumber)) fail("guests", message("numberWhole"));
  else if (guestsNumber < 1) fail("guests", message("numberMin", { min: 1 }));
  else if (guestsNumber > MAX_GUESTS) {
    fail("guests", message("numberMax", { max: MAX_GUESTS }));
  } else guests = guestsNumber;

  const leadGuest = text(cell("leadGuest"));
  if (!leadGuest) fail("leadGuest", requiredMessage("leadGuest"));
  else if (leadGuest.length > LEAD_GUEST_MAX) {
    fail("leadGuest", message("lengthMax", { max: LEAD_GUEST_MAX }));
  }
  const notes = text(cell("notes"));
  if (notes.length > NOTES_MAX) {
    fail("notes", message("lengthMax", { max: NOTES_MAX }));
  }

  return {
    row,
    kind: "stay",
    guest,
    guestName,
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
