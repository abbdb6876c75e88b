import { type Blob, blobHeight, blobWidth, centreX, centreY } from "./components.ts";

/** A row of evenly spaced characters found in the image, with its straight-line fit. */
export interface TextLine {
  blobs: Blob[];
  /** y = intercept + slope · x through the characters' centres. */
  slope: number;
  intercept: number;
  /** Height of the tall characters (the chevrons `<` are lower). */
  charHeight: number;
  /** Median distance between neighbouring character centres. */
  pitch: number;
  startX: number;
  endX: number;
}

/** Blobs that could be a character: not specks, not long rules or guilloche curves, not photos. */
export function characterLike(blob: Blob, minHeight: number, maxHeight: number): boolean {
  const w = blobWidth(blob), h = blobHeight(blob);
  if (h < minHeight || h > maxHeight || w > 1.6 * h) return false;
  const fill = blob.pixels / (w * h);
  return fill >= 0.1 && fill <= 0.95;
}

/**
 * Chains character blobs into text lines: each blob is linked to its nearest right-hand
 * neighbour of similar size on about the same baseline (allowing a tilt of some 10°), when that
 * neighbour also picks it as its nearest left-hand one; collinear chains separated by a short
 * gap (a character lost to glare) are joined.
 */
export function textLines(blobs: Blob[], minChars: number): TextLine[] {
  const sorted = [...blobs].sort((a, b) => centreX(a) - centreX(b));
  const n = sorted.length;
  const right = new Int32Array(n).fill(-1);
  const rightCost = new Float64Array(n).fill(Infinity);
  for (let i = 0; i < n; i++) {
    const a = sorted[i];
    const ax = centreX(a), ay = centreY(a), ah = blobHeight(a);
    for (let j = i + 1; j < n; j++) {
      const b = sorted[j];
      const dx = centreX(b) - ax;
      const r = Math.max(ah, blobHeight(b));
      if (dx > 2 * Math.max(ah, 40)) break;
      // Up to 2.4 heights: two chevrons (about 0.55 of a capital) of a rendering whose
      // characters are small against ICAO's pitch are 2.1 of their own heights apart.
      if (dx < 0.3 * r || dx > 2.4 * r) continue;
      const dy = Math.abs(centreY(b) - ay);
      if (dy > 0.3 * r + 0.18 * dx) continue;
      if (Math.min(ah, blobHeight(b)) < 0.4 * r) continue;
      const cost = dx + 2 * dy;
      if (cost < rightCost[i]) {
        rightCost[i] = cost;
        right[i] = j;
      }
    }
  }
  // Keep a link only when it is the best one arriving at its target.
  const left = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const j = right[i];
    if (j < 0) continue;
    if (left[j] < 0 || rightCost[i] < rightCost[left[j]]) left[j] = i;
  }
  const chains: Blob[][] = [];
  for (let i = 0; i < n; i++) {
    if (left[i] >= 0) continue;
    const chain = [sorted[i]];
    let k = i;
    while (right[k] >= 0 && left[right[k]] === k) {
      k = right[k];
      chain.push(sorted[k]);
    }
    if (chain.length >= 4) chains.push(chain);
  }
  return joinCollinear(chains.map(fitLine)).filter((line) => line.blobs.length >= minChars);
}

export function fitLine(blobs: Blob[]): TextLine {
  const n = blobs.length;
  let sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const b of blobs) {
    const x = centreX(b), y = centreY(b);
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  const denominator = n * sxx - sx * sx;
  const slope = denominator === 0 ? 0 : (n * sxy - sx * sy) / denominator;
  const intercept = (sy - slope * sx) / n;
  const heights = blobs.map(blobHeight).sort((a, b) => a - b);
  const steps = blobs.slice(1).map((b, i) => centreX(b) - centreX(blobs[i])).sort((a, b) => a - b);
  return {
    blobs,
    slope,
    intercept,
    charHeight: heights[Math.floor(heights.length * 0.8)],
    pitch: steps.length ? steps[Math.floor(steps.length / 2)] : heights[0],
    startX: blobs[0].x0,
    endX: blobs[n - 1].x1,
  };
}

function joinCollinear(lines: TextLine[]): TextLine[] {
  const pending = [...lines].sort((a, b) => a.startX - b.startX);
  const done: TextLine[] = [];
  while (pending.length) {
    let line = pending.shift()!;
    for (let k = 0; k < pending.length; k++) {
      const next = pending[k];
      const gap = next.startX - line.endX;
      const h = Math.max(line.charHeight, next.charHeight);
      if (gap < -0.2 * h || gap > 3.5 * Math.max(line.pitch, next.pitch)) continue;
      const first = next.blobs[0];
      const predicted = line.intercept + line.slope * centreX(first);
      if (Math.abs(predicted - centreY(first)) > 0.35 * h) continue;
      if (Math.min(line.charHeight, next.charHeight) < 0.7 * h) continue;
      line = fitLine([...line.blobs, ...next.blobs]);
      pending.splice(k, 1);
      k = -1;
    }
    done.push(line);
  }
  return done;
}
