/**
 * MRZ reading benchmark: every photo of a set in the fixtures' format (default
 * ../shared/fixtures/mrz, 60 photos; or a synthetic set written by bench/mrz-synth.ts) read by the
 * MRZ worker's own reader (started once, as in the worker), one photo at a time.
 *
 * Per difficulty level and per format: photos; all fields exact; silently wrong (a field the API
 * answers — surname, givenNames, documentNumber, nationality, dateOfBirth, sex, expiryDate,
 * documentType — differs from the truth and is not named in the result's `uncertain`); flagged
 * (wrong, but every wrong answered field is named in `uncertain`); other (only fields the API does
 * not answer differ: issuing state, optional data); no result; median and 95th-percentile seconds
 * per photo (decode, find, classify, decode the fields, parse). Also the process's peak RSS. Targets (issue 18):
 * all fields exact ≥ 99 % at levels 0–1, ≥ 92 % at level 2, ≥ 60 % at level 3; no silently wrong
 * photo at levels 0–2; median < 0.5 s, p95 < 2 s; peak RSS < 600 MB.
 *
 *   deno run -A bench/mrz.ts [--dir ../shared/fixtures/mrz] [--json out.json] [--verbose]
 *   deno run -A bench/mrz.ts --dir ../shared/fixtures/mrz-real-dev \
 *     --truth tests/unit/mrz/real-dev-truth.json
 *
 * --truth reads a set without a manifest: photos of real documents with their MRZ transcribed by
 * hand (`files`: image, format, fields; fields null for a photo without a zone, whose right answer
 * is none). Their level is "real". Every photo without an answer is counted by why (the reader's
 * refusal: zone not found, not text, checks failed, out of time).
 *
 * --verbose prints a JSON line per photo: file name, level, format, outcome, the names of the
 * wrong and uncertain fields and the time — never the data. --json writes the figures and those
 * per-photo lines.
 */
import { parseArgs } from "node:util";
import { setLogLevel } from "@core/platform/logger.ts";
import { createMrzReader } from "../workers/mrz/mrz-reader.ts";

/** The fields the API answers with (the guest form's data). */
const ANSWERED = [
  "surname",
  "givenNames",
  "documentNumber",
  "nationality",
  "dateOfBirth",
  "sex",
  "expiryDate",
  "documentType",
] as const;

type Outcome = "exact" | "silently-wrong" | "flagged" | "other-fields" | "no-result";

interface PhotoResult {
  image: string;
  /** The synthetic difficulty level, or "real" for a transcribed real photo. */
  level: number | string;
  format: string;
  outcome: Outcome;
  /** Why there is no result (the reader's failure kind and its refusal reason). */
  failure?: string;
  why?: string;
  wrongFields: string[];
  uncertain: string[];
  ms: number;
}

const { values } = parseArgs({
  args: Deno.args,
  options: {
    dir: {
      type: "string",
      default: new URL("../../shared/fixtures/mrz/", import.meta.url).pathname,
    },
    json: { type: "string" },
    truth: { type: "string" },
    verbose: { type: "boolean", default: false },
  },
});
setLogLevel("error");
const dir = values.dir.endsWith("/") ? values.dir : values.dir + "/";
interface SetFile {
  image: string;
  level: number | string;
  /** The ground truth: read from `groundTruth`, or given inline by a --truth file. */
  groundTruth?: string;
  truth?: { format: string | null; fields: Record<string, unknown> | null };
}
const manifest: { referenceDate: string; files: SetFile[] } = values.truth
  ? (({ referenceDate, files }) => ({
    referenceDate,
    files: files.map((f: SetFile["truth"] & { image: string }) => ({
      image: f.image,
      level: "real",
      truth: { format: f.format, fields: f.fields },
    })),
  }))(JSON.parse(await Deno.readTextFile(values.truth)))
  : JSON.parse(await Deno.readTextFile(dir + "manifest.json"));

let peakRss = 0;
const sampleRss = () => (peakRss = Math.max(peakRss, Deno.memoryUsage().rss));
const sampler = setInterval(sampleRss, 20);

const initStart = performance.now();
const reader = await createMrzReader({
  clock: () => new Date(manifest.referenceDate + "T12:00:00Z"),
});
const initMs = performance.now() - initStart;

