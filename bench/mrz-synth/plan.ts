import { type Rng, round } from "./random.ts";

/**
 * How one photo of a document is taken, by difficulty level (the fixtures' levels, widened with
 * what issue 18 lists): every parameter drawn here is applied by ./photograph.ts and recorded in
 * the ground truth's `degradations`.
 *
 * - 0 clean scan: straight, sharp, MRZ capitals 28–32 px, white margin, mostly PNG.
 * - 1 slight: rotation ±0.4–2°, blur σ 0.45–0.9, capitals 21–30 px, JPEG 60–86 or PNG; some
 *   grayscale photocopies, mild colour casts and sensor noise, some turned by 90/180/270°.
 * - 2 phone photo: on a desk, keystone 1–6 %, rotation ±6°, lighting gradient, noise, colour
 *   casts, shadow bands, slight motion blur, capitals 16–20 px, JPEG 60–86 (a few at 40), a third
 *   turned.
 * - 3 hard: keystone 4–10 %, rotation ±8°, strong Gaussian, motion or focus blur, glare, strong
 *   noise, capitals 14–22 px (a third 14–16), JPEG 40–75, photocopies, most turned.
 */
export interface PhotoPlan {
  level: 0 | 1 | 2 | 3;
  kind: "clean scan" | "scan/flat photo" | "phone photo" | "photocopy";
  /** Wanted height of MRZ capitals in the final image. */
  charHeightPx: number;
  rotationDeg: number;
  keystone: number;
  keystoneEdge: "top" | "bottom" | "left" | "right";
  /** Further random displacement of each corner, as a share of the document's size. */
  cornerJitter: number;
  background: { kind: "white" | "scanner bed" | "desk"; color: string; grain: number };
  /** Margin around the document, as a share of its size (each side drawn in this range). */
  margin: [number, number];
  lightingGradient: { darkest: number; angleDeg: number } | null;
  shadowBand: { darkness: number; widthShare: number; angleDeg: number; offset: number } | null;
  glare: { u: number; v: number; radiusShare: number; strength: number } | null;
  colorCast: { tone: "warm" | "cool"; strength: number } | null;
  grayscale: boolean;
  blurSigma: number | null;
  motionBlur: { lengthPx: number; angleDeg: number } | null;
  focusBlurRadiusPx: number | null;
  noiseSigma: number;
  jpegQuality: number | null;
  orientationDeg: 0 | 90 | 180 | 270;
}

const DESKS = [
  "#6e5337",
  "#2f3b4a",
  "#8a7a66",
  "#3a3a3a",
  "#b9a58a",
  "#5b6e55",
  "#cfc8bd",
  "#4a2f25",
  "#d8d4cc",
  "#1f2a36",
];

