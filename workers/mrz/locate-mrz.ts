import { characterLike, textLines } from "./text-lines.ts";
import { connectedBlobs } from "./components.ts";
import { findMrz, type MrzRegion } from "./find-mrz.ts";
import { type GreyImage, rotateQuarterTurns } from "./grey-image.ts";
import { inkMask } from "./ink-mask.ts";

/** An MRZ found in the image turned by `turns` quarter turns clockwise. */
export interface LocatedMrz {
  image: GreyImage;
  turns: 0 | 1 | 3;
  region: MrzRegion;
}

/**
 * Looks for the MRZ as the image is, then turned a quarter either way (a card photographed
 * sideways). Upside-down zones are found as they are; the OCR step turns their strips over.
 */
export function* locateMrz(image: GreyImage): Generator<LocatedMrz> {
  for (const turns of [0, 3, 1] as const) {
    const turned = turns === 0 ? image : rotateQuarterTurns(image, turns);
    const region = findRegion(turned);
    if (region) yield { image: turned, turns, region };
  }
}

function findRegion(image: GreyImage): MrzRegion | undefined {
  const longSide = Math.max(image.width, image.height);
  // Characters of an MRZ are 1/100 to 1/25 of a photo's long side when the document fills a
  // good part of it; the local window is about a character high.
  const radius = Math.max(8, Math.min(40, Math.round(longSide / 60)));
  const mask = inkMask(image, { radius });
  const blobs = connectedBlobs(mask, image.width, image.height)
    .filter((b) => characterLike(b, 9, Math.max(40, longSide / 12)));
  return findMrz(textLines(blobs, 12));
}
