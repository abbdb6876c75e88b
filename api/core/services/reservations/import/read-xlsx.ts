import { AppError } from "../../../errors.ts";
import { ZipArchive } from "./zip-entries.ts";
import type { SheetCell, SheetReadLimits, SheetRow } from "./sheet-rows.ts";
import { SheetRows } from "./sheet-rows.ts";

/**
 * The first sheet of an XLSX workbook, as the import reads it: the parts it needs (the workbook,
 * its relationships, the shared strings, the styles for dates, the sheet) inflated within the
 * archive's limits (zip-entries.ts), then read by a small XML scanner that stops at the row limit
 * and ignores columns past the last one read. No DTD is read (a file with one is unreadable), so
 * no entity can expand.
 *
 * Cells read as read-excel-file read them before: text as written, numbers as their shortest
 * text, TRUE/FALSE as "true"/"false", and numbers in a date format as dates (UTC).
 */

const unreadable = () => new AppError("ImportFileUnreadable");

type Attributes = Record<string, string>;

interface XmlHandler {
  open(name: string, attributes: Attributes, selfClosing: boolean): void;
  close(name: string): void;
  /** Text between tags (entities decoded), only while `wantsText()` says so. */
  text(text: string): void;
  wantsText(): boolean;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]+);/g, (whole, entity: string) => {
    if (entity[0] !== "#") return ENTITIES[entity] ?? whole;
    const code = entity[1] === "x" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** `x:row` is `row`: some writers prefix SpreadsheetML's names. */
const localName = (name: string) => name.slice(name.indexOf(":") + 1);

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/** Walks `xml` tag by tag; throws ImportFileUnreadable on what is not well-formed enough. */
export function scanXml(xml: string, handler: XmlHandler): void {
  const length = xml.length;
  let at = 0;
  while (at < length) {
    const lt = xml.indexOf("<", at);
    const textEnd = lt < 0 ? length : lt;
    if (textEnd > at && handler.wantsText()) handler.text(decodeEntities(xml.slice(at, textEnd)));
    if (lt < 0) return;
    const next = xml.charCodeAt(lt + 1);
    if (next === 63 /* ? */) {
      const end = xml.indexOf("?>", lt + 2);
      if (end < 0) throw unreadable();
      at = end + 2;
    } else if (next === 33 /* ! */) {
      if (xml.startsWith("<!--", lt)) {
        const end = xml.indexOf("-->", lt + 4);
        if (end < 0) throw unreadable();
        at = end + 3;
      } else if (xml.startsWith("<![CDATA[", lt)) {
        const end = xml.indexOf("]]>", lt + 9);
        if (end < 0) throw unreadable();
        if (handler.wantsText()) handler.text(xml.slice(lt + 9, end));
        at = end + 3;
      } else {
        throw unreadable(); // a DTD: SpreadsheetML has none
      }
    } else if (next === 47 /* / */) {
      const end = xml.indexOf(">", lt + 2);
      if (end < 0) throw unreadable();
      handler.close(localName(xml.slice(lt + 2, end).trim()));
      at = end + 1;
    } else {
      let i = lt + 1;
      while (i < length && !isSpace(xml.charCodeAt(i)) && xml[i] !== ">" && xml[i] !== "/") i++;
      const name = localName(xml.slice(lt + 1, i));
      if (!name) throw unreadable();
      const attributes: Attributes = {};
      let selfClosing = false;
      for (;;) {
        while (i < length && isSpace(xml.charCodeAt(i))) i++;
        if (i >= length) throw unreadable();
        if (xml[i] === ">") break;
        if (xml[i] === "/" && xml[i + 1] === ">") {
          selfClosing = true;
          i++;
          break;
        }
        const eq = xml.indexOf("=", i);
        if (eq < 0) throw unreadable();
        const attribute = xml.slice(i, eq).trim();
        let q = eq + 1;
        while (q < length && isSpace(xml.charCodeAt(q))) q++;
        const quote = xml[q];
        if (quote !== '"' && quote !== "'") throw unreadable();
        const close = xml.indexOf(quote, q + 1);
        if (close < 0) throw unreadable();
        attributes[attribute] = decodeEntities(xml.slice(q + 1, close));
        i = close + 1;
      }
      handler.open(name, attributes, selfClosing);
      if (selfClosing) handler.close(name);
      at = i + 1;
    }
  }
}

/** An attribute by its local name, whatever its prefix (`r:id`, `ns2:id`). */
function prefixed(attributes: Attributes, local: string): string | undefined {
  for (const [name, value] of Object.entries(attributes)) {
    if (name.includes(":") && localName(name) === local) return value;
  }
  return undefined;
}

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

/** Number formats that Excel's built-in ids reserve for dates and times (any locale). */
const BUILT_IN_DATE_FORMATS = new Set([
  ...range(14, 22),
  ...range(27, 36),
  ...range(45, 47),
  ...range(50, 58),
  ...range(71, 81),
]);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

const DATE_TOKENS = new Set([
  "d",
  "dd",
  "ddd",
  "dddd",
  "m",
  "mm",
  "mmm",
  "mmmm",
  "mmmmm",
  "y",
  "yy",
  "yyy",
  "yyyy",
  "h",
  "hh",
  "s",
  "ss",
  "am",
  "pm",
  "a",
  "p",
  "e",
  "ee",
  "g",
  "gg",
  "ggg",
  "b",
  "bb",
  "bbbb",
]);

/** Whether a custom number format shows a date or time (`dd.mm.yyyy`, `d. mmmm yyyy.;@`). */
export function isDateFormat(code: string): boolean {
  const sections = code.toLowerCase().replace(/;@$/, "").replace(/\\./g, " ").split(";");
  return sections.some((section) => {
    const cleaned = section
      .replace(/"[^"]*"/g, " ")
      .replace(/(\[?[smhd]{1,2}\]?)[.,]0{1,3}/g, "$1")
      .replace(/\[([smhd]{1,2})\]/g, "$1")
      .replace(/\[[^\]]*\]/g, " ");
    const tokens = cleaned.split(/[^a-z0#?%]+/).filter(Boolean);
    return tokens.length > 0 && tokens.every((token) => DATE_TOKENS.has(token));
  });
}

/** For each cell style (`s`), whether it shows numbers as dates. */
function readDateStyles(xml: string | undefined): boolean[] {
  if (xml === undefined) return [];
  const formats = new Map<number, string>();
  const dateStyles: boolean[] = [];
  let inCellXfs = false;
  scanXml(xml, {
    open(name, attributes) {
      if (name === "numFmt" && attributes.numFmtId && attributes.formatCode !== undefined) {
        formats.set(Number(attributes.numFmtId), attributes.formatCode);
      } else if (name === "cellXfs") inCellXfs = true;
      else if (name === "xf" && inCellXfs) {
        const id = Number(attributes.numFmtId ?? 0);
        const custom = formats.get(id);
        dateStyles.push(
          custom !== undefined ? isDateFormat(custom) : BUILT_IN_DATE_FORMATS.has(id),
        );
      }
    },
    close(name) {
      if (name === "cellXfs") inCellXfs = false;
    },
    text() {},
    wantsText: () => false,
  });
  return dateStyles;
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
