import sharp from "sharp";
import type { GreyImage } from "./grey-image.ts";

/** Larger photos are scaled down to this longest side before analysis (MRZ stays ≥ 20 px). */
export const WORKING_MAX_SIDE = 2200;
/**
 * Smaller photos (a phone's thumbnail, a cropped scan 300 px wide) are enlarged to this longest
 * side first: their characters are then tall enough for the zone finder and the classifier.
 */
export const WORKING_MIN_SIDE = 1200;
/** Decompression-bomb guard: a small file that claims more pixels than this is refused. */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Decodes a JPEG, PNG or WebP in memory with sharp (libvips): turned upright by its EXIF
 * orientation, reduced to grey, scaled down to WORKING_MAX_SIDE or up to WORKING_MIN_SIDE
 * (Lanczos). Throws on anything else.
 */
export async function decodeGrey(bytes: Uint8Array): Promise<GreyImage> {
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
  const { width = 0, height = 0 } = await input().metadata();
  const longSide = Math.max(width, height);
  const target = longSide < WORKING_MIN_SIDE ? WORKING_MIN_SIDE : WORKING_MAX_SIDE;
  const { data, info } = await input()
    .rotate()
    .flatten({ background: "#ffffff" })
    .greyscale()
    .resize({
      width: target,
      height: target,
      fit: "inside",
      withoutEnlargement: longSide >= WORKING_MIN_SIDE,
      kernel: "lanczos3",
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected one channel, got ${info.channels}`);
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height),
  };
}
