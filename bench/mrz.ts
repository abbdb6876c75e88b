/**
 * MRZ reading benchmark: every photo of ../shared/fixtures/mrz (60, levels 0–3) read by the MRZ
 * worker's own reader (both OCR engines started once, as in the worker), one photo at a time.
 * Per difficulty level: the share of photos whose fields all equal the ground truth, the median
 * and 95th-percentile time per photo (decode, find, OCR, correct, parse), and the process's peak
 * RSS. Targets (issue 6): all fields exact on ≥ 98 % of level 0–1 photos and ≥ 85 % of level 2;
 * median under 1.5 s on the 2-core reference machine. Level 3 is best effort.
 *
 *   deno run -A bench/mrz.ts [--fixtures ../shared/fixtures/mrz] [--verbose]
 *
 * Prints a JSON line per photo with --verbose (file, level, outcome, ms; never the data) and a
 * Markdown table.
 */
import { parseArgs } from "node:util";
import { setLogLevel } from "@core/platform/logger.ts";
import { createMrzReader } from "../workers/mrz/mrz-reader.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    fixtures: {
      type: "string",
      default: new URL("../../shared/fixtures/mrz/", import.meta.url).pathname,
    },
    verbose: { type: "boolean", default: false },
  },
});
setLogLevel("error");
const dir = values.fixtures.endsWith("/") ? values.fixtures : values.fixtures + "/";
const manifest = JSON.parse(await Deno.readTextFile(dir + "manifest.json"));

let peakRss = 0;
const sampleRss = () => (peakRss = Math.max(peakRss, Deno.memoryUsage().rss));
const sampler = setInterval(sampleRss, 20);

const initStart = performance.now();
const reader = await createMrzReader({
  clock: () => new Date(manifest.referenceDate + "T12:00:00Z"),
});
const initMs = performance.now() - initStart;

interface Level {
  exact: number;
  total: number;
  ms: number[];
}
const levels = new Map<number, Level>();
for (const file of manifest.files) {
  const truth = JSON.parse(await Deno.readTextFile(dir + file.groundTruth));
  const bytes = await Deno.readFile(dir + file.image);
  const started = performance.now();
  const result = await reader.read(bytes);
  const ms = performance.now() - started;
  const exact = result.ok && JSON.stringify(result.fields) === JSON.stringify(truth.fields);
  const level = levels.get(file.level) ?? { exact: 0, total: 0, ms: [] };
  levels.set(file.level, level);
  level.total++;
  level.ms.push(ms);
  if (exact) level.exact++;
  sampleRss();
  if (values.verbose) {
    const outcome = exact ? "exact" : result.ok ? "wrong" : result.failure;
    console.log(
      JSON.stringify({ image: file.image, level: file.level, outcome, ms: Math.round(ms) }),
    );
  }
}
await reader.close();
clearInterval(sampler);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const rows = [...levels.entries()].sort(([a], [b]) => a - b).map(([level, l]) => {
  const sorted = [...l.ms].sort((a, b) => a - b);
  return { level: String(level), ...l, sorted };
});
const all = rows.flatMap((r) => r.sorted).sort((a, b) => a - b);
const total = rows.reduce((n, r) => ({ exact: n.exact + r.exact, total: n.total + r.total }), {
  exact: 0,
  total: 0,
});

console.log(
  `\nOCR engines started in ${seconds(initMs)} s; peak RSS ${Math.round(peakRss / 2 ** 20)} MB\n`,
);
console.log("| level | photos | all fields exact | median s | p95 s |");
console.log("| ----- | ------ | ---------------- | -------- | ----- |");
for (const r of [...rows, { level: "all", ...total, sorted: all }]) {
  const share = `${r.exact}/${r.total} (${Math.round((100 * r.exact) / r.total)} %)`;
  console.log(
    `| ${r.level} | ${r.total} | ${share} | ${seconds(quantile(r.sorted, 0.5))} | ${
      seconds(quantile(r.sorted, 0.95))
    } |`,
  );
}
Deno.exit(0);
