/**
 * XLSX files made by hand for the import's tests: a minimal valid workbook (content types,
 * relationships, workbook, styles, shared strings) around a sheet whose XML the test writes, so
 * a test can make what no spreadsheet program would: megabytes of whitespace, rows numbered in
 * the millions, thousands of parts.
 */
import { type Zippable, zipSync } from "fflate";

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** Text escaped for XML. */
export const xmlText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A row of inline-string cells (`A1`, `B1`, …), as a sheet's XML. */
export function inlineRow(row: number, cells: string[]): string {
  const column = (i: number) => String.fromCharCode(65 + i);
  return `<row r="${row}">${
    cells.map((text, i) =>
      `<c r="${column(i)}${row}" t="inlineStr"><is><t>${xmlText(text)}</t></is></c>`
    ).join("")
  }</row>`;
}

export interface XlsxParts {
  /** The first sheet's `<sheetData>` content (rows), or its whole XML with `wholeSheet`. */
  sheetData?: string;
  wholeSheet?: string;
  sharedStrings?: string[];
  /** `<numFmts>` and `<cellXfs>` content of styles.xml. */
  styles?: string;
  /** More parts, e.g. to make thousands of them. */
  extra?: Record<string, Uint8Array>;
  /** Deflate level (0 stores). */
  level?: 0 | 1 | 6 | 9;
}

export function xlsxOf(parts: XlsxParts): Uint8Array<ArrayBuffer> {
  const encode = (text: string) => new TextEncoder().encode(text);
  const sheet = parts.wholeSheet ??
    `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>${
      parts.sheetData ?? ""
    }</sheetData></worksheet>`;
  const files: Zippable = {
    "[Content_Types].xml": encode(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    ),
    "_rels/.rels": encode(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    "xl/workbook.xml": encode(
      `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS} xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": encode(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ),
    "xl/styles.xml": encode(
      `<?xml version="1.0" encoding="UTF-8"?><styleSheet ${NS}>${
        parts.styles ?? '<cellXfs count="1"><xf numFmtId="0"/></cellXfs>'
      }</styleSheet>`,
    ),
    "xl/sharedStrings.xml": encode(
      `<?xml version="1.0" encoding="UTF-8"?><sst ${NS}>${
        (parts.sharedStrings ?? []).map((s) => `<si><t>${xmlText(s)}</t></si>`).join("")
      }</sst>`,
    ),
    "xl/worksheets/sheet1.xml": encode(sheet),
    ...parts.extra,
  };
  return zipSync(files, { level: parts.level ?? 9 }) as Uint8Array<ArrayBuffer>;
}
