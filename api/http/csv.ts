/**
 * A small RFC 4180 writer (no CSV library is among the dependencies, and writing is the easy
 * half): comma-separated, CRLF line ends, a header row, and a field quoted when it holds a comma,
 * a double quote, CR or LF (quotes doubled inside). Nulls are empty fields, objects JSON.
 *
 * Spreadsheet formulas: guests type their own names on the public check-in page, and a cell
 * starting with "=", "+", "-", "@" (or a tab or CR) is run as a formula by Excel and LibreOffice
 * (CSV injection). Such a text gets a leading apostrophe, which spreadsheets show as text, except
 * values that are plainly numbers or telephone numbers ("+385 91 …", "-12.5"), left as they are.
 */
const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?[\d\s().\/-]*$/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "object" ? JSON.stringify(value) : String(value);
  if (typeof value === "string" && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) {
    text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: the header row, then one row per record, each line ended with CRLF. */
export function toCsv(
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): string {
  const line = (cells: unknown[]) => cells.map(csvCell).join(",") + "\r\n";
  return line([...columns]) + rows.map((row) => line(columns.map((c) => row[c]))).join("");
}
