/**
 * Page speed (issue "Fast by construction"): Lighthouse in its default mobile emulation (a
 * mid-range phone, simulated slow 4G and 4× CPU slowdown) on the landing page in Croatian and
 * English, the FAQ and the guest check-in page, with Debian's Chromium. Targets on each page:
 * Performance ≥ 95, Accessibility ≥ 95, Best Practices ≥ 95, SEO = 100; the landing pages' JavaScript
 * under 20 kB as transferred (compressed); the check-in page's Largest Contentful Paint under 2.5 s
 * (issue 20), as the median of the runs.
 *
 *   deno run -A bench/lighthouse.ts [--url http://localhost:8000] [--code ABCD234567]
 *                                   [--unit-code abcd2345efgh] [--runs 1] [--only door,check-in]
 *                                   [--budget] [--json out.json] [--lhr-dir dir]
 *
 * Without --url it starts the real product itself (tests/support/stack.ts: NATS, the eVisitor
 * simulator, the API serving site/dist and the workers, on free ports with a fresh database), then
 * makes what the check-in page shows: a host registers, confirms the e-mail through the stack's
 * SMTP listener, connects the simulator's demo eVisitor account and enters a stay from today in a
 * unit. The check-in page is measured four ways: the unit's printed door QR `/prijava/smjestaj/
 * <unit code>` (language-less: for Lighthouse's en-US browser a redirect to the English page, the
 * way every guest at the door comes in), that English page opened directly, and the same two for
 * the stay's own link `/prijava/rezervacija/<code>`. With --url it measures a product that is
 * already running; give a stay's code with --code and its unit's door code with --unit-code
 * (without --code a code that does not exist is measured: the same page, ending on "not found";
 * without --unit-code the door QR is left out).
 *
 * The check-in page is deliberately `noindex` (its address is a private code), so Lighthouse's SEO
 * audit "is-crawlable" fails there by design: that page's SEO is reported without it.
 *
 * Prints one row per page (scores, JavaScript and total bytes transferred, LCP, TBT, CLS), what
 * each page's LCP element is and what it waited on (Lighthouse's phases: time to first byte, load
 * delay and time of a resource, render delay) with the redirects' estimated cost, and every audit
 * that is not passed in Accessibility, Best Practices and SEO with what it names. --runs N measures
 * each page N times: LCP is the median of the runs, the rest is the run with the median
 * Performance score. --only measures the pages whose name starts with one of the given names.
 * --lhr-dir keeps each run's Lighthouse report and trace (open the trace in Chromium's Performance
 * panel). --budget exits 1 when a target is missed, naming it.
 */
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const CHROMIUM = "/usr/bin/chromium";
/** The flags the closed network needs: nothing may try to reach out. */
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = typeof CATEGORIES[number];
const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 95,
  "best-practices": 95,
  seo: 100,
};
/** The landing pages' JavaScript budget, bytes transferred. */
const LANDING_JS_BUDGET = 20 * 1024;
/** Issue 20: the guest check-in page's Largest Contentful Paint (median of the runs), ms. */
const CHECKIN_LCP_BUDGET_MS = 2_500;
/** A well-formed reservation code that no stay has. */
const MISSING_CODE = "ABCDEFGHJK";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    url: { type: "string" },
    code: { type: "string" },
    "unit-code": { type: "string" },
    runs: { type: "string", default: "1" },
    only: { type: "string" },
    "lhr-dir": { type: "string" },
    budget: { type: "boolean", default: false },
    json: { type: "string" },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a whole number ≥ 1");

interface Page {
  name: string;
  path: string;
  /** The landing page: its JavaScript has a budget of its own. */
  landing?: boolean;
  /** Deliberately noindex: SEO is counted without is-crawlable. */
  noindex?: boolean;
}

interface AuditItemSummary {
  id: string;
  title: string;
  category: Category;
  score: number;
  displayValue?: string;
  /** The elements or addresses the audit names. */
  items: string[];
}

