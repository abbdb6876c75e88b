import { characterLike, textLines } from "./text-lines.ts";
import { connectedBlobs } from "./components.ts";
import { findMrz, type MrzRegion } from "./find-mrz.ts";
import { type GreyImage, inverted, rotateQuarterTurns } from "./grey-image.ts";
import { inkMask } from "./ink-mask.ts";

/** An MRZ found in the image turned by `turns` quarter turns clockwise. */
export interface LocatedMrz {
  image: GreyImage;
  turns: 0 | 1 | 3;
  region: MrzRegion;
}

/**
 * Looks for the MRZ as the image is, then turned a quarter either way (a card photographed
 * sideways), at each of the INK_LEVELS in turn; last, in negative at the usual level (light
 * characters on a dark ground: a zone printed or shown so, a scan saved inverted). A zone found
 * again at another level is not offered twice. Lazy: the reader stops asking once a zone is
 * read. Upside-down zones are found as they are; the OCR step turns their strips over.
 */
export function* locateMrz(image: GreyImage): Generator<LocatedMrz> {
  const seen: MrzRegion[] = [];
  const fresh = (region: MrzRegion | undefined): region is MrzRegion => {
    if (!region || seen.some((other) => sameZone(other, region))) return false;
    seen.push(region);
    return true;
  };
  yield* inTurns(image, INK_LEVELS, fresh);
  yield* inTurns(inverted(image), INK_LEVELS.slice(0, 1), fresh);
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
      const region = findRegion(view, ink);
      if (fresh(region)) yield { image: view, turns, region };
    }
  }
}

/**
 * How dark ink must be against its surroundings, tried in turn while no zone has been read: the
 * usual level, then a strict one that leaves out what is only a little darker than the paper
 * (guilloche, tints and security print running through the zone join its characters into one
 * blob at the usual level). A lenient third level for faint ink was tried: thin grey laser
 * engraving is found at the usual level already, and the lenient one found zones washed out by
 * glare that were then read wrong with confidence.
 */
interface InkLevel {
  darker: number;
  minContrast: number;
}
const INK_LEVELS: readonly InkLevel[] = [
  { darker: 0.12, minContrast: 18 },
  { darker: 0.4, minContrast: 70 },
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

function findRegion(image: GreyImage, ink: InkLevel): MrzRegion | undefined {
  const longSide = Math.max(image.width, image.height);
  // Characters of an MRZ are 1/100 to 1/25 of a photo's long side when the document fills a
  // good part of it; the local window is about a character high.
  const radius = Math.max(8, Math.min(40, Math.round(longSide / 60)));
  const mask = inkMask(image, { radius, ...ink });
  const blobs = connectedBlobs(mask, image.width, image.height)
    .filter((b) => characterLike(b, 9, Math.max(40, longSide / 12)));
  return findMrz(textLines(blobs, 12));
}
