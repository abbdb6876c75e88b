import sharp from "sharp";
import { apply, homography, type Point, verticalScale } from "./homography.ts";
import type { PhotoPlan } from "./plan.ts";
import { type Rng, round } from "./random.ts";
import { type DocumentDrawing, MRZ_CHAR_MM } from "./render-document.ts";
import type { PipelineLook } from "./look.ts";

/**
 * Takes the photo a plan describes: the document drawn at the size that gives the wanted MRZ
 * capital height, put on its background through one perspective transform (keystone, corner
 * jitter, rotation), lit (gradient, shadow band, glare, colour cast), blurred (Gaussian, motion or
 * focus), noised or photocopied, turned by its orientation and encoded. Returns the bytes and
 * the `degradations` record of the ground truth.
 */
export interface Photo {
  bytes: Uint8Array;
  width: number;
  height: number;
  mimeType: "image/png" | "image/jpeg";
  degradations: Record<string, unknown>;
  /** Each MRZ line's corners in the final image (top-left, top-right, bottom-right, bottom-left
   * of the text as written, after warp and orientation), in pixels. */
  mrzLineQuads: Point[][];
}

/** 305 dpi, the fixtures' clean-scan resolution, is scale 1. */
const BASE_PX_PER_MM = 12;

export async function photograph(
  plan: PhotoPlan,
  sizeMm: { w: number; h: number },
  mrzCenterMm: Point,
  draw: (pxPerMm: number) => DocumentDrawing,
  rng: Rng,
  pipeline: PipelineLook | null = null,
): Promise<Photo> {
  // 1. Where the corners go (millimetres), and the drawing scale that gives the wanted capitals.
  const { w, h } = sizeMm;
  const corners: Point[] = [[0, 0], [w, 0], [w, h], [0, h]];
  const k = plan.keystone;
  const moved = corners.map(([x, y], i): Point => {
    const inward = (edge: string, along: "x" | "y", share: number): Point => {
      const onEdge =
        { top: i < 2, bottom: i >= 2, left: i === 0 || i === 3, right: i === 1 || i === 2 }[edge];
      if (!onEdge) return [0, 0];
      return along === "x"
        ? [(x < w / 2 ? 1 : -1) * share * w / 2, 0]
        : [0, (y < h / 2 ? 1 : -1) * share * h / 2];
    };
    const along = plan.keystoneEdge === "top" || plan.keystoneEdge === "bottom" ? "x" : "y";
    const [dx, dy] = inward(plan.keystoneEdge, along, k);
    return [
      x + dx + rng.normal() * plan.cornerJitter * w,
      y + dy + rng.normal() * plan.cornerJitter * h,
    ];
  });
  const angle = (plan.rotationDeg * Math.PI) / 180;
  const rotated = moved.map(([x, y]): Point => {
    const cx = x - w / 2, cy = y - h / 2;
    return [
      cx * Math.cos(angle) - cy * Math.sin(angle),
      cx * Math.sin(angle) + cy * Math.cos(angle),
    ];
  });
  const mmScale = verticalScale(homography(corners, rotated), mrzCenterMm);
  const pxPerMm = plan.charHeightPx / (MRZ_CHAR_MM * mmScale);

  // 2. The document, drawn at that scale.
  const drawing = draw(pxPerMm);
  const raster = drawing.supersample > 1
    ? sharp(Buffer.from(drawing.svg), { density: 72 * drawing.supersample }).resize(
      drawing.width,
      drawing.height,
      { fit: "fill" },
    )
    : sharp(Buffer.from(drawing.svg));
  const doc = await raster.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const dw = doc.info.width, dh = doc.info.height, src = doc.data;

  // 3. The canvas: the moved document plus margins.
  const dest = rotated.map(([x, y]): Point => [x * pxPerMm, y * pxPerMm]);
  const minX = Math.min(...dest.map((p) => p[0])), maxX = Math.max(...dest.map((p) => p[0]));
  const minY = Math.min(...dest.map((p) => p[1])), maxY = Math.max(...dest.map((p) => p[1]));
  const [m0, m1] = plan.margin;
  const left = rng.float(m0, m1) * dw, right = rng.float(m0, m1) * dw;
  const top = rng.float(m0, m1) * dh, bottom = rng.float(m0, m1) * dh;
  const width = Math.round(maxX - minX + left + right),
    height = Math.round(maxY - minY + top + bottom);
  const placed = dest.map(([x, y]): Point => [x - minX + left, y - minY + top]);
  const srcCorners: Point[] = [[0, 0], [dw, 0], [dw, dh], [0, dh]];
  const forward = homography(srcCorners, placed);
  const inverse = homography(placed, srcCorners);
  const mrzCenterPx: Point = [drawing.mrz.x + drawing.mrz.w / 2, drawing.mrz.y + drawing.mrz.h / 2];
  const mrzCharHeightPx = MRZ_CHAR_MM * pxPerMm * verticalScale(forward, mrzCenterPx);

  // 4. Lighting set-up in canvas pixels.
  const diag = Math.hypot(width, height);
  const cx = width / 2, cy = height / 2;
  const light = plan.lightingGradient;
  const lx = light ? Math.cos((light.angleDeg * Math.PI) / 180) : 0;
  const ly = light ? Math.sin((light.angleDeg * Math.PI) / 180) : 0;
  const lightReach = Math.abs(lx) * width / 2 + Math.abs(ly) * height / 2 || 1;
  const band = plan.shadowBand;
  const bx = band ? -Math.sin((band.angleDeg * Math.PI) / 180) : 0;
  const by = band ? Math.cos((band.angleDeg * Math.PI) / 180) : 0;
  const bandHalf = band ? (band.widthShare * diag) / 2 : 0;
  const glare = plan.glare;
  const glareCenter = glare ? apply(forward, [glare.u * dw, glare.v * dh]) : [0, 0];
  const glareR = glare ? glare.radiusShare * Math.hypot(dw, dh) : 1;
  let haloReachesMrz = false;
  if (glare) {
    const box = drawing.mrz;
    const nearest = apply(forward, [
      Math.min(Math.max(glare.u * dw, box.x), box.x + box.w),
      Math.min(Math.max(glare.v * dh, box.y), box.y + box.h),
    ]);
    const d = Math.hypot(nearest[0] - glareCenter[0], nearest[1] - glareCenter[1]) / glareR;
    haloReachesMrz = Math.exp(-2 * d * d) > 0.1;
  }
  const cast = plan.colorCast
    ? plan.colorCast.tone === "warm"
      ? [
        1 + 0.1 * plan.colorCast.strength,
        1 + 0.01 * plan.colorCast.strength,
        1 - 0.2 * plan.colorCast.strength,
      ]
      : [
        1 - 0.14 * plan.colorCast.strength,
        1 - 0.02 * plan.colorCast.strength,
        1 + 0.1 * plan.colorCast.strength,
      ]
    : [1, 1, 1];
  const bg = hexRgb(plan.background.color);
  const grain = plan.background.grain;
  const grainF1 = rng.float(0.02, 0.08), grainF2 = rng.float(0.005, 0.02);

  // 5. One pass: warp (bilinear), composite on the background, light.
  // Clamped: a warm cast or glare may push a channel past 255.
  const out = new Uint8ClampedArray(width * height * 3);
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = inverse;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const px = x + 0.5, py = y + 0.5;
      const den = h6 * px + h7 * py + h8;
      const u = (h0 * px + h1 * py + h2) / den - 0.5, v = (h3 * px + h4 * py + h5) / den - 0.5;
      let r: number, g: number, b: number;
      const wave = grain ? 1 + grain * Math.sin(y * grainF1 + 4 * Math.sin(x * grainF2)) : 1;
      r = bg[0] * wave, g = bg[1] * wave, b = bg[2] * wave;
      if (u > -1 && v > -1 && u < dw && v < dh) {
        const x0 = Math.floor(u), y0 = Math.floor(v), fx = u - x0, fy = v - y0;
        let sr = 0, sg = 0, sb = 0, sa = 0;
        for (let j = 0; j < 2; j++) {
          const yy = y0 + j;
          if (yy < 0 || yy >= dh) continue;
          const wy = j ? fy : 1 - fy;
          for (let i = 0; i < 2; i++) {
            const xx = x0 + i;
            if (xx < 0 || xx >= dw) continue;
            const wgt = wy * (i ? fx : 1 - fx);
            const o = (yy * dw + xx) * 4;
            const a = (src[o + 3] / 255) * wgt;
            sr += src[o] * a, sg += src[o + 1] * a, sb += src[o + 2] * a, sa += a;
          }
        }
        r = sr + r * (1 - sa), g = sg + g * (1 - sa), b = sb + b * (1 - sa);
      }
      let f = 1;
      if (light) {
        f *= 1 - (1 - light.darkest) * (((x - cx) * lx + (y - cy) * ly) / lightReach + 1) / 2;
      }
      if (band) {
        const d = Math.abs((x - cx) * bx + (y - cy) * by - band.offset * diag);
        const edge = bandHalf * 0.35;
        const t = d < bandHalf - edge
          ? 1
          : d > bandHalf + edge
          ? 0
          : (bandHalf + edge - d) / (2 * edge);
        f *= 1 - (1 - band.darkness) * t;
      }
      r *= f * cast[0], g *= f * cast[1], b *= f * cast[2];
      if (glare) {
        const gx = (x - glareCenter[0]) / glareR, gy = (y - glareCenter[1]) / glareR;
        const s = glare.strength * Math.exp(-2 * (gx * gx + gy * gy));
        if (s > 0.003) r += (255 - r) * s, g += (255 - g) * s, b += (255 - b) * s;
      }
      const o = (y * width + x) * 3;
      out[o] = r, out[o + 1] = g, out[o + 2] = b;
    }
  }

  // 6. Blur: Gaussian, motion (a line kernel) or focus (a disc kernel).
  let image = sharp(out, { raw: { width, height, channels: 3 } });
  if (plan.blurSigma) image = image.blur(Math.max(0.3, plan.blurSigma));
  if (plan.motionBlur) {
    image = image.convolve(lineKernel(plan.motionBlur.lengthPx, plan.motionBlur.angleDeg));
  }
  if (plan.focusBlurRadiusPx) image = image.convolve(discKernel(plan.focusBlurRadiusPx));
  const blurred = new Uint8Array(await image.raw().toBuffer());

  // 7. Sensor noise (luminance and colour), or a grayscale photocopy with toner specks.
  const photocopy = plan.grayscale
    ? {
      contrast: round(rng.float(1.15, 1.6)),
      brightness: round(rng.float(5, 25), 1),
      specks: round(rng.float(0, 0.0015), 4),
    }
    : null;
  const table = new Float32Array(1 << 14);
  for (let i = 0; i < table.length; i++) table[i] = rng.normal();
  let state = (rng.next() * 2 ** 32) >>> 0 || 1;
  const nextIndex = () => {
    state ^= state << 13, state ^= state >>> 17, state ^= state << 5;
    return (state >>> 0) & (table.length - 1);
  };
  const sigma = plan.noiseSigma;
  for (let o = 0; o < blurred.length; o += 3) {
    let r = blurred[o], g = blurred[o + 1], b = blurred[o + 2];
    if (photocopy) {
      let l = 0.299 * r + 0.587 * g + 0.114 * b;
      l = (l - 128) * photocopy.contrast + 128 + photocopy.brightness;
      if (
        photocopy.specks &&
        (nextIndex() + table.length * nextIndex()) / table.length ** 2 < photocopy.specks
      ) l *= 0.4;
      r = g = b = l;
    }
    if (sigma) {
      const n = table[nextIndex()] * sigma;
      r += n + table[nextIndex()] * sigma * 0.5;
      g += n + table[nextIndex()] * sigma * 0.5;
      b += n + table[nextIndex()] * sigma * 0.5;
      if (photocopy) g = b = r;
    }
    blurred[o] = clamp(r), blurred[o + 1] = clamp(g), blurred[o + 2] = clamp(b);
  }
  if (pipeline?.halftone) halftone(blurred, width, height, pipeline.halftone);

  // 8. Orientation (clockwise, as the fixtures record it), the look's re-saving and shrinking,
  // and encoding.
  let final = sharp(blurred, { raw: { width, height, channels: 3 } }).rotate(plan.orientationDeg);
  let shrink = 1;
  if (pipeline?.recompressQuality || pipeline?.downscaleWidth) {
    let turned = await final.raw().toBuffer({ resolveWithObject: true });
    if (pipeline.recompressQuality) {
      const saved = await sharp(turned.data, { raw: turned.info }).jpeg({
        quality: pipeline.recompressQuality,
      }).toBuffer();
      turned = await sharp(saved).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    }
    final = sharp(turned.data, { raw: turned.info });
    if (pipeline.downscaleWidth && pipeline.downscaleWidth < turned.info.width) {
      shrink = pipeline.downscaleWidth / turned.info.width;
      final = sharp(await final.resize({ width: pipeline.downscaleWidth }).raw().toBuffer(), {
        raw: {
          width: pipeline.downscaleWidth,
          height: Math.round(turned.info.height * shrink),
          channels: 3,
        },
      });
    }
  }
  if (photocopy) final = final.toColourspace("b-w");
  final = plan.jpegQuality === null
    ? final.png({ compressionLevel: 6 })
    : final.jpeg({ quality: plan.jpegQuality });
  const { data, info } = await final.toBuffer({ resolveWithObject: true });

  const turn = (p: Point): Point => {
    const [x, y] = apply(forward, p);
    if (plan.orientationDeg === 90) return [(height - y) * shrink, x * shrink];
    if (plan.orientationDeg === 180) return [(width - x) * shrink, (height - y) * shrink];
    if (plan.orientationDeg === 270) return [y * shrink, (width - x) * shrink];
    return [x * shrink, y * shrink];
  };
  const mrzLineQuads = drawing.lines.map((l) =>
    ([[l.x, l.y], [l.x + l.w, l.y], [l.x + l.w, l.y + l.h], [l.x, l.y + l.h]] as Point[])
      .map((p) => turn(p).map((v) => round(v, 1)) as Point)
  );

  const degradations: Record<string, unknown> = {
    level: plan.level,
    kind: plan.kind,
    scale: round(pxPerMm / BASE_PX_PER_MM, 3),
    rotationDeg: plan.rotationDeg,
    mrzCharHeightPx: round(mrzCharHeightPx * shrink, 1),
  };
  if (plan.keystone) {
    degradations.keystone = plan.keystone;
    degradations.keystoneEdge = plan.keystoneEdge;
    degradations.cornerJitter = plan.cornerJitter;
  }
  degradations.background = plan.background.kind;
  if (plan.background.kind === "desk") degradations.desk = plan.background.color;
  degradations.lightingGradient = plan.lightingGradient;
  degradations.shadowBand = plan.shadowBand;
  degradations.glare = glare
    ? {
      x: Math.round(glareCenter[0]),
      y: Math.round(glareCenter[1]),
      radiusPx: Math.round(glareR),
      strength: glare.strength,
      haloReachesMrz,
      note: "position before orientation",
    }
    : null;
  degradations.colorCast = plan.colorCast?.tone ?? null;
  degradations.colorCastStrength = plan.colorCast?.strength ?? null;
  degradations.grayscalePhotocopy = photocopy;
  degradations.blurSigma = plan.blurSigma;
  degradations.motionBlur = plan.motionBlur;
  degradations.focusBlurRadiusPx = plan.focusBlurRadiusPx;
  degradations.noiseSigma = plan.noiseSigma;
  degradations.orientationDeg = plan.orientationDeg;
  degradations.jpegQuality = plan.jpegQuality;
  if (pipeline) degradations.pipeline = pipeline;
  return {
    bytes: new Uint8Array(data),
    width: info.width,
    height: info.height,
    mimeType: plan.jpegQuality === null ? "image/png" : "image/jpeg",
    degradations,
    mrzLineQuads,
  };
}

