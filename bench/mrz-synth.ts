/**
 * Synthetic MRZ photo sets in the fixtures' format (../shared/fixtures/mrz): one image and one
 * ground-truth JSON per document plus manifest.json. Three splits with disjoint random streams:
 * `train` and `tune` for building a recognizer, `report` only for the figures in
 * docs/benchmarks.md. The same split, seed and count always give the same bytes.
 *
 *   deno run -A bench/mrz-synth.ts --out data/mrz-synth/report --split report [--count 200] [--seed 1]
 *     [--realism plain|real|mixed]
 *
 * `--realism` (./mrz-synth/look.ts): `plain` draws as the earlier figures' sets; `real` gives
 * every document what real ones have (security print through the zone, laser engraving, other
 * OCR-B renderings, halftone, re-saved JPEGs, thumbnails); `mixed` half of them.
 *
 * Needs the OCR-B font (Debian fonts-ocr-b) and DejaVu/Liberation fonts, drawn by sharp.
 */
import { parseArgs } from "node:util";
import { type Split, SPLITS } from "./mrz-synth/random.ts";
import { writeSet } from "./mrz-synth/write-set.ts";
import { type Realism, REALISMS } from "./mrz-synth/look.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    out: { type: "string" },
    split: { type: "string" },
    count: { type: "string", default: "200" },
    seed: { type: "string", default: "1" },
    realism: { type: "string", default: "plain" },
    concurrency: { type: "string", default: "2" },
  },
});
if (
  !values.out || !SPLITS.includes(values.split as Split) ||
  !REALISMS.includes(values.realism as Realism)
) {
  console.error(
    "usage: deno run -A bench/mrz-synth.ts --out DIR --split train|tune|report [--count N] [--seed S]" +
      " [--realism plain|real|mixed]",
  );
  Deno.exit(2);
}
const count = Number(values.count), seed = Number(values.seed);
if (
  !Number.isInteger(count) || count < 1 || !Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32
) {
  console.error("--count must be a positive integer and --seed an integer in [0, 2^32)");
  Deno.exit(2);
}
const started = performance.now();
const manifest = await writeSet({
  out: values.out,
  split: values.split as Split,
  count,
  seed,
  realism: values.realism as Realism,
  concurrency: Number(values.concurrency),
  onItem: (done) => {
    if (done % 25 === 0 || done === count) {
      console.error(`${done}/${count} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
  },
});
console.log(
  `${manifest.count} photos in ${values.out}: levels ${JSON.stringify(manifest.byLevel)}, ` +
    `formats ${JSON.stringify(manifest.byFormat)}, ${
      ((performance.now() - started) / 1000).toFixed(1)
    } s`,
);
