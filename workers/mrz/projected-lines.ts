/*
 * One method, one file: seeding, projecting, following a band and refitting its line are the
 * steps of the projection described below, sharing its thresholds (character height, pitch,
 * contrast); none is used elsewhere, and apart they would be read out of order.
 */
import { type Blob, centreX } from "./components.ts";
import { fitLine, type TextLine } from "./text-lines.ts";
import type { GreyImage } from "./grey-image.ts";

/**
 * Text lines found by projection, for a zone whose characters came apart (thin or grey laser
 * engraving, security print through the zone): the chains of character blobs then stop after a
 * few characters and a line or two is missed altogether. Each such piece of a line (a seed) gives
 * the zone's slant, character height and pitch; then
 *
 * 1. the ink is projected across the slant, over the seed's width: the zone's lines show as bands
 *    a character high with clear space between them, the seed's own and its neighbours';
 * 2. each band is followed along its centre, a pitch at a time, while there is ink in the band and
 *    clearly less just above and below it (a pattern line crossing the card has ink on both
 *    sides), to where the line's characters end;
 * 3. each band becomes a line of evenly spaced character boxes from its first character to its
 *    last: the reader takes the pitch from the line's own width and the format's count.
 *
 * Mask: 1 = ink (inkMask). Seeds are text lines of at least SEED_CHARS characters.
 */
export function projectedLines(
  seeds: TextLine[],
  mask: Uint8Array,
  image: GreyImage,
): TextLine[] {
  // Twice: the long lines of the first round, straighter and wider than the pieces they grew
  // from, give clean bands for the lines the pieces missed.
  const first = projectFrom(seeds, mask, image);
  const second = projectFrom(first.filter((l) => l.blobs.length >= LONG_LINE), mask, image);
  return [...first, ...second];
}

function projectFrom(seeds: TextLine[], mask: Uint8Array, image: GreyImage): TextLine[] {
  const { width, height } = image;
  const at = (x: number, y: number) => {
    const xi = Math.round(x), yi = Math.round(y);
    return xi >= 0 && yi >= 0 && xi < width && yi < height ? mask[yi * width + xi] : 0;
  };
  const out: TextLine[] = [];
  const done: { y: number; x0: number; x1: number; h: number }[] = [];
  const ordered = [...seeds].sort((a, b) => b.blobs.length - a.blobs.length).slice(0, MAX_SEEDS);
  for (const seed of ordered) {
    const h = seed.charHeight;
    const pitch = seedPitch(seed);
    if (!pitch) continue;
    const mid = (seed.startX + seed.endX) / 2;
    const seedY = seed.intercept + seed.slope * mid;
    if (done.some((d) => Math.abs(d.y - seedY) < 4 * d.h && mid > d.x0 && mid < d.x1)) continue;
    const line = (offset: number) => (x: number) => seed.intercept + seed.slope * x + offset;
    // 1. Bands across the slant, over the seed's own width.
    const profile: number[] = [];
    const reach = Math.round(4 * h);
    const xs: number[] = [], bases: number[] = [];
    for (let x = Math.round(seed.startX); x <= seed.endX; x += 1) {
      xs.push(x), bases.push(seed.intercept + seed.slope * x);
    }
    for (let d = -reach; d <= reach; d++) {
      let ink = 0;
      for (let k = 0; k < xs.length; k++) ink += at(xs[k], bases[k] + d);
      profile.push(ink / Math.max(1, xs.length));
    }
    const followed: { y: (x: number) => number; extent: Extent; h: number }[] = [];
    for (const band of bandsOf(profile, h)) {
      let y = line(band.centre - reach);
      // 2. Followed along its centre both ways from the seed's middle; then, the slant measured
      // again over the whole line (a short seed's is rough) and followed once more.
      let extent = follow(image, y, mid, pitch, band.height);
      if (!extent) continue;
      const refined = refit(image, y, extent, band.height);
      if (refined) {
        y = refined;
        extent = follow(image, y, mid, pitch, band.height) ?? extent;
      }
      followed.push({ y, extent, h: band.height });
    }
    // The lines of a zone start and end together: a line whose run stopped far from where most
    // of its neighbours' did (pattern lines crossing a few characters) takes theirs.
    const zone = {
      start: median(followed.map((f) => f.extent.start)),
      end: median(followed.map((f) => f.extent.end)),
    };
    for (const { y, extent, h: bandHeight } of followed) {
      const start = Math.abs(extent.start - zone.start) < 1.5 * pitch ? extent.start : zone.start;
      const end = Math.abs(extent.end - zone.end) < 1.5 * pitch ? extent.end : zone.end;
      // 3. Evenly spaced boxes from the first character to the last.
      const half = HALF_GLYPH * bandHeight;
      const first = start + half, last = end - half;
      const count = Math.round((last - first) / pitch) + 1;
      if (count < MIN_CHARS) continue;
      const step = (last - first) / (count - 1);
      const blobs: Blob[] = Array.from({ length: count }, (_, k) => {
        const cx = first + k * step, cy = y(cx);
        return {
          x0: Math.round(cx - half),
          x1: Math.round(cx + half),
          y0: Math.round(cy - bandHeight / 2),
          y1: Math.round(cy + bandHeight / 2),
          pixels: Math.round(bandHeight * half),
        };
      });
      out.push(fitLine(blobs));
    }
    done.push({ y: seedY, x0: seed.startX, x1: seed.endX, h });
  }
  return out;
}

