import type { MrzFormat } from "./mrz-format.ts";
import type { SlotReading } from "./slot-text.ts";

const LETTER = /^[A-Z]$/;
/** What the LSTM engine makes of `<` filler; never taken from it over the other reading. */
const LSTM_FILLER_GUESSES = new Set(["K", "L", "C"]);

/**
 * The name positions read by the legacy engine, with letters the LSTM engine read differently
 * and clearly more confidently put in their place. The legacy classifier confuses some OCR-B
 * letters on small photos (M as H, Z as I) that the LSTM engine reads right, while the LSTM
 * engine reads runs of `<` as letters; names carry no check digit, so this is their only check.
 */
export function mergeNames(
  format: MrzFormat,
  primary: SlotReading[][],
  secondary: SlotReading[][],
): string[] {
  const names = format === "TD1" ? { line: 2, start: 0 } : { line: 0, start: 5 };
  return primary.map((line, l) =>
    line.map((slot, i) => {
      if (l !== names.line || i < names.start) return slot.char;
      const other = secondary[l]?.[i];
      if (!other || !LETTER.test(slot.char) || !LETTER.test(other.char)) return slot.char;
      if (other.char === slot.char || LSTM_FILLER_GUESSES.has(other.char)) return slot.char;
      return other.confidence > slot.confidence + 10 ? other.char : slot.char;
    }).join("")
  );
}
