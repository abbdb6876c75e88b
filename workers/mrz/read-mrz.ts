import { decodeGrey, enlarged } from "./decode-image.ts";
import { flipStrip, lineStrip } from "./line-strips.ts";
import { type LocatedMrz, locateMrz } from "./locate-mrz.ts";
import { CELL_SIZE, GLYPH_CHAR_HEIGHT, glyphCells } from "./glyph-cells.ts";
import type { GlyphModel } from "./glyph-model.ts";
import { decodeMrz, type DecodeOptions } from "./decode-mrz.ts";
import {
  type DocumentFormat,
  FRENCH_ID,
  MRZ_ALPHABET,
  MRZ_LAYOUTS,
  VISA_OF,
} from "./mrz-format.ts";
import { type MrzFields, parseMrz } from "./parse-mrz.ts";
import { sharpen } from "./sharpen.ts";

/**
 * The fields of an answer that are not certain: a character was changed to satisfy a check digit
 * or a list of codes, a look-alike sits where no check digit can tell, or confidence is low.
 * The guest is asked to check them against the document.
 */
export type UncertainField = keyof MrzFields;

export type MrzFailure = "no-mrz-found" | "unreadable";

/**
 * Why a photo got no answer, for the log and bench/mrz.ts (never shown to the guest, who is
 * told "unreadable" either way): no zone found; a zone whose cells are not text the classifier
 * knows; text whose check digits, dates or codes never held; the time budget spent first.
 */
export type MrzRefusal = "zone-not-found" | "not-text" | "checks-failed" | "out-of-time";

export type MrzRead =
  | {
    ok: true;
    format: DocumentFormat;
    lines: string[];
    fields: MrzFields;
    uncertain: UncertainField[];
  }
  | { ok: false; reason: MrzFailure; why: MrzRefusal };

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
 * attempt (blurred or small characters), and a small photo is tried again enlarged.
 */
export async function readMrzFromImage(
  bytes: Uint8Array,
  glyphs: GlyphModel,
  today: Date,
  explain?: DecodeOptions["explain"],
): Promise<MrzRead> {
  const started = performance.now();
  const image = await decodeGrey(bytes);
  let why: MrzRefusal = "zone-not-found";
  // The photo as it is, then (a small one) enlarged; in each, the zone as found, then sharpened
  // for a last attempt; each way up, the likelier first.
  for (const view of [image, () => enlarged(image)]) {
    // Enlarged only when the photo as it is could not be read.
    const source = typeof view === "function" ? await view() : view;
    if (!source) continue;
    const worthSharpening: LocatedMrz[] = [];
    for (const sharpened of [false, true]) {
      for (const located of sharpened ? worthSharpening : locateMrz(source)) {
        if (why === "zone-not-found") why = "not-text";
        if (performance.now() - started > TIME_BUDGET_MS) {
          return { ok: false, reason: "unreadable", why: "out-of-time" };
        }
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
        if (why === "not-text") why = "checks-failed";
      }
    }
  }
  return { ok: false, reason: why === "zone-not-found" ? "no-mrz-found" : "unreadable", why };
}

/**
 * Mean probability of the best character below which a zone's cells are not text the classifier
 * knows (noise, a pattern taken for lines): not decoded, not tried again sharpened.
 */
const LIKE_TEXT = 0.5;
/**
 * A reading that doubts more fields than this is no reading (a zone blurred past reading, found
 * by projection, gives digits that the check digits hold and names that nothing checks): the
 * guest types the fields faster than they would check and correct them all.
 */
const MAX_UNCERTAIN = 5;
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
  const format = documentFormatOf(reading);
  const decoded = decodeMrz(format, reading.probabilities, { explain });
  const fields = decoded && parseMrz(decoded.lines, today, format);
  if (!decoded || !fields) return undefined;
  const uncertain = new Set([...decoded.uncertain, ...impossibleFields(fields)]);
  if (uncertain.size > MAX_UNCERTAIN) return undefined;
  return { ok: true, format, lines: decoded.lines, fields, uncertain: [...uncertain] };
}

/**
 * Fields whose value no document has, whatever the check digits say (nothing checks the names):
 * a document always names its holder, so a names line read as fillers alone is a line misread
 * (a pattern taken for chevrons), not a person without a name. Its fields are doubted, never
 * offered as read.
 */
export function impossibleFields(fields: MrzFields): UncertainField[] {
  return fields.surname === "" && fields.givenNames === "" ? ["surname", "givenNames"] : [];
}

/**
 * A zone of a passport's or a TD2 card's size whose first character reads V is a visa's (MRV-A,
 * MRV-B): its second line ends in optional data without the passport's check digits. A TD2-sized
 * zone that starts IDFRA is the old French identity card's.
 */
function documentFormatOf({ located, probabilities }: ZoneReading): DocumentFormat {
  const layout = located.region.format;
  if (layout === "TD1") return layout;
  const start = Array.from({ length: 5 }, (_, n) => {
    let best = 0;
    for (let c = 1; c < MRZ_ALPHABET.length; c++) {
      const at = n * MRZ_ALPHABET.length;
      if (probabilities[at + c] > probabilities[at + best]) best = c;
    }
    return MRZ_ALPHABET[best];
  }).join("");
  if (start[0] === "V") return VISA_OF[layout];
  // The old French identity card has a 2 × 36 zone of its own layout.
  return layout === "TD2" && start === "IDFRA" ? FRENCH_ID : layout;
}