interface PageResult {
  name: string;
  url: string;
  scores: Record<Category, number>;
  /** SEO without is-crawlable, for noindex pages. */
  seoExcludingCrawlable?: number;
  scriptTransferBytes: number;
  totalTransferBytes: number;
  requests: number;
  /** Largest Contentful Paint: the median of the runs. */
  lcpMs: number;
  /** Each run's LCP, in the order measured. */
  lcpRunsMs?: number[];
  /** What the LCP is and what it waited on (Lighthouse's LCP breakdown). */
  lcpElement?: string;
  lcpPhases?: string[];
  /** Redirects before the page, as Lighthouse estimates their cost. */
  redirectMs?: number;
  tbtMs: number;
  cls: number;
  failing: AuditItemSummary[];
  /** Performance audits below 0.9, with their estimate (what slows the page). */
  slow: { id: string; title: string; score: number; displayValue?: string; items: string[] }[];
}

const notes: string[] = [];

// --- the product -------------------------------------------------------------------------------

let baseUrl: string;
let stop = async () => {};
let code = values.code;
let unitCode = values["unit-code"];
let faqExists: boolean;
if (values.url) {
  baseUrl = values.url.replace(/\/+$/, "");
  const faq = await fetch(`${baseUrl}/faq`, { method: "HEAD" });
  faqExists = faq.status === 200;
  if (!code) {
    code = MISSING_CODE;
    notes.push(
      `check-in page: no --code given, so a code no stay has (${MISSING_CODE}) is measured: the ` +
        "whole page loads and ends on “not found”.",
    );
  }
} else {
  const { startStack } = await import("../tests/support/stack.ts");
  const dist = new URL("../site/dist/", import.meta.url).pathname;
  await Deno.stat(`${dist}index.html`).catch(() => {
    throw new Error(`${dist}index.html is missing: build the site first (deno task build)`);
  });
  faqExists = await Deno.stat(`${dist}faq/index.html`).then(() => true, () => false);
  console.error("starting the product (NATS, eVisitor simulator, API, workers)…");
  const stack = await startStack();
  baseUrl = stack.baseUrl;
  stop = () => stack.stop();
  try {
    const made = await makeStay(stack);
    code ??= made.code;
    unitCode ??= made.unitCode;
  } catch (error) {
    await stop();
    throw error;
  }
}
if (!faqExists) {
  notes.push("/faq: not built yet (no site/dist/faq/index.html, or not 200), skipped.");
}

const ALL_PAGES: Page[] = [
  { name: "/", path: "/", landing: true },
  { name: "/en/", path: "/en/", landing: true },
  ...(faqExists ? [{ name: "/faq", path: "/faq" }] : []),
  // The printed door QR: language-less, so Lighthouse's en-US browser is sent on to the English
  // page (the guest's language first, issue 20). Every guest at the door comes in this way.
  ...(unitCode ? [{ name: "door QR", path: `/prijava/smjestaj/${unitCode}`, noindex: true }] : []),
  // The same page opened in its language directly, as a link shared in the guest's language opens.
  ...(unitCode
    ? [{ name: "door QR /en/", path: `/en/prijava/smjestaj/${unitCode}`, noindex: true }]
    : []),
  { name: "check-in", path: `/prijava/rezervacija/${code}`, noindex: true },
  { name: "check-in /en/", path: `/en/prijava/rezervacija/${code}`, noindex: true },
];
/** --only door,check-in: the pages whose name starts with one of these. */
const PAGES = values.only
  ? ALL_PAGES.filter((p) => values.only!.split(",").some((prefix) => p.name.startsWith(prefix)))
  : ALL_PAGES;
if (PAGES.length === 0) throw new Error(`--only ${values.only} names no page`);

/**
 * A stay from today in one of the demo host's units, made as a host would: register, confirm the
 * e-mail from the real message, sign in, connect eVisitor (which brings the properties and units),
 * enter the stay. Returns its code.
 */
