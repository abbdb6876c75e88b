import { CELL_HEIGHT, CELL_WIDTH } from "./glyph-cells.ts";
import { MRZ_ALPHABET } from "./mrz-format.ts";

/**
 * The OCR-B glyph classifier: a small convolutional network (three 3×3 convolutions with ReLU and
 * 2×2 max pooling, then two dense layers) trained by dev/mrz-glyphs/train.py on character cells
 * of synthetic documents. Its weights are committed (`model/ocrb-glyphs.bin`, float32, described
 * by `model/ocrb-glyphs.json`); nothing is downloaded.
 *
 * The forward pass is written here rather than run by a library: the npm inference runtimes either
 * fetch native binaries at install (onnxruntime-node) or are several hundred times slower on this
 * network (TensorFlow.js's CPU backend), and the network is five layers of plain arithmetic.
 */
export interface GlyphModel {
  /** Class probabilities (MRZ_ALPHABET order) for `count` cells laid end to end. */
  classify(cells: Float32Array, count: number): Float32Array;
}

interface ModelSpec {
  input: [number, number];
  classes: string;
  layers:
    ({ type: "conv"; in: number; out: number } | { type: "dense"; in: number; out: number })[];
}

const MODEL_URL = new URL("./model/ocrb-glyphs", import.meta.url);

export async function loadGlyphModel(): Promise<GlyphModel> {
  const spec: ModelSpec = JSON.parse(await Deno.readTextFile(new URL(MODEL_URL + ".json")));
  const bytes = await Deno.readFile(new URL(MODEL_URL + ".bin"));
  return glyphModelOf(spec, new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4));
}

export function glyphModelOf(spec: ModelSpec, weights: Float32Array): GlyphModel {
  if (spec.classes !== MRZ_ALPHABET) {
    throw new Error("glyph model: classes differ from MRZ alphabet");
  }
  if (spec.input[0] !== CELL_HEIGHT || spec.input[1] !== CELL_WIDTH) {
    throw new Error("glyph model: input size differs from the cells");
  }
  let offset = 0;
  const take = (n: number) => {
    const part = weights.subarray(offset, offset + n);
    offset += n;
    return part;
  };
  const layers = spec.layers.map((layer) =>
    layer.type === "conv"
      ? { ...layer, w: take(layer.out * layer.in * 9), b: take(layer.out) }
      : { ...layer, w: take(layer.out * layer.in), b: take(layer.out) }
  );
  if (offset !== weights.length) throw new Error("glyph model: weights do not match its layers");
  const classes = MRZ_ALPHABET.length;
  return {
    classify(cells, count) {
      const out = new Float32Array(count * classes);
      for (let n = 0; n < count; n++) {
        let h = CELL_HEIGHT, w = CELL_WIDTH;
        let x = padded(cells.subarray(n * h * w, (n + 1) * h * w), 1, h, w);
        for (let i = 0; i < layers.length; i++) {
          const layer = layers[i];
          if (layer.type === "conv") {
            const convolved = conv3x3(x, layer.in, h, w, layer.w, layer.b, layer.out);
            const last = layers[i + 1]?.type !== "conv";
            x = reluPool(convolved, layer.out, h, w, !last);
            h >>= 1;
            w >>= 1;
          } else {
            x = dense(x, layer.w, layer.b, layer.in, layer.out, i < layers.length - 1);
          }
        }
        softmaxInto(x, out, n * classes);
      }
      return out;
    },
  };
}

/**
 * Planes are stored with a border of zeros (the convolution's "same" padding) and two spare zeros
 * at the end, so that each of the nine taps of a 3×3 kernel is one run over a whole plane.
 */
const paddedSize = (h: number, w: number) => (h + 2) * (w + 2) + 2;

function padded(x: Float32Array, channels: number, h: number, w: number): Float32Array {
  const size = paddedSize(h, w);
  const out = new Float32Array(channels * size);
  for (let c = 0; c < channels; c++) {
    for (let y = 0; y < h; y++) {
      out.set(x.subarray((c * h + y) * w, (c * h + y + 1) * w), c * size + (y + 1) * (w + 2) + 1);
    }
  }
  return out;
}

/**
 * 3×3 convolution over padded planes. The result has rows of w + 2 values of which the first w
 * are the output (the last two straddle the border and are ignored).
 */
function conv3x3(
  x: Float32Array,
  channels: number,
  h: number,
  w: number,
  weight: Float32Array,
  bias: Float32Array,
  outChannels: number,
): Float32Array {
  const stride = w + 2, span = h * stride, size = paddedSize(h, w);
  const out = new Float32Array(outChannels * span);
  for (let o = 0; o < outChannels; o++) {
    const acc = out.subarray(o * span, (o + 1) * span);
    acc.fill(bias[o]);
    for (let c = 0; c < channels; c++) {
      const base = c * size, k = (o * channels + c) * 9;
      for (let ky = 0; ky < 3; ky++) {
        for (let kx = 0; kx < 3; kx++) {
          const kw = weight[k + ky * 3 + kx];
          const from = base + ky * stride + kx;
          for (let i = 0; i < span; i++) acc[i] += kw * x[from + i];
        }
      }
    }
  }
  return out;
}

/** ReLU and 2×2 max pooling of a convolution's result, padded for the next convolution or not. */
function reluPool(
  x: Float32Array,
  channels: number,
  h: number,
  w: number,
  pad: boolean,
): Float32Array {
  const stride = w + 2, span = h * stride;
  const oh = h >> 1, ow = w >> 1;
  const size = pad ? paddedSize(oh, ow) : oh * ow;
  const out = new Float32Array(channels * size);
  for (let c = 0; c < channels; c++) {
    for (let y = 0; y < oh; y++) {
      const target = c * size + (pad ? (y + 1) * (ow + 2) + 1 : y * ow);
      for (let xx = 0; xx < ow; xx++) {
        const i = c * span + 2 * y * stride + 2 * xx;
        const m = Math.max(x[i], x[i + 1], x[i + stride], x[i + stride + 1]);
        out[target + xx] = m > 0 ? m : 0;
      }
    }
  }
  return out;
}

function dense(
  x: Float32Array,
  weight: Float32Array,
  bias: Float32Array,
  inputs: number,
  outputs: number,
  relu: boolean,
): Float32Array {
  const out = new Float32Array(outputs);
  for (let o = 0; o < outputs; o++) {
    let sum = bias[o];
    const row = o * inputs;
    for (let i = 0; i < inputs; i++) sum += weight[row + i] * x[i];
    out[o] = relu && sum < 0 ? 0 : sum;
  }
  return out;
}

function softmaxInto(logits: Float32Array, out: Float32Array, at: number): void {
  let max = -Infinity;
  for (const v of logits) if (v > max) max = v;
  let sum = 0;
  for (let i = 0; i < logits.length; i++) sum += out[at + i] = Math.exp(logits[i] - max);
  for (let i = 0; i < logits.length; i++) out[at + i] /= sum;
}