const photos: PhotoResult[] = [];
for (const file of manifest.files) {
  const truth = file.truth ?? JSON.parse(await Deno.readTextFile(dir + file.groundTruth));
  const bytes = await Deno.readFile(dir + file.image);
  const started = performance.now();
  const result = await reader.read(bytes);
  const ms = performance.now() - started;
  sampleRss();
  let photo: PhotoResult;
  const base = { image: file.image, level: file.level, format: truth.format ?? "none", ms };
  if (truth.fields === null) {
    // A page without a zone: no answer is the right one.
    photo = {
      ...base,
      outcome: result.ok ? "silently-wrong" : "exact",
      ...(result.ok ? {} : { failure: result.failure, why: result.why }),
      wrongFields: result.ok ? Object.keys(result.fields) : [],
      uncertain: result.ok ? [...result.uncertain] : [],
    };
  } else if (!result.ok) {
    photo = {
      ...base,
      outcome: "no-result",
      failure: result.failure,
      why: result.why,
      wrongFields: [],
      uncertain: [],
    };
  } else {
    const read = result.fields as unknown as Record<string, unknown>;
    const wrongFields = Object.keys(truth.fields).filter((key) =>
      JSON.stringify(read[key]) !== JSON.stringify(truth.fields[key])
    );
    const uncertain: string[] = [...result.uncertain];
    const wrongAnswered = wrongFields.filter((key) =>
      (ANSWERED as readonly string[]).includes(key)
    );
    const outcome: Outcome = wrongFields.length === 0
      ? "exact"
      : wrongAnswered.some((key) => !uncertain.includes(key))
      ? "silently-wrong"
      : wrongAnswered.length > 0
      ? "flagged"
      : "other-fields";
    photo = { ...base, outcome, wrongFields, uncertain };
  }
  photos.push(photo);
  if (values.verbose) console.log(JSON.stringify({ ...photo, ms: Math.round(ms) }));
}
await reader.close();
clearInterval(sampler);

interface Row {
  group: string;
  photos: number;
  exact: number;
  exactPercent: number;
  silentlyWrong: number;
  flagged: number;
  otherFields: number;
  noResult: number;
  medianS: number;
  p95S: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
function row(group: string, of: PhotoResult[]): Row {
  const sorted = of.map((p) => p.ms).sort((a, b) => a - b);
  const count = (outcome: Outcome) => of.filter((p) => p.outcome === outcome).length;
  const exact = count("exact");
  return {
    group,
    photos: of.length,
    exact,
    exactPercent: Math.round((1000 * exact) / of.length) / 10,
    silentlyWrong: count("silently-wrong"),
    flagged: count("flagged"),
    otherFields: count("other-fields"),
    noResult: count("no-result"),
    medianS: Math.round(quantile(sorted, 0.5)) / 1000,
    p95S: Math.round(quantile(sorted, 0.95)) / 1000,
  };
}
const groups = <K extends "level" | "format">(key: K) =>
  [...new Set(photos.map((p) => p[key]))].sort().map((value) =>
    row(String(value), photos.filter((p) => p[key] === value))
  );
const byLevel = groups("level");
const byFormat = groups("format");
const all = row("all", photos);
/** Synthetic levels 0–2 and every real photo: where nothing may be silently wrong. */
const mustBeRight = (p: PhotoResult) => typeof p.level !== "number" || p.level <= 2;
const silentLow = photos.filter((p) => mustBeRight(p) && p.outcome === "silently-wrong").length;
const refusals: Record<string, number> = {};
for (const p of photos) if (p.why) refusals[p.why] = (refusals[p.why] ?? 0) + 1;
const refusedQuickly = photos.filter((p) => p.outcome === "no-result" && p.ms < 200).length;

const table = (title: string, rows: Row[]) => {
  console.log(
    `| ${title} | photos | all fields exact | silently wrong | flagged | other fields | no result | median s | p95 s |`,
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of rows) {
    console.log(
      `| ${r.group} | ${r.photos} | ${r.exact} (${r.exactPercent}%) | ${r.silentlyWrong} | ${r.flagged} | ${r.otherFields} | ${r.noResult} | ${
        r.medianS.toFixed(2)
      } | ${r.p95S.toFixed(2)} |`,
    );
  }
  console.log("");
};
const peakRssMb = Math.round(peakRss / 2 ** 20);
console.log(`\n${photos.length} photos from ${dir}`);
console.log(`reader started in ${(initMs / 1000).toFixed(2)} s; peak RSS ${peakRssMb} MB\n`);
console.log(
  `>>> SILENTLY WRONG: ${all.silentlyWrong} of ${photos.length} photos ` +
    `(${silentLow} at levels 0–2 or real, target 0) <<<\n`,
);
console.log(
  `refused, by why: ${
    Object.entries(refusals).map(([why, n]) => `${why} ${n}`).join(", ") || "none"
  }; photos refused in under 0.2 s: ${refusedQuickly}\n`,
);
table("level", [...byLevel, all]);
table("format", byFormat);

if (values.json) {
  await Deno.writeTextFile(
    values.json,
    JSON.stringify(
      {
        dir,
        measuredAt: new Date().toISOString(),
        photos: photos.length,
        peakRssMb,
        initS: Math.round(initMs) / 1000,
        silentlyWrong: all.silentlyWrong,
        silentlyWrongLevels0to2: silentLow,
        refusals,
        refusedQuickly,
        byLevel,
        byFormat,
        all,
        perPhoto: photos.map((p) => ({ ...p, ms: Math.round(p.ms) })),
      },
      null,
      2,
    ) + "\n",
  );
}
Deno.exit(0);