export function planPhoto(rng: Rng, level: 0 | 1 | 2 | 3): PhotoPlan {
  const sign = () => (rng.chance(0.5) ? -1 : 1);
  const turned = (p: number) => (rng.chance(p) ? rng.pick([90, 180, 270] as const) : 0);
  const plan: PhotoPlan = {
    level,
    kind: "clean scan",
    charHeightPx: round(rng.float(28, 32), 1),
    rotationDeg: 0,
    keystone: 0,
    keystoneEdge: rng.pick(["top", "bottom", "left", "right"] as const),
    cornerJitter: 0,
    background: { kind: "white", color: "#ffffff", grain: 0 },
    margin: [0.03, 0.09],
    lightingGradient: null,
    shadowBand: null,
    glare: null,
    colorCast: null,
    grayscale: false,
    blurSigma: null,
    motionBlur: null,
    focusBlurRadiusPx: null,
    noiseSigma: 0,
    jpegQuality: rng.chance(0.8) ? null : rng.int(90, 95),
    orientationDeg: 0,
  };
  if (level === 0) return plan;

  if (level === 1) {
    plan.kind = "scan/flat photo";
    plan.charHeightPx = round(rng.float(21, 30), 1);
    plan.rotationDeg = round(sign() * rng.float(0.4, 2), 2);
    plan.blurSigma = round(rng.float(0.45, 0.9), 2);
    plan.jpegQuality = rng.chance(0.7) ? rng.int(60, 86) : null;
    plan.background = { kind: "scanner bed", color: gray(rng.int(232, 252)), grain: 0 };
    plan.grayscale = rng.chance(0.2);
    if (plan.grayscale) plan.kind = "photocopy";
    if (!plan.grayscale && rng.chance(0.2)) {
      plan.colorCast = {
        tone: rng.pick(["warm", "cool"] as const),
        strength: round(rng.float(0.3, 0.6)),
      };
    }
    if (rng.chance(0.25)) plan.noiseSigma = round(rng.float(2, 5), 1);
    plan.orientationDeg = turned(0.25);
    return plan;
  }

  // Phone photos (2) and hard ones (3).
  const hard = level === 3;
  plan.kind = "phone photo";
  plan.charHeightPx = hard
    ? round(rng.chance(0.35) ? rng.float(14, 16) : rng.float(16, 22), 1)
    : round(rng.float(16, 20), 1);
  plan.rotationDeg = round(sign() * rng.float(0.3, hard ? 8 : 6), 2);
  plan.keystone = round(hard ? rng.float(0.04, 0.1) : rng.float(0.01, 0.06), 3);
  plan.cornerJitter = round(rng.float(0, hard ? 0.025 : 0.012), 3);
  plan.background = { kind: "desk", color: rng.pick(DESKS), grain: round(rng.float(0, 0.12)) };
  plan.margin = [0.06, 0.3];
  plan.lightingGradient = {
    darkest: round(hard ? rng.float(0.45, 0.75) : rng.float(0.6, 0.88)),
    angleDeg: round(rng.float(0, 360), 1),
  };
  if (rng.chance(hard ? 0.4 : 0.3)) {
    plan.shadowBand = {
      darkness: round(hard ? rng.float(0.5, 0.75) : rng.float(0.65, 0.85)),
      widthShare: round(rng.float(0.08, 0.3)),
      angleDeg: round(rng.float(0, 180), 1),
      offset: round(rng.float(-0.35, 0.35)),
    };
  }
  if (rng.chance(hard ? 0.6 : 0.15)) {
    // At level 2 the glare stays in the upper half of the document, away from the MRZ.
    plan.glare = {
      u: round(rng.float(0.1, 0.9)),
      v: round(hard ? rng.float(0.15, 0.85) : rng.float(0.1, 0.45)),
      radiusShare: round(rng.float(0.08, 0.2)),
      strength: round(hard ? rng.float(0.6, 0.95) : rng.float(0.4, 0.7)),
    };
  }
  if (rng.chance(0.5)) {
    plan.colorCast = {
      tone: rng.pick(["warm", "cool"] as const),
      strength: round(rng.float(0.4, 1)),
    };
  }
  plan.noiseSigma = round(hard ? rng.float(5, 12) : rng.float(2.5, 7), 1);
  if (hard) {
    const blur = rng.weighted([["gauss", 4], ["motion", 3], ["focus", 3]] as const);
    if (blur === "gauss") plan.blurSigma = round(rng.float(1.1, 1.8), 2);
    if (blur === "motion") {
      plan.motionBlur = {
        lengthPx: round(rng.float(4, 7), 1),
        angleDeg: round(rng.float(0, 180), 1),
      };
    }
    if (blur === "focus") plan.focusBlurRadiusPx = round(rng.float(1.4, 2.4), 1);
  } else {
    plan.blurSigma = round(rng.float(0.4, 0.9), 2);
    if (rng.chance(0.15)) {
      plan.motionBlur = {
        lengthPx: round(rng.float(2, 3.5), 1),
        angleDeg: round(rng.float(0, 180), 1),
      };
    }
  }
  plan.jpegQuality = hard
    ? (rng.chance(0.3) ? 40 : rng.int(41, 75))
    : rng.chance(0.08)
    ? 40
    : rng.int(60, 86);
  if (hard && rng.chance(0.15)) {
    // A grayscale photocopy of the document, then photographed or scanned badly.
    plan.kind = "photocopy";
    plan.grayscale = true;
    plan.colorCast = null;
  }
  plan.orientationDeg = turned(hard ? 0.8 : 0.35);
  return plan;
}

function gray(v: number): string {
  const h = v.toString(16).padStart(2, "0");
  return `#${h}${h}${h}`;
}