/** A printed halftone screen (dots at an angle), as a scan or photo of a print shows it. */
function halftone(
  pixels: Uint8Array,
  width: number,
  height: number,
  screen: NonNullable<PipelineLook["halftone"]>,
) {
  const a = (screen.angleDeg * Math.PI) / 180, k = (2 * Math.PI) / screen.periodPx;
  const ca = Math.cos(a) * k, sa = Math.sin(a) * k;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dots = Math.cos(x * ca + y * sa) * Math.cos(-x * sa + y * ca);
      const f = 1 - screen.depth * (0.5 + 0.5 * dots);
      const o = (y * width + x) * 3;
      pixels[o] *= f, pixels[o + 1] *= f, pixels[o + 2] *= f;
    }
  }
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}

function hexRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** A normalised line of `length` px at `angleDeg` (motion blur). */
function lineKernel(length: number, angleDeg: number) {
  const size = (Math.ceil(length) | 1) + 2, c = (size - 1) / 2;
  const kernel = new Array(size * size).fill(0);
  const dx = Math.cos((angleDeg * Math.PI) / 180), dy = Math.sin((angleDeg * Math.PI) / 180);
  const steps = Math.ceil(length * 4);
  for (let s = 0; s <= steps; s++) {
    const t = (s / steps - 0.5) * length;
    const x = c + t * dx, y = c + t * dy;
    const x0 = Math.floor(x), y0 = Math.floor(y), fx = x - x0, fy = y - y0;
    kernel[y0 * size + x0] += (1 - fx) * (1 - fy);
    kernel[y0 * size + x0 + 1] += fx * (1 - fy);
    kernel[(y0 + 1) * size + x0] += (1 - fx) * fy;
    kernel[(y0 + 1) * size + x0 + 1] += fx * fy;
  }
  return { width: size, height: size, kernel, scale: kernel.reduce((a, b) => a + b, 0) };
}

/** A normalised disc of radius `r` px, antialiased at its edge (focus blur). */
function discKernel(r: number) {
  const size = 2 * Math.ceil(r) + 1, c = (size - 1) / 2;
  const kernel: number[] = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      kernel.push(Math.min(1, Math.max(0, r + 0.5 - Math.hypot(x - c, y - c))));
    }
  }
  return { width: size, height: size, kernel, scale: kernel.reduce((a, b) => a + b, 0) };
}
