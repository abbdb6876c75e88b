import sharp from "sharp";
import type { GreyImage } from "./grey-image.ts";

/**
 * A blurred strip made crisper for a last attempt: libvips's unsharp mask (sharp), strong enough
 * to separate the strokes of small or motion-blurred characters.
 */
export async function sharpen(image: GreyImage): Promise<GreyImage> {
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 1 },
  }).sharpen({ sigma: 1.5, m1: 1, m2: 3 }).raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height),
  };
}
