/**
 * The guest check-in page's JavaScript budget (issue 6: under 150 kB compressed for the whole
 * page, phones at the door). Reads the built site (site/dist, `deno task build` first) and sums
 * the gzip sizes of every script the page can load, for one language:
 *
 * - at start: the inline scripts (theme, Astro's island loader) and the island with everything it
 *   imports statically;
 * - later: chunks the page imports when needed (the country names in its language, the WiFi QR
 *   code after check-in), counting only the page language's chunk where a chunk exists per
 *   language; switching language loads one more catalogue and country list, listed apart;
 * - on scan: the live camera scan (camera/CameraScan.tsx), loaded only when a guest taps Scan,
 *   listed apart and outside the budget, which stays on what every guest loads (start + later);
 * - walk-in: the stay request form (WalkInRequest.tsx, issue 20), loaded only at a door with no
 *   stay today when the guest asks the host for one, listed apart and outside the budget too.
 *
 *   deno run -A bench/checkin-page-size.ts [--lang hr] [--dist site/dist] [--budget 150]
 *
 * Prints a table per file and the totals; exits 1 when the page's total is over the budget.
 */
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { join } from "node:path";

const LANGUAGES = ["hr", "en", "fr", "it", "de", "es", "ru"];
const { values } = parseArgs({
  args: Deno.args,
  options: {
    lang: { type: "string", default: "hr" },
    dist: { type: "string", default: new URL("../site/dist", import.meta.url).pathname },
    budget: { type: "string", default: "150" },
  },
});
const lang = values.lang;
if (!LANGUAGES.includes(lang)) throw new Error(`--lang must be one of ${LANGUAGES.join(", ")}`);
const dist = values.dist;
const page = join(dist, lang === "hr" ? "" : lang, "prijava/index.html");
const html = await Deno.readTextFile(page).catch(() => {
  throw new Error(`${page} is missing: build the site first (deno task build)`);
});

const gzip = (text: string) => gzipSync(new TextEncoder().encode(text), { level: 9 }).length;
const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&amp;/g, "&");

interface Row {
  file: string;
  raw: number;
  gzip: number;
  /** "switch": the page's own catalogue as a chunk, fetched only when switching back to it. */
  when: "start" | "later" | "on scan" | "walk-in" | "other language" | "switch";
}
const rows: Row[] = [];

// Inline scripts: the theme script, Astro's island loader, the island's start after the first
// paint. Not those inside a <template> (Astro's copy of the island's fallback markup, handed to the
// island as its slot): a template's content is inert, its scripts never run.
const live = html.replace(/<template\b[^>]*>[\s\S]*?<\/template>/g, "");
for (const [, attrs, body] of live.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
  if (/\bsrc=/.test(attrs) || body.trim() === "") continue;
  rows.push({ file: "(inline script)", raw: body.length, gzip: gzip(body), when: "start" });
}

/** Scripts the page names: islands and their renderer, script tags, module preloads. */
const entries = new Set<string>();
for (
  const [, url] of html.matchAll(/(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)
) {
  entries.add(decode(url));
}
for (const [, url] of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) entries.add(decode(url));
for (const [, url] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) {
  entries.add(decode(url));
}

const seen = new Map<string, Row["when"]>();
const texts = new Map<string, string>();
async function read(url: string): Promise<string> {
  if (!texts.has(url)) texts.set(url, await Deno.readTextFile(join(dist, url)));
  return texts.get(url)!;
}
const resolve = (from: string, spec: string) => new URL(spec, `http://x${from}`).pathname;

/** The camera scan's chunk (Vite names a dynamic import's chunk after its module). */
const isCameraChunk = (url: string) => /^CameraScan\.[\w-]+\.js$/.test(url.split("/").pop()!);
/** The walk-in's stay request form, loaded only when a guest at a door with no stay asks. */
const isWalkInChunk = (url: string) => /^WalkInRequest\.[\w-]+\.js$/.test(url.split("/").pop()!);

/** A chunk that exists once per language (a catalogue, country names): its language, if so. */
function languageOf(url: string): string | undefined {
  const name = url.split("/").pop()!.split(".")[0];
  return LANGUAGES.includes(name) ? name : undefined;
}

async function visit(url: string, when: Row["when"]): Promise<void> {
  const previous = seen.get(url);
  if (previous === "start" || previous === when) return;
  // A chunk every guest may load stays counted even when an optional chunk imports it too.
  if (previous === "later" && (when === "walk-in" || when === "on scan")) return;
  seen.set(url, when);
  const text = await read(url);
  const staticImports = [
    ...text.matchAll(/(?:\bfrom|\bimport)\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g),
  ].map((m) => resolve(url, m[1]));
  const dynamicImports = [...text.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)]
    .map((m) => resolve(url, m[1]));
  for (const next of staticImports) await visit(next, when);
  for (const next of dynamicImports) {
    const chunkLanguage = languageOf(next);
    const later = isCameraChunk(next)
      ? "on scan"
      : isWalkInChunk(next)
      ? "walk-in"
      : chunkLanguage && chunkLanguage !== lang
      ? "other language"
      : "later";
    await visit(next, when === "start" || when === "later" ? later : when);
  }
}
for (const entry of entries) await visit(entry, "start");
for (const [url, seenWhen] of seen) {
  const text = await read(url);
  // The page's texts come with the page (island props, in the HTML); their chunk is for switching.
  const ownCatalogue = seenWhen === "later" && languageOf(url) === lang &&
    text.includes("page.title");
  const when = ownCatalogue ? "switch" : seenWhen;
  rows.push({ file: url.replace(/^\/_astro\//, ""), raw: text.length, gzip: gzip(text), when });
}

const sum = (when: Row["when"][], key: "raw" | "gzip") =>
  rows.filter((r) => when.includes(r.when)).reduce((total, r) => total + r[key], 0);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
rows.sort((a, b) => a.when.localeCompare(b.when) || b.gzip - a.gzip);

console.log(`Check-in page JavaScript (${lang}: ${page.replace(dist, "site/dist")})\n`);
console.log("| file | when | raw kB | gzip kB |");
console.log("| ---- | ---- | -----: | ------: |");
for (const row of rows) {
  console.log(`| ${row.file} | ${row.when} | ${kb(row.raw)} | ${kb(row.gzip)} |`);
}
const atStart = sum(["start"], "gzip");
const whole = sum(["start", "later"], "gzip");
const onScan = sum(["on scan"], "gzip");
const walkIn = sum(["walk-in"], "gzip");
const perLanguage = sum(["other language"], "gzip") / (LANGUAGES.length - 1);
const islandProps = /<astro-island[^>]*\bprops="([^"]*)"/.exec(html)?.[1] ?? "";
console.log("");
console.log(`at start:                      ${kb(atStart)} kB gzip`);
console.log(`in all (start + later):        ${kb(whole)} kB gzip`);
console.log(`a camera scan adds (on scan):  ${kb(onScan)} kB gzip`);
console.log(`a walk-in's request adds:      ${kb(walkIn)} kB gzip`);
console.log(`each language switch adds:     ${kb(perLanguage)} kB gzip (on average)`);
console.log(
  `(the page's texts travel in its HTML as island props: ${kb(gzip(islandProps))} kB gzip)`,
);
const budget = Number(values.budget);
console.log(
  `budget:                        ${budget} kB → ${whole / 1024 <= budget ? "OK" : "OVER"}`,
);
if (whole / 1024 > budget) Deno.exit(1);
