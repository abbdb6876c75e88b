import { decodeGrey } from "./decode-image.ts";
import { flipStrip, lineStrip } from "./line-strips.ts";
import { type LocatedMrz, locateMrz } from "./locate-mrz.ts";
import { CELL_SIZE, GLYPH_CHAR_HEIGHT, glyphCells } from "./glyph-cells.ts";
import type { GlyphModel } from "./glyph-model.ts";
import { decodeMrz, type DecodeOptions } from "./decode-mrz.ts";
import { MRZ_ALPHABET, MRZ_LAYOUTS, type MrzFormat } from "./mrz-format.ts";
import { type MrzFields, parseMrz } from "./parse-mrz.ts";
import { sharpen } from "./sharpen.ts";

/**
 * The fields of an answer that are not certain: a character was changed to satisfy a check digit
 * or a list of codes, a look-alike sits where no check digit can tell, or confidence is low.
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
  probabilities: Float32Array;
  /** Mean probability of the best character per position: upside-down cells score low. */
  score: number;
}

/**
 * Reads the MRZ of an image: find the zone (turning the image a quarter either way if need be),
 * cut each line out straightened, classify every character cell in both directions (a zone may
 * be upside down: every orientation gets the same effort), and decode the likeliest reading
 * against the MRZ's rules. When no reading decodes, the zone's lines are sharpened for a last
 * attempt (blurred or small characters).
 */
export async function readMrzFromImage(
  bytes: Uint8Array,
  glyphs: GlyphModel,
  today: Date,
  explain?: DecodeOptions["explain"],
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
        [false, true].map((upsideDown) => readZone(located, upsideDown, glyphs, sharpened)),
      );
      readings.sort((a, b) => b.score - a.score);
      if (readings[0].score < LIKE_TEXT) continue;
      if (!sharpened) worthSharpening.push(located);
      for (const reading of readings) {
        const read = decodeReading(reading, today, explain);
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
    const strip = lineStrip(located.image, line, length, GLYPH_CHAR_HEIGHT);
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
  return { located, upsideDown, probabilities, score: total / count };
}

function decodeReading(
  reading: ZoneReading,
  today: Date,
  explain?: DecodeOptions["explain"],
): MrzRead | undefined {
  const format = reading.located.region.format;
  const decoded = decodeMrz(format, reading.probabilities, { explain });
  const fields = decoded && parseMrz(decoded.lines, today);
  if (!decoded || !fields) return undefined;
  return { ok: true, format, lines: decoded.lines, fields, uncertain: [...decoded.uncertain] };
}
