import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from "@shared/reservation-import.ts";
import { AppError } from "../../../errors.ts";

/** A cell as the import reads it: text, or a date an XLSX file stores as one. */
export type SheetCell = string | Date;

/** A row that is not blank, with its number in the file (1 for the first line or sheet row). */
export interface SheetRow {
  row: number;
  cells: SheetCell[];
}

export interface SheetReadLimits {
  /** Rows that are not blank, the header included: one more is ImportTooManyRows. */
  maxRows: number;
  /** Cells past this column are not read. */
  maxColumns: number;
}

/** The header and IMPORT_MAX_ROWS stays (or guests), each of the template's columns and more. */
export const IMPORT_READ_LIMITS: SheetReadLimits = {
  maxRows: IMPORT_MAX_ROWS + 1,
  maxColumns: IMPORT_MAX_COLUMNS,
};

export const isBlankRow = (cells: SheetCell[]) =>
  cells.every((c) => typeof c === "string" && !c.trim());

/** Collects the rows that are not blank and stops the reading at the limit, by throwing. */
export class SheetRows {
  readonly rows: SheetRow[] = [];

  constructor(private readonly limits: SheetReadLimits) {}

  add(row: number, cells: SheetCell[]): void {
    if (isBlankRow(cells)) return;
    if (this.rows.length >= this.limits.maxRows) throw new AppError("ImportTooManyRows");
    this.rows.push({ row, cells });
  }
}
