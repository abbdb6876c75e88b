import { scanXml } from "./scan-xml.ts";

/** Which cells of an XLSX sheet show dates: the built-in and custom number formats of its styles. */

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
export function readDateStyles(xml: string | undefined): boolean[] {
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
