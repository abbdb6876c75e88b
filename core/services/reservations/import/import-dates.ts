import { dateParts } from "@shared/local-date.ts";
import type { SheetCell } from "./read-sheet.ts";

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** A cell's text, trimmed; an XLSX date as YYYY-MM-DD. */
export const cellText = (cell: SheetCell | undefined) =>
  cell === undefined ? "" : cell instanceof Date ? isoDate(cell) : cell.trim();

/**
 * A date as YYYY-MM-DD: an XLSX date, `2026-07-14`, or Croatian `14.7.2026.`; null when the cell
 * is empty, undefined when it is not a date.
 */
export function importDateOf(cell: SheetCell | undefined): string | null | undefined {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : isoDate(cell);
  const value = cellText(cell);
  if (value === "") return null;
  let iso: string | undefined;
  const hr = /^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})\.?$/.exec(value);
  if (hr) iso = `${hr[3]}-${hr[2].padStart(2, "0")}-${hr[1].padStart(2, "0")}`;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(value)) iso = value;
  return iso && dateParts(iso) ? iso : undefined;
}
