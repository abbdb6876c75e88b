import { AppError } from "../../../errors.ts";
import { ZipArchive } from "./zip-entries.ts";
import type { SheetCell, SheetReadLimits, SheetRow } from "./sheet-rows.ts";
import { SheetRows } from "./sheet-rows.ts";
import { readDateStyles } from "./xlsx-date-formats.ts";
import { prefixed, scanXml } from "./scan-xml.ts";

/**
 * The first sheet of an XLSX workbook, as the import reads it: the parts it needs (the workbook,
 * its relationships, the shared strings, the styles for dates, the sheet) inflated within the
 * archive's limits (zip-entries.ts), then read by a small XML scanner (scan-xml.ts) that stops at
 * the row limit and ignores columns past the last one read. No DTD is read (a file with one is
 * unreadable), so no entity can expand. Which styles show dates: xlsx-date-formats.ts.
 *
 * Cells read as read-excel-file read them before: text as written, numbers as their shortest
 * text, TRUE/FALSE as "true"/"false", and numbers in a date format as dates (UTC).
 */

const unreadable = () => new AppError("ImportFileUnreadable");

/** `_x000D_` and the like (ECMA-376 ST_Xstring): characters XML 1.0 cannot carry. */
function unescapeXlsx(text: string): string {
  if (!text.includes("_x")) return text;
  return text.replace(
    /_x([0-9A-Fa-f]{4})_/g,
    (_, hex: string) => String.fromCharCode(parseInt(hex, 16)),
  );
}

/**
 * A part's path from a relationship's target: relative to the part's folder, or from the root
 * when it starts with "/".
 */
function resolvePart(folder: string, target: string): string {
  const parts = target.startsWith("/") ? [] : folder.split("/").filter(Boolean);
  for (const segment of target.split("/")) {
    if (segment === "..") parts.pop();
    else if (segment && segment !== ".") parts.push(segment);
  }
  return parts.join("/");
}

/** Relationship id to the target's path, and the first target of each type. */
async function readRelationships(archive: ZipArchive, path: string, folder: string) {
  const byId = new Map<string, string>();
  const byType = new Map<string, string>();
  const xml = await archive.text(path);
  if (xml === undefined) return { byId, byType };
  scanXml(xml, {
    open(name, attributes) {
      if (name !== "Relationship" || !attributes.Target) return;
      if (attributes.TargetMode === "External") return;
      const target = resolvePart(folder, attributes.Target);
      if (attributes.Id) byId.set(attributes.Id, target);
      const type = attributes.Type?.slice(attributes.Type.lastIndexOf("/") + 1);
      if (type && !byType.has(type)) byType.set(type, target);
    },
    close() {},
    text() {},
    wantsText: () => false,
  });
  return { byId, byType };
}

/** The text of each `<si>` (its `<t>`s, runs included, phonetic `<rPh>` left out). */
function readSharedStrings(xml: string): string[] {
  const strings: string[] = [];
  let current: string | undefined;
  let inText = false;
  let phonetic = 0;
  scanXml(xml, {
    open(name, _, selfClosing) {
      if (name === "si") current = "";
      else if (name === "rPh" && !selfClosing) phonetic++;
      else if (name === "t" && !selfClosing && phonetic === 0) inText = true;
    },
    close(name) {
      if (name === "si") {
        strings.push(unescapeXlsx(current ?? ""));
        current = undefined;
      } else if (name === "rPh" && phonetic > 0) phonetic--;
      else if (name === "t") inText = false;
    },
    text(text) {
      if (current !== undefined) current += text;
    },
    wantsText: () => inText && current !== undefined,
  });
  return strings;
}

/** Day 0 of Excel's 1900 system (it counts a 29 February 1900 that never was) and of 1904's. */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/** A column's number from a cell reference's letters (`A1` is 1, `AB7` is 28); 0 when none. */
function columnOf(reference: string | undefined): number {
  if (!reference) return 0;
  let column = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code >= 65 && code <= 90) column = column * 26 + code - 64;
    else if (code >= 97 && code <= 122) column = column * 26 + code - 96;
    else break;
    if (column > 1_000_000) break;
  }
  return column;
}

