import { blobHeight, centreX } from "./components.ts";
import { MRZ_LAYOUTS, type MrzFormat } from "./mrz-format.ts";
import { fitLine, type TextLine } from "./text-lines.ts";

/** The lines of a machine readable zone, top to bottom, and the layout their length suggests. */
export interface MrzRegion {
  format: MrzFormat;
  lines: TextLine[];
  score: number;
}

/** Characters a line spans, counted by its pitch (robust to touching or broken characters). */
export const spannedChars = (line: TextLine) =>
  Math.round((line.endX - line.startX - line.charHeight * 0.6) / line.pitch) + 1;

const midY = (line: TextLine) => line.intercept + line.slope * (line.startX + line.endX) / 2;

/**
 * Picks the MRZ among the text lines: two or three parallel lines, one under the other at the
 * zone's line spacing, of the same character size, pitch and start, whose length matches TD1
 * (3 × 30), TD2 (2 × 36) or TD3 (2 × 44). The visual zone's text fails on length, spacing or
 * regular pitch. Returns the best-scoring candidate, or undefined.
 */
export function findMrz(lines: TextLine[]): MrzRegion | undefined {
  return mrzCandidates(lines, 1)[0];
}

/**
 * The `count` best-scoring candidates, best first: where the lines are many and rough (found by
 * projection), the likeliest group is not always the zone, and the decoder picks.
 */
export function mrzCandidates(lines: TextLine[], count: number): MrzRegion[] {
  const sorted = [...lines].sort((a, b) => midY(a) - midY(b));
  const all: MrzRegion[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const group = [sorted[i]];
    for (let j = i + 1; j < sorted.length && group.length < 3; j++) {
      if (belowInZone(group[group.length - 1], sorted[j])) group.push(sorted[j]);
    }
    for (const size of [2, 3]) {
      if (group.length < size) continue;
      const lines = group.slice(0, size);
      const aligned = alignedGroup(lines);
      for (const candidate of [scoreGroup(lines), aligned && scoreGroup(aligned)]) {
        if (candidate) all.push(candidate);
      }
    }
  }
  return all.sort((a, b) => b.score - a.score).slice(0, count);
}

function belowInZone(upper: TextLine, lower: TextLine): boolean {
  const h = Math.max(upper.charHeight, lower.charHeight);
  const gap = midY(lower) - midY(upper);
  if (gap < 1.15 * h || gap > 2.6 * h) return false;
  if (Math.abs(upper.slope - lower.slope) > 0.04) return false;
  if (Math.min(upper.charHeight, lower.charHeight) < 0.75 * h) return false;
  const pitch = Math.max(upper.pitch, lower.pitch);
  if (Math.min(upper.pitch, lower.pitch) < 0.8 * pitch) return false;
  // Lines of a zone start together; a few more characters on one (a signature, the edge of the
  // zone's band, a visual-zone word chained on) are cut off by alignedGroup.
  return Math.abs(upper.startX - lower.startX) < 8 * pitch;
}

/**
 * The lines of a group cut to the horizontal extent they share: every MRZ line runs the whole
 * width of the zone (fillers included), so whatever sticks out on one line alone is not MRZ.
 */
function alignedGroup(group: TextLine[]): TextLine[] | undefined {
  const start = Math.max(...group.map((l) => l.startX));
  const end = Math.min(...group.map((l) => l.endX));
  const lines = group.map((line) => {
    const margin = 0.5 * line.pitch;
    return line.blobs.filter((b) => centreX(b) > start - margin && centreX(b) < end + margin);
  });
  if (lines.some((blobs) => blobs.length < 12)) return undefined;
  return lines.map(fitLine);
}

function scoreGroup(group: TextLine[]): MrzRegion | undefined {
  const spans = group.map(spannedChars);
  const mean = spans.reduce((a, b) => a + b, 0) / spans.length;
  let format: MrzFormat | undefined;
  let miss = Infinity;
  for (
    const [name, layout] of Object.entries(MRZ_LAYOUTS) as [MrzFormat, typeof MRZ_LAYOUTS.TD1][]
  ) {
    if (layout.lines !== group.length) continue;
    const m = Math.abs(mean - layout.length) / layout.length;
    if (m < miss) {
      miss = m;
      format = name;
    }
  }
  if (!format || miss > 0.2) return undefined;
  // Many characters per line, the right count and steady heights make a zone more likely.
  const heights = group.flatMap((l) => l.blobs.map(blobHeight));
  const blobs = group.reduce((n, l) => n + l.blobs.length, 0);
  const expected = MRZ_LAYOUTS[format].length * group.length;
  // Lines of one zone have one length: a line longer than the others carries something else.
  const uneven = (Math.max(...spans) - Math.min(...spans)) / MRZ_LAYOUTS[format].length;
  const score = Math.min(blobs, expected) / expected - miss - uneven + 0.01 * heights.length;
  return { format, lines: group, score };
}
