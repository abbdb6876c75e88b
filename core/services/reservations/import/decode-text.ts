import { IMPORT_UNREADABLE } from "@shared/reservation-import.ts";
import { AppError } from "../../../errors.ts";

/** The text encodings a CSV file is read in (the runtime's TextDecoder knows each). */
export type CsvEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1250" | "iso-8859-2";

/** Letters of Croatian words beyond ASCII. */
const CROATIAN = /[čćđšžČĆĐŠŽ]/g;
/**
 * What the wrong one of Windows-1250 and ISO-8859-2 makes of a Croatian letter: the two put
 * Š, š, Ž, ž (and the rare Ś, Ź, Ť) at different bytes, and read the other's as C1 controls
 * (U+0080–U+009F) or as ©, ®, ¾-like signs and letters of other languages.
 */
const MISREAD = /[\u0080-\u009F©®«»¦¶ˇ¬ľĽťŤśŚźŹąĄ]/g;

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

/** OLE compound file: an Excel 97–2003 workbook (.xls), or an XLSX locked with a password. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * The text of a CSV file and its encoding: UTF-8 (with or without a BOM), UTF-16 with a BOM
 * (Excel's "Unicode text"), else Windows-1250 or ISO-8859-2, whichever reads as Croatian letters
 * rather than rare ones (Windows-1250 when nothing tells them apart: Excel on a Croatian Windows
 * saves CSV in it). A file that is not text is ImportFileUnreadable, saying what it looks like.
 */
export function decodeCsvText(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (startsWith(bytes, OLE_MAGIC)) {
    throw new AppError("ImportFileUnreadable", { detail: IMPORT_UNREADABLE.oldExcel });
  }
  const decoded = decode(bytes);
  if (!looksLikeText(decoded.text)) {
    throw new AppError("ImportFileUnreadable", { detail: IMPORT_UNREADABLE.notText });
  }
  return decoded;
}

function decode(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder("utf-16le").decode(bytes), encoding: "utf-16le" };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder("utf-16be").decode(bytes), encoding: "utf-16be" };
  }
  try {
    // A BOM is dropped by the decoder itself.
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    // Not UTF-8: one of the two single-byte Central European encodings.
  }
  const candidates = (["windows-1250", "iso-8859-2"] as const).map((encoding) => {
    const text = new TextDecoder(encoding).decode(bytes);
    return { text, encoding, score: count(text, CROATIAN) - 2 * count(text, MISREAD) };
  });
  return candidates[1].score > candidates[0].score ? candidates[1] : candidates[0];
}

/** No NUL, and control characters other than tab and line breaks are rare. */
function looksLikeText(text: string): boolean {
  if (text.includes("\0")) return false;
  // deno-lint-ignore no-control-regex -- control characters are what this looks for
  const controls = count(text, /[\x01-\x08\x0B\x0C\x0E-\x1F\x7F]/g);
  return controls * 100 <= text.length;
}
