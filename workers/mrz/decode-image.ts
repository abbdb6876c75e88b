import sharp, { type OutputInfo } from "sharp";
import type { GreyImage } from "./grey-image.ts";

/** Larger photos are scaled down to this longest side before analysis (MRZ stays ≥ 20 px). */
export const WORKING_MAX_SIDE = 2200;
/**
 * A smaller photo (a phone's thumbnail, a cropped scan 300 px wide) is read again enlarged to
 * this longest side when it cannot be read as it is: its characters are then tall enough for the
 * zone finder and the classifier.
 */
export const WORKING_MIN_SIDE = 1200;
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
  return greyOf(data, info);
}

/**
 * A decoded image whose long side is under WORKING_MIN_SIDE, enlarged to it (Lanczos); undefined
 * for one that is large enough already.
 */
export async function enlarged(image: GreyImage): Promise<GreyImage | undefined> {
  if (Math.max(image.width, image.height) >= WORKING_MIN_SIDE) return undefined;
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 1 },
  })
    .resize({
      width: WORKING_MIN_SIDE,
      height: WORKING_MIN_SIDE,
      fit: "inside",
      kernel: "lanczos3",
    })
    .toColourspace("b-w")
    .raw()
    .toBuffer({ resolveWithObject: true });
  return greyOf(data, info);
}

function greyOf(data: Buffer, info: OutputInfo): GreyImage {
  if (info.channels !== 1) throw new Error(`expected one channel, got ${info.channels}`);
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height),
  };
}
