import type { MrzFormat } from "./documents.ts";
import { type Rng, round } from "./random.ts";

/**
 * What real documents and real photos of them have that the plain synthetic renderer lacks
 * (issue 29, from the real specimen photos): security print through the zone, laser-engraved
 * cards, other OCR-B renderings, and print/scan or thumbnail pipelines. Drawn from a random
 * stream of its own, so a set made without it ("plain") keeps every byte it had.
 *
 * - `plain`: the renderer as before (the report splits of earlier figures).
 * - `real`: every document gets a look drawn below.
 * - `mixed`: half of them (the training default).
 */
export const REALISMS = ["plain", "real", "mixed"] as const;
export type Realism = typeof REALISMS[number];

export interface DocumentLook {
  /** Opacity of the light clear zone under the MRZ (0: the card's print runs through it). */
  clearZone: number;
  /** Security print behind the characters. */
  zonePrint: {
    kind: "guilloche" | "tint" | "microtext";
    /** Lightness (%) and opacity of its ink: dark and strong is hard. */
    lightness: number;
    opacity: number;
    hue: number;
  } | null;
  /** Printed (black toner/ink) or laser-engraved (grey, thin, slightly irregular). */
  ink: { kind: "printed" | "laser"; grey: number; jitterMm: number; fade: number; grain: boolean };
  /** Stroke weight change in millimetres: below 0 eroded (light), above 0 outlined (heavy). */
  strokeMm: number;
  /** Glyph shape of another OCR-B rendering: horizontal scale and size. */
  stretch: number;
  sizeScale: number;
  /** Character pitch against ICAO's 2.54 mm. */
  pitchScale: number;
  /** A lowercase o printed where ICAO wants O (the truth keeps O). */
  lowercaseO: boolean;
  /** A low-contrast iridescent overlay across the zone (a laminate's hologram). */
  hologram: { opacity: number; angleDeg: number; bandMm: number } | null;
}

export interface PipelineLook {
  /** A halftone screen (printed, then scanned or photographed): period in px and depth. */
  halftone: { periodPx: number; angleDeg: number; depth: number } | null;
  /** Saved as JPEG at this quality before the final encoding (messaging apps, re-uploads). */
  recompressQuality: number | null;
  /** The final image scaled to this width (a thumbnail, a cropped scan). */
  downscaleWidth: number | null;
  /** Margin around the document as a share of its size: the zone a small part of the photo. */
  margin: [number, number] | null;
}

export interface Look {
  document: DocumentLook;
  pipeline: PipelineLook;
}

/** The look of one document photo, or null for the plain renderer. */
export function drawLook(
  rng: Rng,
  realism: Realism,
  format: MrzFormat,
  level: 0 | 1 | 2 | 3,
): Look | null {
  if (realism === "plain" || (realism === "mixed" && rng.chance(0.5))) return null;
  const card = format === "TD1";
  const laser = rng.chance(card ? 0.55 : 0.1);
  const zonePrint = rng.chance(0.6)
    ? {
      kind: rng.weighted([["guilloche", 5], ["tint", 3], ["microtext", 2]] as const),
      lightness: rng.int(laser ? 50 : 35, 80),
      opacity: round(rng.float(0.2, 0.6)),
      hue: rng.int(0, 359),
    }
    : null;
  const document: DocumentLook = {
    clearZone: round(rng.chance(0.5) ? 0 : rng.float(0, 0.6)),
    zonePrint,
    ink: laser
      ? {
        kind: "laser",
        grey: rng.int(45, 110),
        jitterMm: round(rng.float(0.02, 0.08), 3),
        fade: round(rng.float(0, 0.3)),
        grain: rng.chance(0.6),
      }
      : { kind: "printed", grey: rng.int(0, 40), jitterMm: 0, fade: 0, grain: false },
    strokeMm: round(
      laser ? -rng.float(0.02, 0.07) : rng.chance(0.5) ? rng.float(-0.05, 0) : rng.float(0, 0.12),
      3,
    ),
    stretch: round(rng.float(0.88, 1.1), 3),
    sizeScale: round(rng.float(0.9, 1.08), 3),
    pitchScale: round(rng.float(0.95, 1.04), 3),
    lowercaseO: rng.chance(0.05),
    hologram: rng.chance(card ? 0.35 : 0.2)
      ? {
        opacity: round(rng.float(0.08, 0.28)),
        angleDeg: rng.int(0, 179),
        bandMm: round(rng.float(4, 20), 1),
      }
      : null,
  };
  // Thumbnails and re-saved scans come from flat, sharp pictures: a blurred phone photo shrunk
  // to 300 px is unreadable to a person too.
  const flat = level <= 1;
  const pipeline: PipelineLook = {
    halftone: rng.chance(0.25)
      ? {
        periodPx: round(rng.float(2.2, 4.5)),
        angleDeg: rng.pick([15, 45, 75]),
        depth: round(rng.float(0.06, 0.2)),
      }
      : null,
    recompressQuality: rng.chance(0.3) ? rng.int(45, 80) : null,
    downscaleWidth: flat && rng.chance(0.3) ? rng.int(270, 420) : null,
    margin: !flat && rng.chance(0.25) ? [0.4, 1.1] : null,
  };
  if (pipeline.downscaleWidth) pipeline.margin = [0.01, 0.05];
  return { document, pipeline };
}
