import { readSheet } from "read-excel-file/universal";
import { AppError } from "../../../errors.ts";

/** A cell as the import reads it: text, or a date an XLSX file stores as one. */
export type SheetCell = string | Date;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * The rows of an import file, header first: an XLSX workbook's first sheet (read-excel-file), or
 * CSV text (UTF-8, with or without a BOM; comma or semicolon separated, as Croatian Excel saves
 * it). Anything else is ImportFileUnreadable.
 */
export async function readImportSheet(bytes: Uint8Array): Promise<SheetCell[][]> {
  if (ZIP_MAGIC.every((b, i) => bytes[i] === b)) {
    try {
      const copy = bytes.slice().buffer;
      const rows = await readSheet(copy);
      return rows.map((row) => row.map(xlsxCell));
    } catch {
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
  return parseCsv(text.replace(/^\uFEFF/, ""));
}

function xlsxCell(value: unknown): SheetCell {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value;
  return String(value);
}

/**
 * RFC 4180 fields (quoted fields may hold separators, quotes doubled and line breaks); the
 * separator is the first of `;` or `,` found in the header line outside quotes.
 */
export function parseCsv(text: string): string[][] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const separator = firstLine.replace(/"[^"]*"/g, "").includes(";") ? ";" : ",";
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
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
    else if (ch === separator) {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
