import { type GreyImage, integralOf, windowMean } from "./grey-image.ts";

/**
 * Dark ink on lighter paper, by a local threshold (Bradley–Roth on a summed-area table): a pixel
 * is ink when it is clearly darker than the mean of the window around it. The local mean copes
 * with uneven lighting and glare, and the minimum contrast keeps the grain of a uniform desk or
 * a plain background from turning into specks. 1 = ink.
 */
export function inkMask(
  image: GreyImage,
  { radius, darker = 0.12, minContrast = 18 }: {
    radius: number;
    darker?: number;
    minContrast?: number;
  },
): Uint8Array {
  const { width: w, height: h, data } = image;
  const sum = integralOf(image);
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const mean = windowMean(sum, w, h, x, y, radius);
      const margin = Math.max(mean * darker, minContrast);
      if (data[y * w + x] < mean - margin) mask[y * w + x] = 1;
    }
  }
  return mask;
}