async function makeStay(
  stack: Awaited<ReturnType<typeof import("../tests/support/stack.ts").startStack>>,
): Promise<{ code: string; unitCode: string }> {
  const { DEMO_HOST } = await import("../tests/support/evisitor-sim.ts");
  const { waitFor } = await import("../tests/support/wait.ts");
  const { addDays, todayIn } = await import("../shared/local-date.ts");
  const email = "lighthouse.domacin@example.com";
  const password = "Jadran-Sunce-2026!";
  const { callApi } = await import("../tests/support/api-call.ts");
  // deno-lint-ignore no-explicit-any
  const call = (path: string, options?: Parameters<typeof callApi>[2]): Promise<any> =>
    callApi(stack.baseUrl, path, options);

  console.error("making a stay for the check-in page…");
  await call("/api/Users/register", {
    method: "POST",
    body: { email, password, acceptLegalDocuments: true },
  });
  const mail = await stack.smtp.waitForMail((m) => JSON.stringify(m.to ?? "").includes(email));
  const link = /\/app\/potvrdi-email\/([^/\s]+)\/([^/\s]+)/.exec(mail.text ?? "");
  if (!link) throw new Error("the confirmation e-mail holds no link");
  const query = new URLSearchParams({
    userId: decodeURIComponent(link[1]),
    code: decodeURIComponent(link[2]),
  });
  await call(`/api/Users/confirmEmail?${query}`);
  const { accessToken: token } = await call("/api/Users/login", {
    method: "POST",
    body: { email, password },
  });
  await call("/api/ExternalAccounts", { method: "POST", body: DEMO_HOST, token });
  const unit = await waitFor(async () => {
    const list = await call("/api/Properties?PageNumber=1&PageSize=20", { token });
    return list?.items?.flatMap((p: { accommodationUnits: { id: string; code: string }[] }) =>
      p.accommodationUnits
    )[0] as { id: string; code: string } | undefined;
  }, { timeoutMs: 60_000, intervalMs: 250, what: "the demo properties and units" });
  const today = todayIn("Europe/Zagreb");
  const stay = await call("/api/Reservations", {
    method: "POST",
    token,
    body: {
      accommodationUnitId: unit.id,
      startDateUTC: `${today}T12:00:00.000Z`,
      endDateUTC: `${addDays(today, 3)}T12:00:00.000Z`,
    },
  });
  return { code: stay.code as string, unitCode: unit.code };
}

// --- Lighthouse --------------------------------------------------------------------------------

// deno-lint-ignore no-explicit-any
type Lhr = any;

/** An element as Lighthouse names it: its markup, its label, what is wrong with it. */
function describeNode(node: Lhr): string {
  const parts = [node.snippet ?? node.selector ?? ""];
  if (node.nodeLabel && node.nodeLabel !== node.snippet) parts.push(`“${node.nodeLabel}”`);
  if (node.explanation) parts.push(node.explanation.replace(/\s+/g, " "));
  return parts.join(" — ");
}

/** What an audit's table row names: the element, the address, the message, the estimate. */
function describeItem(item: Lhr): string {
  if (typeof item.phase === "string" && typeof item.timing === "number") {
    return `${item.phase}: ${Math.round(item.timing)} ms`; // the LCP's phases
  }
  const parts: string[] = [];
  for (const [key, value] of Object.entries<Lhr>(item)) {
    if (key === "subItems") continue;
    if (value?.type === "node") parts.push(describeNode(value));
    else if (value?.type === "source-location") parts.push(`${value.url}:${value.line + 1}`);
    else if (value?.type === "url") parts.push(value.value);
    else if (
      typeof value === "string" && value &&
      ["url", "source", "description", "directive", "value", "reason", "label"].includes(key)
    ) parts.push(value.replace(/\s+/g, " "));
    else if (typeof value === "number" && key === "wastedBytes") parts.push(`${value} B to save`);
    else if (typeof value === "number" && key === "wastedMs") parts.push(`${value} ms to save`);
    else if (typeof value === "number" && key === "score" && "node" in item) {
      parts.push(`shift ${value.toFixed(3)}`);
    }
  }
  if (parts.length === 0) parts.push(JSON.stringify(item));
  const text = parts.join(" — ");
  return text.length > 300 ? `${text.slice(0, 297)}…` : text;
}

