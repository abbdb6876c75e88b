import sharp from "sharp";
import type { GreyImage } from "./grey-image.ts";

/** Larger photos are scaled down to this longest side before analysis (MRZ stays ≥ 20 px). */
export const WORKING_MAX_SIDE = 2200;
/** Decompression-bomb guard: a small file that claims more pixels than this is refused. */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Decodes a JPEG, PNG or WebP in memory with sharp (libvips): turned upright by its EXIF
 * orientation, reduced to grey, scaled down to WORKING_MAX_SIDE. Throws on anything else.
 */
export async function decodeGrey(bytes: Uint8Array): Promise<GreyImage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
    .rotate()
    .flatten({ background: "#ffffff" })
    .greyscale()
    .resize({
      width: WORKING_MAX_SIDE,
      height: WORKING_MAX_SIDE,
      fit: "inside",
      withoutEnlargement: true,
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
