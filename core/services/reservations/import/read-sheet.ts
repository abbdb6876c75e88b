import { AppError } from "../../../errors.ts";
import { IMPORT_UNREADABLE, importColumnOf } from "@shared/reservation-import.ts";
import { decodeCsvText } from "./decode-text.ts";
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
 * in UTF-8 (with or without a BOM), UTF-16 with a BOM, Windows-1250 or ISO-8859-2
 * (decode-text.ts), separated by `;`, `,` or tabs (`csvSeparator`), as Croatian Excel saves it.
 * Reading stops at the row limit (ImportTooManyRows); a file that cannot be read is
 * ImportFileUnreadable with the reason (IMPORT_UNREADABLE). CPU-bound: the API runs it off the
 * request thread (read-in-worker.ts).
 */
export async function readImportSheet(
  bytes: Uint8Array,
  limits: SheetReadLimits = IMPORT_READ_LIMITS,
): Promise<SheetRow[]> {
  if (ZIP_MAGIC.every((b, i) => bytes[i] === b)) {
    try {
      return await readXlsx(bytes, limits);
    } catch (error) {
      if (error instanceof AppError && error.code !== "ImportFileUnreadable") throw error;
      throw new AppError("ImportFileUnreadable", { detail: IMPORT_UNREADABLE.damagedXlsx });
    }
  }
  const { text } = decodeCsvText(bytes);
  const rows = new SheetRows(limits);
  let number = 0;
  for (const record of csvRecords(text, limits.maxColumns)) {
    rows.add(++number, record);
  }
  return rows.rows;
}

const SEPARATORS = [";", ",", "\t"] as const;

/**
 * The separator of a CSV text: the one named by Excel's `sep=` first line, else the one that
 * splits the header into the most of the template's columns (then into the most fields), so a
 * `;` file whose headers hold commas, or a `,` file, is read as meant. `;` when nothing tells.
 */
export function csvSeparator(text: string): string {
  const named = /^sep=(.)\r?\n/i.exec(text);
  if (named) return named[1];
  let best: { separator: string; known: number; fields: number } | undefined;
  for (const separator of SEPARATORS) {
    const header: string[] = csvRecordsWith(text, separator).next().value ?? [];
    const known = header.filter((cell: string) => importColumnOf(cell) !== undefined).length;
    if (
      !best || known > best.known || (known === best.known && header.length > best.fields)
    ) best = { separator, known, fields: header.length };
  }
  return best!.separator;
}

/** Every record of a CSV text (tests; the import reads them one by one up to its limit). */
export const parseCsv = (text: string): string[][] => [...csvRecords(text)];

/**
 * RFC 4180 fields (quoted fields may hold separators, quotes doubled and line breaks), the
 * separator found by `csvSeparator` (an Excel `sep=` line is not a record). Fields past
 * `maxColumns` are skipped.
 */
export function csvRecords(text: string, maxColumns = Infinity): Generator<string[]> {
  const separator = csvSeparator(text);
  return csvRecordsWith(text.replace(/^sep=.\r?\n/i, ""), separator, maxColumns);
}

function* csvRecordsWith(
  text: string,
  separator: string,
  maxColumns = Infinity,
): Generator<string[]> {
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