/** The longest pieces of lines, at most, that are projected (each costs a few milliseconds). */
const MAX_SEEDS = 8;
/** A line of the first round this long seeds the second. */
const LONG_LINE = 20;
/** A projected line has at least this many characters (an MRZ line 30). */
const MIN_CHARS = 12;
/** Half a glyph's width against the character height (OCR-B draws about 0.6 of it). */
const HALF_GLYPH = 0.3;

/**
 * The pitch of a seed from the steps between its blobs: a step of one, two or three characters
 * (a character lost between them) gives a pitch of about a character height; pieces of a broken
 * character are closer. The median of those.
 */
function seedPitch(seed: TextLine): number | undefined {
  const h = seed.charHeight;
  const pitches: number[] = [];
  seed.blobs.slice(1).forEach((b, i) => {
    const step = centreX(b) - centreX(seed.blobs[i]);
    for (let k = 1; k <= 3; k++) {
      if (step / k > 0.7 * h && step / k < 1.5 * h) {
        pitches.push(step / k);
        break;
      }
    }
  });
  pitches.sort((a, b) => a - b);
  return pitches.length >= 3 ? pitches[Math.floor(pitches.length / 2)] : undefined;
}

/**
 * Rows of the profile (ink share per offset) that form text bands about a character high: runs
 * above a level set by the seed's own band, separated by clear space.
 */
function bandsOf(profile: number[], h: number): { centre: number; height: number }[] {
  // The level is the seed's own band's (the middle of the profile): a photo or a dark pattern
  // nearby would set it too high for thin characters.
  const middle = (profile.length - 1) / 2;
  const peak = Math.max(
    ...profile.slice(Math.round(middle - 0.6 * h), Math.round(middle + 0.6 * h) + 1),
  );
  if (peak < 0.05) return [];
  const level = 0.35 * peak;
  const bands: { centre: number; height: number }[] = [];
  let start = -1;
  for (let i = 0; i <= profile.length; i++) {
    const inside = i < profile.length && profile[i] >= level;
    if (inside && start < 0) start = i;
    if (!inside && start >= 0) {
      const height = i - start;
      if (height >= 0.55 * h && height <= 1.4 * h) {
        bands.push({ centre: (start + i - 1) / 2, height: Math.max(height, 0.8 * h) });
      }
      start = -1;
    }
  }
  return bands;
}

/**
 * Where a band's characters start and end: the run of columns around `from` that hold a
 * character's ink (clearly darker than the paper within the band, and not as dark just above
 * and below it, where a pattern line crossing the card would be), with gaps of at most
 * MAX_GAP pitches (the space inside a W, a chevron too faint, a character lost to glare).
 * Measured on the grey image, not the mask: thin chevrons that the mask keeps only as dots are
 * still clearly darker; and column by column, not a pitch at a time, so that a pitch measured a
 * little wrong on a broken seed does not drift off the characters.
 */
