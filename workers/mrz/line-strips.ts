import { blobHeight, centreX, centreY, connectedBlobs } from "./components.ts";
import { type GreyImage, rotateQuarterTurns, sampleAt } from "./grey-image.ts";
import { inkMask } from "./ink-mask.ts";
import type { TextLine } from "./text-lines.ts";

/** Height in pixels the OCR gets the characters at (Tesseract reads best around 30–40 px). */
export const TARGET_CHAR_HEIGHT = 36;

/** A straightened line image and where, along it, each of its characters is centred. */
export interface LineStrip {
  image: GreyImage;
  /** x of each character position of the line, in reading order. */
  slots: number[];
  /** The rows of the line's own band (the rest is white padding). */
  band: { top: number; bottom: number };
}

export interface StripOptions {
  /** Black ink on white (the legacy engine's own thresholding fails on uneven strips). */
  binarize?: boolean;
  charHeight?: number;
  /** How much darker than its surroundings ink must be, as a share of their brightness. */
  darker?: number;
}

/**
 * One MRZ line cut out along its own fitted baseline and scaled to TARGET_CHAR_HEIGHT: this
 * straightens the tilt of the photo and, line by line, most of a keystone. The strip is then
 * thresholded locally to black ink on white, which removes lighting gradients and glare.
 * `length` is the number of characters the line must have: when the finder saw exactly that
 * many, their own centres are the slots, else the slots are spread evenly from first to last.
 */
export function lineStrip(
  image: GreyImage,
  line: TextLine,
  length: number,
  { binarize = true, charHeight = TARGET_CHAR_HEIGHT, darker = 0.3 }: StripOptions = {},
): LineStrip {
  const scale = charHeight / line.charHeight;
  const angle = Math.atan(line.slope);
  const cos = Math.cos(angle), sin = Math.sin(angle);
  const margin = 0.9 * line.pitch;
  const x0 = line.startX - margin;
  const y0 = line.intercept + line.slope * x0;
  const length_ = (line.endX - line.startX + 2 * margin) / cos;
  // Just the line's own band (the lines above and below are about 1.7 heights away), then white.
  const half = 0.7 * line.charHeight;
  const pad = Math.round(0.5 * charHeight);
  const width = Math.round(length_ * scale);
  const height = Math.round(2 * half * scale) + 2 * pad;
  const data = new Uint8Array(width * height).fill(255);
  for (let v = pad; v < height - pad; v++) {
    const across = (v - pad) / scale - half;
    for (let u = 0; u < width; u++) {
      const along = u / scale;
      const x = x0 + along * cos - across * sin;
      const y = y0 + along * sin + across * cos;
      data[v * width + u] = Math.round(sampleAt(image, x, y));
    }
  }
  const alongOf = (x: number, y: number) => ((x - x0) * cos + (y - y0) * sin) * scale;
  const centres = line.blobs.map((b) => alongOf(centreX(b), centreY(b)));
  const slots = centres.length === length ? centres : Array.from(
    { length },
    (_, k) => centres[0] + (k * (centres[centres.length - 1] - centres[0])) / (length - 1),
  );
  const strip = { width, height, data };
  if (binarize) blackOnWhite(strip, charHeight, darker);
  return { image: strip, slots, band: { top: pad, bottom: height - pad } };
}

function blackOnWhite(strip: GreyImage, charHeight: number, darker: number): void {
  const { width, height, data } = strip;
  const ink = inkMask(strip, { radius: charHeight, darker, minContrast: 12 });
  // Specks and slivers of the neighbouring lines or the card's edge would be read as characters.
  for (const blob of connectedBlobs(ink, width, height)) {
    if (blobHeight(blob) >= 0.3 * charHeight) continue;
    for (let y = blob.y0; y <= blob.y1; y++) {
      ink.fill(0, y * width + blob.x0, y * width + blob.x1 + 1);
    }
  }
  for (let i = 0; i < data.length; i++) data[i] = ink[i] ? 0 : 255;
}

/** The strip turned upside down, for a zone photographed the wrong way round. */
export function flipStrip(strip: LineStrip): LineStrip {
  const { width: w, height: h } = strip.image;
  return {
    image: rotateQuarterTurns(strip.image, 2),
    slots: strip.slots.map((x) => w - 1 - x).reverse(),
    band: { top: h - strip.band.bottom, bottom: h - strip.band.top },
  };
}

/** Where each line sits in a stacked image, with its slots in that image's coordinates. */
export interface StackedRow {
  top: number;
  bottom: number;
  slots: number[];
}

/** Several strips one under another on white, with room between them, for one OCR call. */
export function stackStrips(strips: LineStrip[]): { image: GreyImage; rows: StackedRow[] } {
  const gap = TARGET_CHAR_HEIGHT;
  const width = Math.max(...strips.map((s) => s.image.width)) + 2 * gap;
  const height = strips.reduce((h, s) => h + s.image.height + gap, gap);
  const data = new Uint8Array(width * height).fill(255);
  const rows: StackedRow[] = [];
  let top = gap;
  for (const { image: s, slots } of strips) {
    for (let y = 0; y < s.height; y++) {
      data.set(s.data.subarray(y * s.width, (y + 1) * s.width), (top + y) * width + gap);
    }
    rows.push({ top, bottom: top + s.height, slots: slots.map((x) => x + gap) });
    top += s.height + gap;
  }
  return { image: { width, height, data }, rows };
}