/** The rows of the workbook's first sheet (header included, blank rows left out). */
export async function readXlsx(bytes: Uint8Array, limits: SheetReadLimits): Promise<SheetRow[]> {
  const archive = new ZipArchive(bytes);
  const root = await readRelationships(archive, "_rels/.rels", "");
  const workbookPath = root.byType.get("officeDocument") ?? "xl/workbook.xml";
  const folder = workbookPath.includes("/")
    ? workbookPath.slice(0, workbookPath.lastIndexOf("/"))
    : "";
  const workbookName = workbookPath.slice(folder ? folder.length + 1 : 0);
  const workbook = await archive.text(workbookPath);
  if (workbook === undefined) throw unreadable();
  let firstSheet: string | undefined;
  let epoch = EPOCH_1900;
  scanXml(workbook, {
    open(name, attributes) {
      if (name === "workbookPr") {
        const date1904 = attributes.date1904;
        if (date1904 === "1" || date1904 === "true") epoch = EPOCH_1904;
      } else if (name === "sheet" && firstSheet === undefined) {
        firstSheet = prefixed(attributes, "id") ?? "";
      }
    },
    close() {},
    text() {},
    wantsText: () => false,
  });
  const relationships = await readRelationships(
    archive,
    `${folder ? `${folder}/` : ""}_rels/${workbookName}.rels`,
    folder,
  );
  const sheetPath = firstSheet !== undefined ? relationships.byId.get(firstSheet) : undefined;
  if (!sheetPath || !archive.has(sheetPath)) throw unreadable();
  const stringsPath = relationships.byType.get("sharedStrings");
  const stringsXml = stringsPath ? await archive.text(stringsPath) : undefined;
  const sharedStrings = stringsXml === undefined ? [] : readSharedStrings(stringsXml);
  const stylesPath = relationships.byType.get("styles");
  const dateStyles = readDateStyles(stylesPath ? await archive.text(stylesPath) : undefined);
  const sheet = await archive.text(sheetPath);
  return readSheet(sheet!, { sharedStrings, dateStyles, epoch }, limits);
}

function readSheet(
  xml: string,
  { sharedStrings, dateStyles, epoch }: {
    sharedStrings: string[];
    dateStyles: boolean[];
    epoch: number;
  },
  limits: SheetReadLimits,
): SheetRow[] {
  const rows = new SheetRows(limits);
  let inData = false;
  let rowNumber = 0;
  let cells: SheetCell[] | undefined;
  let column = 0;
  /** The cell being read: its type, style and the text of its `<v>` or inline `<t>`s. */
  let cell: { type: string; style: number; value?: string; inline?: string } | undefined;
  let textOf: "v" | "t" | undefined;
  /** Inside a phonetic reading (`<rPh>`), whose `<t>` is not the cell's text. */
  let phonetic = 0;

  const valueOf = (c: NonNullable<typeof cell>): SheetCell => {
    const v = c.value;
    switch (c.type) {
      case "s": {
        const index = Number(v);
        return Number.isInteger(index) ? sharedStrings[index] ?? "" : "";
      }
      case "inlineStr":
        return unescapeXlsx(c.inline ?? "");
      case "str":
      case "e":
        return unescapeXlsx(v ?? "");
      case "b":
        return v === "1" ? "true" : v === "0" ? "false" : v ?? "";
      case "d": {
        const date = new Date(v ?? "");
        return v && !Number.isNaN(date.getTime()) ? date : v ?? "";
      }
      default: {
        if (v === undefined || v.trim() === "") return "";
        const number = Number(v);
        if (Number.isNaN(number)) return v;
        if (dateStyles[c.style]) return new Date(epoch + Math.round(number * 86_400) * 1000);
        return String(number);
      }
    }
  };

  scanXml(xml, {
    open(name, attributes, selfClosing) {
      if (name === "sheetData") inData = !selfClosing;
      if (!inData) return;
      if (name === "row") {
        const numbered = Number(attributes.r);
        rowNumber = Number.isInteger(numbered) && numbered > rowNumber ? numbered : rowNumber + 1;
        cells = [];
        column = 0;
      } else if (name === "c" && cells) {
        const numbered = columnOf(attributes.r);
        column = numbered > column ? numbered : column + 1;
        cell = {
          type: attributes.t ?? "n",
          style: Number(attributes.s ?? 0),
        };
      } else if (cell && name === "v" && !selfClosing) {
        textOf = "v";
        cell.value = "";
      } else if (cell && name === "t" && !selfClosing && phonetic === 0) {
        textOf = "t";
        cell.inline ??= "";
      } else if (cell && name === "rPh" && !selfClosing) {
        phonetic++;
      }
    },
    close(name) {
      if (!inData) return;
      if (name === "v" || name === "t") textOf = undefined;
      else if (name === "rPh" && phonetic > 0) phonetic--;
      else if (name === "c" && cell && cells) {
        if (column <= limits.maxColumns) {
          const value = valueOf(cell);
          if (value !== "") {
            while (cells.length < column - 1) cells.push("");
            cells[column - 1] = value;
          }
        }
        cell = undefined;
        phonetic = 0;
      } else if (name === "row" && cells) {
        rows.add(rowNumber, cells);
        cells = undefined;
      } else if (name === "sheetData") inData = false;
    },
    text(text) {
      if (textOf === "v") cell!.value += text;
      else if (textOf === "t") cell!.inline += text;
    },
    wantsText: () => textOf !== undefined && cell !== undefined,
  });
  return rows.rows;
}