function follow(
  image: GreyImage,
  y: (x: number) => number,
  from: number,
  pitch: number,
  h: number,
): Extent | undefined {
  const reach = Math.round(50 * pitch);
  const x0 = Math.max(0, Math.round(from) - reach);
  const x1 = Math.min(image.width - 1, Math.round(from) + reach);
  const columns = x1 - x0 + 1;
  const inks = new Float32Array(columns), papers = new Float32Array(columns);
  const outsides = new Float32Array(columns).fill(255);
  // The paper: the 90th percentile of the column, from a histogram of 8-level bins.
  const bins = new Uint16Array(32);
  for (let x = x0; x <= x1; x++) {
    const base = y(x);
    let inside = 255, outside = 255, count = 0;
    bins.fill(0);
    for (let d = Math.round(-1.2 * h); d <= 1.2 * h; d++) {
      const yi = Math.round(base + d);
      if (yi < 0 || yi >= image.height) continue;
      const v = image.data[yi * image.width + x];
      bins[v >> 3]++, count++;
      const a = Math.abs(d);
      if (a <= 0.45 * h) inside = Math.min(inside, v);
      else if (a >= 0.62 * h && a <= 0.95 * h) outside = Math.min(outside, v);
    }
    if (!count) continue;
    let seen = 0, bin = 0;
    while (bin < 31 && (seen += bins[bin]) < 0.9 * count) bin++;
    papers[x - x0] = bin * 8 + 4;
    inks[x - x0] = inside;
    outsides[x - x0] = outside;
  }
  // Above and below, half a pitch either side: a slanted pattern line crosses the band at one
  // column and the space above it a few columns off.
  const near = Math.round(0.5 * pitch);
  const active = new Uint8Array(columns);
  for (let i = 0; i < columns; i++) {
    const ink = papers[i] - inks[i];
    if (ink < MIN_CONTRAST) continue;
    let outside = 255;
    for (let j = Math.max(0, i - near); j <= Math.min(columns - 1, i + near); j++) {
      outside = Math.min(outside, outsides[j]);
    }
    active[i] = papers[i] - outside < 0.6 * ink ? 1 : 0;
  }
  // The active column nearest `from`, then outwards while the gaps stay short.
  let seed = -1;
  for (let r = 0; r <= pitch && seed < 0; r++) {
    for (const x of [Math.round(from) - r, Math.round(from) + r]) {
      if (x >= x0 && x <= x1 && active[x - x0]) {
        seed = x;
        break;
      }
    }
  }
  if (seed < 0) return undefined;
  const gap = MAX_GAP * pitch;
  const extend = (direction: 1 | -1) => {
    let last = seed;
    for (let x = seed; x >= x0 && x <= x1 && Math.abs(x - last) <= gap; x += direction) {
      if (active[x - x0]) last = x;
    }
    return last;
  };
  return { start: extend(-1), end: extend(1) };
}

/** Grey levels a character's ink is at least darker than the paper around it. */
const MIN_CONTRAST = 28;
/** The longest run of columns without ink inside a line, in pitches. */
const MAX_GAP = 1.3;

/**
 * The line through the middle of a band's ink, measured along its whole extent: at every half
 * pitch, the darkness-weighted centre of the column within 0.6 of a character height; fitted by
 * least squares, then again without the centres more than a quarter height off (a pattern line).
 */
function refit(
  image: GreyImage,
  y: (x: number) => number,
  { start, end }: { start: number; end: number },
  h: number,
): ((x: number) => number) | undefined {
  const points: [number, number][] = [];
  const step = Math.max(2, Math.round(h / 4));
  for (let x = Math.round(start); x <= end; x += step) {
    const base = y(x);
    let paper = 0;
    const values: [number, number][] = [];
    for (let d = Math.round(-0.6 * h); d <= 0.6 * h; d++) {
      const yi = Math.round(base + d);
      if (yi < 0 || yi >= image.height) continue;
      const v = image.data[yi * image.width + x];
      values.push([yi, v]);
      paper = Math.max(paper, v);
    }
    let sum = 0, weight = 0;
    for (const [yi, v] of values) {
      const w = paper - v;
      if (w < MIN_CONTRAST / 2) continue;
      sum += yi * w, weight += w;
    }
    if (weight > 0) points.push([x, sum / weight]);
  }
  let fit = fitPoints(points);
  if (!fit) return undefined;
  const [slope0, intercept0] = fit;
  const kept = points.filter(([x, py]) => Math.abs(py - (intercept0 + slope0 * x)) < 0.25 * h);
  fit = fitPoints(kept) ?? fit;
  const [slope, intercept] = fit;
  return (x: number) => intercept + slope * x;
}

function fitPoints(points: [number, number][]): [number, number] | undefined {
  const n = points.length;
  if (n < 8) return undefined;
  let sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const [x, y] of points) sx += x, sy += y, sxx += x * x, sxy += x * y;
  const den = n * sxx - sx * sx;
  if (den === 0) return undefined;
  const slope = (n * sxy - sx * sy) / den;
  return [slope, (sy - slope * sx) / n];
}

interface Extent {
  start: number;
  end: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

/** A seed is a chain of at least this many characters. */
export const SEED_CHARS = 5;
