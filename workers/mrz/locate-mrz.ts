import { characterLike, textLines } from "./text-lines.ts";
import { connectedBlobs, mergeStacked } from "./components.ts";
import { mrzCandidates, type MrzRegion } from "./find-mrz.ts";
import { type GreyImage, inverted, rotateQuarterTurns } from "./grey-image.ts";
import { inkMask } from "./ink-mask.ts";
import { projectedLines, SEED_CHARS } from "./projected-lines.ts";

/** An MRZ found in the image turned by `turns` quarter turns clockwise. */
export interface LocatedMrz {
  image: GreyImage;
  turns: 0 | 1 | 3;
  region: MrzRegion;
  /** How it was found (the InkLevel's name; "negative" for a zone in negative). */
  method: FindMethod;
}

export type FindMethod = "chains" | "pieces joined" | "strict" | "projection" | "negative";

/**
 * Looks for the MRZ as the image is, then turned a quarter either way (a card photographed
 * sideways), by each of the INK_LEVELS' methods in turn; last, in negative at the usual level
 * (light characters on a dark ground: a zone printed or shown so, a scan saved inverted). A zone
 * found again by another method is not offered twice. Lazy: the reader stops asking once a zone
 * is read, so the later, slower methods cost only the photos the earlier ones could not read.
 * Upside-down zones are found as they are; the OCR step turns their strips over.
 */
export function* locateMrz(image: GreyImage): Generator<LocatedMrz> {
  const seen: MrzRegion[] = [];
  const fresh = (region: MrzRegion | undefined): region is MrzRegion => {
    if (!region || seen.some((other) => sameZone(other, region))) return false;
    seen.push(region);
    return true;
  };
  yield* inTurns(image, INK_LEVELS, fresh);
  yield* inTurns(inverted(image), [{ ...INK_LEVELS[0], method: "negative" }], fresh);
}

/** The zones `fresh` keeps, found at each of `levels` in the image as it is and turned. */
function* inTurns(
  upright: GreyImage,
  levels: readonly InkLevel[],
  fresh: (region: MrzRegion | undefined) => region is MrzRegion,
): Generator<LocatedMrz> {
  const turned: (GreyImage | undefined)[] = [upright, undefined, undefined];
  for (const ink of levels) {
    for (const [k, turns] of ([0, 3, 1] as const).entries()) {
      const view = turned[k] ??= rotateQuarterTurns(upright, turns as 1 | 3);
      for (const region of findRegions(view, ink)) {
        if (fresh(region)) yield { image: view, turns, region, method: ink.method };
      }
    }
  }
}

/**
 * The ways of finding a zone, tried in turn while no zone has been read:
 *
 * - "chains": characters are blobs of ink clearly darker than their surroundings, chained into
 *   lines of even pitch (the usual case);
 * - "pieces joined": the same, with the pieces of a broken character joined first (thin laser
 *   engraving comes apart into the top and bottom of a digit, which break a line's chain);
 * - "strict": only what is much darker than the paper (guilloche, tints and security print
 *   running through the zone join its characters into one blob at the usual level);
 * - "projection": lines grown from the pieces of lines the others found, by projecting the ink
 *   across their slant (projected-lines.ts), for zones whose characters came apart or touch a
 *   pattern so often that no chain is long enough; its three likeliest zones are offered, and
 *   the decoder's checks pick.
 *
 * A lenient level for faint ink was tried: the lenient one found zones washed out by glare that
 * were then read wrong with confidence.
 */
interface InkLevel {
  method: FindMethod;
  darker: number;
  minContrast: number;
  /** Join the pieces of characters whose strokes came apart (mergeStacked). */
  mergePieces?: boolean;
  /** Lines by projection from pieces of lines (projectedLines), not by chains of characters. */
  project?: boolean;
}
const STRICT_INK: InkLevel = { method: "strict", darker: 0.4, minContrast: 70 };
const INK_LEVELS: readonly InkLevel[] = [
  { method: "chains", darker: 0.12, minContrast: 18 },
  { method: "pieces joined", darker: 0.12, minContrast: 18, mergePieces: true },
  STRICT_INK,
  { method: "projection", darker: 0.12, minContrast: 18, mergePieces: true, project: true },
];

/** Two finds of one zone (the same lines at another ink level): read once. */
function sameZone(a: MrzRegion, b: MrzRegion): boolean {
  if (a.format !== b.format || a.lines.length !== b.lines.length) return false;
  return a.lines.every((line, i) => {
    const other = b.lines[i];
    return Math.abs(line.startX - other.startX) < line.pitch &&
      Math.abs(line.endX - other.endX) < line.pitch &&
      Math.abs(line.intercept - other.intercept) < line.charHeight / 2;
  });
}

function findRegions(image: GreyImage, ink: InkLevel): MrzRegion[] {
  const longSide = Math.max(image.width, image.height);
  // Characters of an MRZ are 1/100 to 1/25 of a photo's long side when the document fills a
  // good part of it; the local window is about a character high.
  const radius = Math.max(8, Math.min(40, Math.round(longSide / 60)));
  const lines = (level: InkLevel, minChars: number) => {
    const mask = inkMask(image, { radius, ...level });
    const pieces = connectedBlobs(mask, image.width, image.height);
    const blobs = (level.mergePieces ? mergeStacked(pieces) : pieces)
      .filter((b) => characterLike(b, 9, Math.max(40, longSide / 12)));
    return { mask, lines: textLines(blobs, minChars) };
  };
  if (!ink.project) return mrzCandidates(lines(ink, 12).lines, 1);
  // Seeds from the usual level and from the strict one (where pattern lines crossing the zone
  // join its characters at the usual level); the bands are measured on the usual mask.
  const usual = lines(ink, SEED_CHARS);
  const strict = lines({ ...STRICT_INK, mergePieces: true }, SEED_CHARS);
  return mrzCandidates(projectedLines([...usual.lines, ...strict.lines], usual.mask, image), 3);
}
