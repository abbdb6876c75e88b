import { decodeGrey, encodePng } from "./decode-image.ts";
import { flipStrip, lineStrip, stackStrips, type StripOptions } from "./line-strips.ts";
import { locateMrz } from "./locate-mrz.ts";
import { correctMrz, UNREAD } from "./correct-mrz.ts";
import { MRZ_LAYOUTS, type MrzFormat } from "./mrz-format.ts";
import { type MrzFields, parseMrz } from "./parse-mrz.ts";
import type { OcrEngine } from "./ocr-engine.ts";
import { assignToSlots, type OcrSymbol, type SlotReading } from "./slot-text.ts";
import { mergeNames } from "./second-opinion.ts";

/** The two engines: legacy reads, LSTM gives a second opinion on names and ties. */
export interface OcrEngines {
  legacy: OcrEngine;
  lstm: OcrEngine;
}

function slotsOf(symbols: OcrSymbol[], rows: Parameters<typeof assignToSlots>[1]) {
  return assignToSlots(symbols, rows).map((line) =>
    line.map((s): SlotReading => ({ char: s.char || UNREAD, confidence: s.confidence }))
  );
}

export type MrzFailure = "no-mrz-found" | "unreadable";

/**
 * The fields of an answer that are not certain: the readings disagreed, a character was changed
 * to satisfy a check digit, a look-alike sits where no check digit can tell, or confidence is low.
 * The guest is asked to check them against the document.
 */
export type UncertainField = keyof MrzFields;

export type MrzRead =
  | {
    ok: true;
    format: MrzFormat;
    lines: string[];
    fields: MrzFields;
    uncertain: UncertainField[];
  }
  | { ok: false; reason: MrzFailure };

/** The ways a found zone is handed to the OCR, the most often right first. */
const ATTEMPTS: { flip: boolean; strip: StripOptions }[] = [
  { flip: false, strip: { darker: 0.3 } },
  { flip: true, strip: { darker: 0.3 } },
  { flip: false, strip: { darker: 0.2 } },
  { flip: false, strip: { darker: 0.4 } },
];

/**
 * Reads the MRZ of an image: find the zone (turning the image if need be), cut each line out
 * straightened, OCR the stacked lines, put the characters into the lines' known positions,
 * correct with the check digits and parse. A zone that reads upside down or fails its check
 * digits is tried again in the other ways of ATTEMPTS.
 */
export async function readMrzFromImage(
  bytes: Uint8Array,
  ocr: OcrEngines,
  today: Date,
): Promise<MrzRead> {
  const image = await decodeGrey(bytes);
  let found = false;
  for (const located of locateMrz(image)) {
    found = true;
    const { region } = located;
    const length = MRZ_LAYOUTS[region.format].length;
    for (const attempt of ATTEMPTS) {
      const upright = region.lines.map((line) =>
        lineStrip(located.image, line, length, attempt.strip)
      );
      const strips = attempt.flip ? upright.map(flipStrip).reverse() : upright;
      const stacked = stackStrips(strips);
      const png = await encodePng(stacked.image);
      // Both engines at once, each in its own thread.
      const [primary, secondary] = await Promise.all([
        ocr.legacy.readSymbols(png),
        ocr.lstm.readSymbols(png),
      ]).then((both) => both.map((symbols: OcrSymbol[]) => slotsOf(symbols, stacked.rows)));
      const text = mergeNames(region.format, primary, secondary);
      const hint = secondary.map((line) => line.map((s) => s.char || UNREAD).join(""));
      const confidence = primary.map((line) => line.map((s) => s.confidence));
      const corrected = correctMrz(region.format, text, { hint, confidence });
      const fields = corrected && parseMrz(corrected, today);
      if (fields) {
        return { ok: true, format: region.format, lines: corrected, fields, uncertain: [] };
      }
    }
  }
  return { ok: false, reason: found ? "unreadable" : "no-mrz-found" };
}