/** The rows of an audit's details (tables, and tables inside a list), with sub-rows, up to `max`. */
function itemsOf(audit: Lhr, max = 8): string[] {
  const details = audit.details;
  if (!details) return [];
  const items: Lhr[] = details.type === "list"
    ? details.items.flatMap((d: Lhr) => d.type === "table" ? d.items : [])
    : ["table", "opportunity"].includes(details.type)
    ? details.items
    : [];
  const rows: string[] = [];
  for (const item of items.slice(0, max)) {
    rows.push(describeItem(item));
    for (const sub of item.subItems?.items ?? []) rows.push(`  ${describeItem(sub)}`);
  }
  if (items.length > max) rows.push(`… and ${items.length - max} more`);
  return rows;
}

function summarize(page: Page, lhr: Lhr): PageResult {
  const audits = lhr.audits;
  const score = (id: Category) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failing: AuditItemSummary[] = [];
  for (const category of ["accessibility", "best-practices", "seo"] as const) {
    for (const ref of lhr.categories[category].auditRefs) {
      const audit = audits[ref.id];
      if (audit.score === null || audit.score >= 1) continue;
      if (["notApplicable", "informative", "manual"].includes(audit.scoreDisplayMode)) continue;
      failing.push({
        id: ref.id,
        title: audit.title,
        category,
        score: audit.score,
        displayValue: audit.displayValue ?? audit.explanation,
        items: itemsOf(audit),
      });
    }
  }
  const slow = lhr.categories.performance.auditRefs
    .map((ref: { id: string }) => audits[ref.id])
    .filter((a: Lhr) =>
      a.score !== null && a.score < 0.9 &&
      !["notApplicable", "informative", "manual"].includes(a.scoreDisplayMode)
    )
    .map((a: Lhr) => ({
      id: a.id,
      title: a.title,
      score: a.score,
      displayValue: a.displayValue,
      items: itemsOf(a, 4),
    }));
  const summary = audits["resource-summary"]?.details?.items ?? [];
  const transfer = (type: string) =>
    summary.find((row: Lhr) => row.resourceType === type)?.transferSize ?? 0;
  const result: PageResult = {
    name: page.name,
    url: lhr.finalDisplayedUrl,
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    scriptTransferBytes: transfer("script"),
    totalTransferBytes: transfer("total"),
    requests: summary.find((row: Lhr) => row.resourceType === "total")?.requestCount ?? 0,
    lcpMs: audits["largest-contentful-paint"].numericValue,
    tbtMs: audits["total-blocking-time"].numericValue,
    cls: audits["cumulative-layout-shift"].numericValue,
    failing,
    slow,
    lcpElement: itemsOf(audits["largest-contentful-paint-element"] ?? {}, 1)[0],
    lcpPhases: (audits["largest-contentful-paint-element"]?.details?.items ?? [])
      .flatMap((d: Lhr) => d.type === "table" ? d.items : [])
      .filter((item: Lhr) => typeof item.phase === "string")
      .map(describeItem),
    redirectMs: audits.redirects?.numericValue,
  };
  if (page.noindex) {
    // The category's own weighted mean (Lighthouse's scoring: weights of not applicable, manual
    // and informative audits are already 0) without is-crawlable.
    let sum = 0, weight = 0;
    for (const ref of lhr.categories.seo.auditRefs) {
      if (ref.id === "is-crawlable" || !ref.weight) continue;
      sum += (audits[ref.id].score ?? 0) * ref.weight;
      weight += ref.weight;
    }
    result.seoExcludingCrawlable = Math.round((weight ? sum / weight : 0) * 100);
  }
  return result;
}

