import { AppError } from "../../../errors.ts";
import { readXlsx } from "./read-xlsx.ts";
import {
  IMPORT_READ_LIMITS,
  type SheetCell,
  type SheetReadLimits,
  type SheetRow,
  SheetRows,
} from "./sheet-rows.ts";

export type { SheetCell, SheetRow };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * The rows of an import file that are not blank, header first, each with its number: an XLSX
 * workbook's first sheet (read-xlsx.ts, within the unpacked-size and entry limits), or CSV text
 * (UTF-8, with or without a BOM; comma or semicolon separated, as Croatian Excel saves it).
 * Reading stops at the row limit (ImportTooManyRows); anything else is ImportFileUnreadable.
 * CPU-bound: the API runs it off the request thread (read-in-worker.ts).
 */
export async function readImportSheet(
  bytes: Uint8Array,
  limits: SheetReadLimits = IMPORT_READ_LIMITS,
): Promise<SheetRow[]> {
  if (ZIP_MAGIC.every((b, i) => bytes[i] === b)) {
    try {
      return await readXlsx(bytes, limits);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError("ImportFileUnreadable");
    }
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("ImportFileUnreadable");
  }
  if (text.includes("\0")) throw new AppError("ImportFileUnreadable");
  const rows = new SheetRows(limits);
  let number = 0;
  for (const record of csvRecords(text.replace(/^\uFEFF/, ""), limits.maxColumns)) {
    rows.add(++number, record);
  }
  return rows.rows;
}

/** Every record of a CSV text (tests; the import reads them one by one up to its limit). */
export const parseCsv = (text: string): string[][] => [...csvRecords(text)];

/**
 * RFC 4180 fields (quoted fields may hold separators, quotes doubled and line breaks); the
 * separator is the first of `;` or `,` found in the header line outside quotes. Fields past
 * `maxColumns` are skipped.
 */
export function* csvRecords(text: string, maxColumns = Infinity): Generator<string[]> {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const separator = firstLine.replace(/"[^"]*"/g, "").includes(";") ? ";" : ",";
  let row: string[] = [];
  let field = "";
  let fields = 0;
  let quoted = false;
  const endField = () => {
    if (++fields <= maxColumns) row.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) endField();
    else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endField();
      yield row;
      row = [];
      fields = 0;
    } else field += ch;
  }
  if (field !== "" || fields > 0) {
    endField();
    yield row;
  }
}
