import { decodeGrey, encodePng } from "./decode-image.ts";
import { flipStrip, type LineStrip, lineStrip, stackStrips } from "./line-strips.ts";
import { type LocatedMrz, locateMrz } from "./locate-mrz.ts";
import { CELL_SIZE, GLYPH_CHAR_HEIGHT, glyphCells } from "./glyph-cells.ts";
import type { GlyphModel } from "./glyph-model.ts";
import { type DecodeEvidence, decodeMrz } from "./decode-mrz.ts";
import { MRZ_ALPHABET, MRZ_LAYOUTS, type MrzFormat } from "./mrz-format.ts";
import { type MrzFields, parseMrz } from "./parse-mrz.ts";
import type { OcrEngine } from "./ocr-engine.ts";
import { assignToSlots } from "./slot-text.ts";
import { sharpen } from "./sharpen.ts";

/** The OCR-B glyph classifier reads; Tesseract's LSTM engine gives a second opinion. */
export interface OcrEngines {
  glyphs: GlyphModel;
  lstm?: OcrEngine;
}

/**
 * The fields of an answer that are not certain: the readings disagreed, a character was changed
 * to satisfy a check digit, a look-alike sits where no check digit can tell, or confidence is low.
 * The guest is asked to check them against the document.
 */
export type UncertainField = keyof MrzFields;

export type MrzFailure = "no-mrz-found" | "unreadable";

export type MrzRead =
  | {
    ok: true;
    format: MrzFormat;
    lines: string[];
    fields: MrzFields;
    uncertain: UncertainField[];
  }
  | { ok: false; reason: MrzFailure };

/** One way of reading a found zone: its turn, upright or upside down, and what the cells say. */
interface ZoneReading {
  located: LocatedMrz;
  upsideDown: boolean;
  strips: LineStrip[];
  probabilities: Float32Array;
  /** Mean probability of the best character per position: upside-down cells score low. */
  score: number;
}

/**
 * Reads the MRZ of an image: find the zone (turning the image a quarter either way if need be),
 * cut each line out straightened, classify every character cell in both directions (a zone may
 * be upside down: every orientation gets the same effort), and decode the likeliest reading
 * against the MRZ's rules. When no reading decodes, the zone is cut again larger and sharpened
 * for a last attempt (blurred or small characters).
 */
export async function readMrzFromImage(
  bytes: Uint8Array,
  engines: OcrEngines,
  today: Date,
  explain?: DecodeEvidence["explain"],
): Promise<MrzRead> {
  const started = performance.now();
  const image = await decodeGrey(bytes);
  let found = false;
  const worthSharpening: LocatedMrz[] = [];
  // The zone as found, then sharpened for a last attempt; each way up, the likelier first.
  for (const sharpened of [false, true]) {
    for (const located of sharpened ? worthSharpening : locateMrz(image)) {
      found = true;
      if (performance.now() - started > TIME_BUDGET_MS) break;
      const readings = await Promise.all(
        [false, true].map((upsideDown) => readZone(located, upsideDown, engines.glyphs, sharpened)),
      );
      readings.sort((a, b) => b.score - a.score);
      if (readings[0].score < LIKE_TEXT) continue;
      if (!sharpened) worthSharpening.push(located);
      for (const reading of readings) {
        const read = await decodeReading(reading, engines, today, explain);
        if (read) return read;
      }
    }
  }
  return { ok: false, reason: found ? "unreadable" : "no-mrz-found" };
}

/**
 * Mean probability of the best character below which a zone's cells are not text the classifier
 * knows (noise, a pattern taken for lines): not decoded, not tried again sharpened.
 */
const LIKE_TEXT = 0.5;
/** No new attempt starts after this: a photo that cannot be read is answered quickly. */
const TIME_BUDGET_MS = 2000;

async function readZone(
  located: LocatedMrz,
  upsideDown: boolean,
  glyphs: GlyphModel,
  sharpened: boolean,
): Promise<ZoneReading> {
  const { region } = located;
  const length = MRZ_LAYOUTS[region.format].length;
  const upright = await Promise.all(region.lines.map(async (line) => {
    const strip = lineStrip(located.image, line, length, {
      binarize: false,
      charHeight: GLYPH_CHAR_HEIGHT,
    });
    return sharpened ? { ...strip, image: await sharpen(strip.image) } : strip;
  }));
  const strips = upsideDown ? upright.map(flipStrip).reverse() : upright;
  const cells = new Float32Array(strips.length * length * CELL_SIZE);
  strips.forEach((strip, l) => cells.set(glyphCells(strip), l * length * CELL_SIZE));
  const count = strips.length * length;
  const probabilities = glyphs.classify(cells, count);
  let total = 0;
  for (let n = 0; n < count; n++) {
    let best = 0;
    for (let c = 0; c < MRZ_ALPHABET.length; c++) {
      best = Math.max(best, probabilities[n * MRZ_ALPHABET.length + c]);
    }
    total += best;
  }
  return { located, upsideDown, strips, probabilities, score: total / count };
}

async function decodeReading(
  reading: ZoneReading,
  engines: OcrEngines,
  today: Date,
  explain?: DecodeEvidence["explain"],
): Promise<MrzRead | undefined> {
  const format = reading.located.region.format;
  const first = decodeMrz(format, reading.probabilities);
  if (!first || !parseMrz(first.lines, today)) return undefined;
  const disagreements = engines.lstm
    ? await secondOpinion(reading, engines.lstm, first.lines)
    : new Set<number>();
  const decoded = decodeMrz(format, reading.probabilities, { disagreements, explain });
  const fields = decoded && parseMrz(decoded.lines, today);
  if (!decoded || !fields) return undefined;
  return { ok: true, format, lines: decoded.lines, fields, uncertain: [...decoded.uncertain] };
}

/** What Tesseract's LSTM engine makes of runs of `<` filler; no disagreement with a `<`. */
const LSTM_FILLER_GUESSES = new Set(["K", "L", "C", "<"]);

/**
 * The positions (lines concatenated) where Tesseract's LSTM engine, reading the same lines
 * thresholded, saw a different character than `lines`. Positions it could not place say nothing.
 */
async function secondOpinion(
  reading: ZoneReading,
  lstm: OcrEngine,
  lines: string[],
): Promise<Set<number>> {
  const { located, upsideDown } = reading;
  const length = MRZ_LAYOUTS[located.region.format].length;
  const upright = located.region.lines.map((line) => lineStrip(located.image, line, length));
  const stacked = stackStrips(upsideDown ? upright.map(flipStrip).reverse() : upright);
  const symbols = await lstm.readSymbols(await encodePng(stacked.image));
  const slots = assignToSlots(symbols, stacked.rows);
  const disagreements = new Set<number>();
  slots.forEach((line, l) =>
    line.forEach((slot, i) => {
      const mine = lines[l][i];
      if (!slot.char || slot.char === mine) return;
      if (mine === "<" && LSTM_FILLER_GUESSES.has(slot.char)) return;
      disagreements.add(l * length + i);
    })
  );
  return disagreements;
}