// Lighthouse needs the full Chromium; the tests run in the lighter headless shell.
try {
  Deno.statSync(CHROMIUM);
} catch {
  console.error(`${CHROMIUM} is missing: apt-get install chromium`);
  Deno.exit(1);
}

const results: PageResult[] = [];
let version = "?";
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  for (const page of PAGES) {
    const measured: PageResult[] = [];
    for (let run = 1; run <= runs; run++) {
      const url = `${baseUrl}${page.path}`;
      console.error(`lighthouse ${url}${runs > 1 ? ` (run ${run}/${runs})` : ""}…`);
      // A trace Lighthouse could not read (NO_NAVSTART, NO_FCP on a busy machine) is measured
      // again, as its message asks, up to twice.
      let answer: Awaited<ReturnType<typeof lighthouse>>;
      for (let attempt = 1;; attempt++) {
        answer = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
        if (!answer) throw new Error(`Lighthouse returned nothing for ${url}`);
        const error = answer.lhr.runtimeError;
        if (!error) break;
        if (attempt === 3) throw new Error(`${url}: ${error.code} ${error.message}`);
        console.error(`  ${error.code}: measuring again`);
      }
      const { lhr } = answer;
      version = lhr.lighthouseVersion;
      for (const warning of lhr.runWarnings ?? []) console.error(`  warning: ${warning}`);
      measured.push(summarize(page, lhr));
      if (values["lhr-dir"]) {
        await Deno.mkdir(values["lhr-dir"], { recursive: true });
        const file = `${page.name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "root"}`;
        await Deno.writeTextFile(`${values["lhr-dir"]}/${file}-${run}.json`, JSON.stringify(lhr));
        // The trace too, for Chromium's Performance panel (what the paint waited on).
        const trace = (answer.artifacts as Lhr).Trace;
        if (trace) {
          await Deno.writeTextFile(
            `${values["lhr-dir"]}/${file}-${run}.trace.json`,
            JSON.stringify(trace),
          );
        }
      }
    }
    // LCP is the median of the runs on its own; the rest is the run with the median Performance.
    const lcps = measured.map((r) => r.lcpMs).toSorted((a, b) => a - b);
    measured.sort((a, b) => a.scores.performance - b.scores.performance);
    const median = measured[Math.floor((measured.length - 1) / 2)];
    median.lcpRunsMs = measured.map((r) => r.lcpMs);
    median.lcpMs = lcps.length % 2
      ? lcps[(lcps.length - 1) / 2]
      : (lcps[lcps.length / 2 - 1] + lcps[lcps.length / 2]) / 2;
    results.push(median);
  }
} finally {
  chrome?.kill();
  await stop();
}

// --- report ------------------------------------------------------------------------------------

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const seoOf = (r: PageResult) =>
  r.seoExcludingCrawlable === undefined
    ? String(r.scores.seo)
    : `${r.seoExcludingCrawlable}* (${r.scores.seo})`;
const header = ["page", "Perf", "A11y", "BP", "SEO", "JS kB", "total kB", "req", "LCP s", "TBT ms"]
  .concat("CLS");
