/** An 8-bit greyscale raster, row by row: the one image shape the MRZ pipeline works on. */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The image turned by a quarter turn: `1` clockwise, `3` counter-clockwise, `2` half a turn. */
export function rotateQuarterTurns(image: GreyImage, turns: 1 | 2 | 3): GreyImage {
  const { width: w, height: h, data } = image;
  const swapped = turns !== 2;
  const out = new Uint8Array(w * h);
  const ow = swapped ? h : w;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let ox: number, oy: number;
      if (turns === 1) [ox, oy] = [h - 1 - y, x];
      else if (turns === 3) [ox, oy] = [y, w - 1 - x];
      else [ox, oy] = [w - 1 - x, h - 1 - y];
      out[oy * ow + ox] = data[y * w + x];
    }
  }
  return { width: ow, height: swapped ? w : h, data: out };
}

/** Bilinear sample at a real position; outside the image counts as white paper. */
/** The image in negative: light ink on dark ground becomes dark ink on light. */
export function inverted(image: GreyImage): GreyImage {
  const data = new Uint8Array(image.data.length);
  for (let i = 0; i < data.length; i++) data[i] = 255 - image.data[i];
  return { width: image.width, height: image.height, data };
}

export function sampleAt(image: GreyImage, x: number, y: number): number {
  const { width: w, height: h, data } = image;
  if (x < 0 || y < 0 || x > w - 1 || y > h - 1) return 255;
  const x0 = Math.floor(x), y0 = Math.floor(y);
  const x1 = Math.min(x0 + 1, w - 1), y1 = Math.min(y0 + 1, h - 1);
  const fx = x - x0, fy = y - y0;
  const top = data[y0 * w + x0] * (1 - fx) + data[y0 * w + x1] * fx;
  const bottom = data[y1 * w + x0] * (1 - fx) + data[y1 * w + x1] * fx;
  return top * (1 - fy) + bottom * fy;
}

/** Summed-area table (one row and column of zeros in front) for constant-time window means. */
export function integralOf(image: GreyImage): Float64Array {
  const { width: w, height: h, data } = image;
  const stride = w + 1;
  const sum = new Float64Array(stride * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += data[y * w + x];
      sum[(y + 1) * stride + x + 1] = sum[y * stride + x + 1] + row;
    }
  }
  return sum;
}

/** Mean of the window of radius `r` around (x, y), clipped to the image. */
export function windowMean(
  sum: Float64Array,
  width: number,
  height: number,
  x: number,
  y: number,
  r: number,
): number {
  const stride = width + 1;
  const x0 = Math.max(0, x - r), x1 = Math.min(width, x + r + 1);
  const y0 = Math.max(0, y - r), y1 = Math.min(height, y + r + 1);
  const total = sum[y1 * stride + x1] - sum[y0 * stride + x1] - sum[y1 * stride + x0] +
    sum[y0 * stride + x0];
  return total / ((x1 - x0) * (y1 - y0));
}
