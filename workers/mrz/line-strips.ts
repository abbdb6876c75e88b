import { centreX, centreY } from "./components.ts";
import { type GreyImage, rotateQuarterTurns, sampleAt } from "./grey-image.ts";
import type { TextLine } from "./text-lines.ts";

/** A straightened line image and where, along it, each of its characters is centred. */
export interface LineStrip {
  image: GreyImage;
  /** x of each character position of the line, in reading order. */
  slots: number[];
  /** The rows of the line's own band (the rest is white padding). */
  band: { top: number; bottom: number };
}

/**
 * One MRZ line cut out along its own fitted baseline, in grey, scaled so that its characters are
 * `charHeight` pixels high: this straightens the tilt of the photo and, line by line, most of a
 * keystone. `length` is the number of characters the line must have: when the finder saw exactly
 * that many, their own centres are the slots, else the slots are spread evenly from first to last.
 */
export function lineStrip(
  image: GreyImage,
  line: TextLine,
  length: number,
  charHeight: number,
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
  return { image: { width, height, data }, slots, band: { top: pad, bottom: height - pad } };
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