const rows = results.map((r) => [
  r.name,
  String(r.scores.performance),
  String(r.scores.accessibility),
  String(r.scores["best-practices"]),
  seoOf(r),
  kb(r.scriptTransferBytes),
  kb(r.totalTransferBytes),
  String(r.requests),
  (r.lcpMs / 1000).toFixed(2),
  Math.round(r.tbtMs).toString(),
  r.cls.toFixed(3),
]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
const line = (cells: string[]) =>
  `| ${cells.map((c, i) => i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])).join(" | ")} |`;
console.log(`Lighthouse ${version}, mobile emulation, ${baseUrl}, ` + new Date().toISOString());
console.log(line(header));
console.log(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
for (const row of rows) console.log(line(row));
console.log(
  "JS and total: bytes transferred (compressed, with headers), from the resource-summary audit.",
);
if (results.some((r) => r.seoExcludingCrawlable !== undefined)) {
  console.log(
    "* the check-in page is noindex on purpose (its address is a private code), so Lighthouse's " +
      "is-crawlable audit fails there by design: its SEO is given without that audit, Lighthouse's " +
      "own figure in brackets.",
  );
}
for (const note of notes) console.log(`note: ${note}`);

console.log(
  "\nLargest Contentful Paint: what it is and what it waited on (the median-Performance run)",
);
for (const r of results) {
  const runsText = r.lcpRunsMs && r.lcpRunsMs.length > 1
    ? ` (runs: ${r.lcpRunsMs.map((ms) => (ms / 1000).toFixed(2)).join(", ")} s)`
    : "";
  console.log(`  ${r.name}: ${(r.lcpMs / 1000).toFixed(2)} s${runsText}`);
  if (r.lcpElement) console.log(`      ${r.lcpElement}`);
  if (r.lcpPhases?.length) console.log(`      ${r.lcpPhases.join("; ")}`);
  if (r.redirectMs) console.log(`      redirects: ${Math.round(r.redirectMs)} ms`);
}

for (const r of results) {
  const failing = r.failing.filter((f) =>
    !(f.id === "is-crawlable" && r.seoExcludingCrawlable !== undefined)
  );
  if (failing.length === 0 && r.slow.length === 0) continue;
  console.log(`\n${r.name} (${r.url})`);
  for (const f of failing) {
    console.log(
      `  [${f.category}] ${f.id}: ${f.title}${f.displayValue ? ` (${f.displayValue})` : ""}`,
    );
    for (const item of f.items) console.log(`      ${item}`);
  }
  for (const s of r.slow) {
    console.log(
      `  [performance] ${s.id}: ${s.title} (score ${s.score}${
        s.displayValue ? `, ${s.displayValue}` : ""
      })`,
    );
    for (const item of s.items) console.log(`      ${item}`);
  }
  if (r.seoExcludingCrawlable !== undefined && r.failing.some((f) => f.id === "is-crawlable")) {
    console.log("  [seo] is-crawlable: fails by design (noindex), not counted (see above)");
  }
}

const missed: string[] = [];
for (const r of results) {
  for (const category of CATEGORIES) {
    const value = category === "seo" && r.seoExcludingCrawlable !== undefined
      ? r.seoExcludingCrawlable
      : r.scores[category];
    if (value < TARGETS[category]) {
      missed.push(`${r.name}: ${category} ${value} < ${TARGETS[category]}`);
    }
  }
  const landing = PAGES.find((p) => p.name === r.name)?.landing;
  if (PAGES.find((p) => p.name === r.name)?.noindex && r.lcpMs >= CHECKIN_LCP_BUDGET_MS) {
    missed.push(`${r.name}: LCP ${(r.lcpMs / 1000).toFixed(2)} s ≥ 2.5 s`);
  }
  if (landing && r.scriptTransferBytes >= LANDING_JS_BUDGET) {
    missed.push(
      `${r.name}: JavaScript ${kb(r.scriptTransferBytes)} kB ≥ ${kb(LANDING_JS_BUDGET)} kB`,
    );
  }
}
console.log(
  missed.length === 0
    ? "\nevery target met"
    : `\ntargets missed:\n${missed.map((m) => `  ${m}`).join("\n")}`,
);

if (values.json) {
  await Deno.writeTextFile(
    values.json,
    JSON.stringify(
      { date: new Date().toISOString(), baseUrl, notes, pages: results, missed },
      null,
      2,
    ) + "\n",
  );
}
if (values.budget && missed.length > 0) Deno.exit(1);
