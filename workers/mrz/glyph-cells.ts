import type { LineStrip } from "./line-strips.ts";

/** Size of one character cell as the glyph classifier sees it: 24 wide, 32 high. */
export const CELL_WIDTH = 24;
export const CELL_HEIGHT = 32;
export const CELL_SIZE = CELL_WIDTH * CELL_HEIGHT;
/** Character height the line strips are cut at for the classifier (a cell is 1.4 of it high). */
export const GLYPH_CHAR_HEIGHT = 24;

/** A cell spans this many pitches around its slot's centre (a little of each neighbour). */
const CELL_SPAN = 1.2;

/**
 * The character cells of one grey (not thresholded) line strip: for each slot, the window of
 * CELL_SPAN pitches around it over the strip's band, resampled to CELL_WIDTH × CELL_HEIGHT and
 * normalised to ink = 1, paper = 0 against the paper and ink levels around that cell (lighting
 * gradients, glare and colour casts differ along a line). Cells are concatenated in slot order.
 */
export function glyphCells(strip: LineStrip): Float32Array {
  const { image, slots, band } = strip;
  const { width, data } = image;
  const n = slots.length;
  const pitch = n > 1 ? (slots[n - 1] - slots[0]) / (n - 1) : band.bottom - band.top;
  const out = new Float32Array(n * CELL_SIZE);
  const bandHeight = band.bottom - band.top;
  const levels = localLevels(strip, pitch);
  const halfSpan = (CELL_SPAN * pitch) / 2;
  for (let k = 0; k < n; k++) {
    const { paper, ink } = levels[k];
    const range = Math.max(paper - ink, 24);
    const left = slots[k] - halfSpan;
    const base = k * CELL_SIZE;
    for (let v = 0; v < CELL_HEIGHT; v++) {
      const y = band.top + ((v + 0.5) * bandHeight) / CELL_HEIGHT - 0.5;
      for (let u = 0; u < CELL_WIDTH; u++) {
        const x = left + ((u + 0.5) * 2 * halfSpan) / CELL_WIDTH - 0.5;
        const value = bilinear(data, width, image.height, x, y);
        const normalised = (paper - value) / range;
        out[base + v * CELL_WIDTH + u] = normalised < 0 ? 0 : normalised > 1.5 ? 1.5 : normalised;
      }
    }
  }
  return out;
}

/**
 * Paper and ink levels around each slot: the 90th and 3rd percentiles of the band over three
 * pitches centred on it.
 */
function localLevels(strip: LineStrip, pitch: number): { paper: number; ink: number }[] {
  const { image, slots, band } = strip;
  const { width, data } = image;
  return slots.map((centre) => {
    const x0 = Math.max(0, Math.floor(centre - 1.5 * pitch));
    const x1 = Math.min(width - 1, Math.ceil(centre + 1.5 * pitch));
    const histogram = new Uint32Array(256);
    let count = 0;
    for (let y = Math.max(0, Math.floor(band.top)); y < Math.min(image.height, band.bottom); y++) {
      for (let x = x0; x <= x1; x++) {
        histogram[data[y * width + x]]++;
        count++;
      }
    }
    return { paper: percentile(histogram, count, 0.9), ink: percentile(histogram, count, 0.03) };
  });
}

function percentile(histogram: Uint32Array, count: number, q: number): number {
  const target = q * count;
  let seen = 0;
  for (let value = 0; value < 256; value++) {
    seen += histogram[value];
    if (seen >= target) return value;
  }
  return 255;
}

function bilinear(data: Uint8Array, w: number, h: number, x: number, y: number): number {
  if (x < 0) x = 0;
  if (y < 0) y = 0;
  if (x > w - 1) x = w - 1;
  if (y > h - 1) y = h - 1;
  const x0 = Math.floor(x), y0 = Math.floor(y);
  const x1 = Math.min(x0 + 1, w - 1), y1 = Math.min(y0 + 1, h - 1);
  const fx = x - x0, fy = y - y0;
  const top = data[y0 * w + x0] * (1 - fx) + data[y0 * w + x1] * fx;
  const bottom = data[y1 * w + x0] * (1 - fx) + data[y1 * w + x1] * fx;
  return top * (1 - fy) + bottom * fy;
}
