/**
 * The scheduler worker owns every timed job: no other worker file runs a tick loop. A tick loop
 * needs a timer (setInterval, setTimeout), the runner's pause (runner/sleep.ts) or a daily lease
 * (runDailyJob, takeDailyLease); outside workers/scheduler/ and workers/runner/ (the loop and its
 * parts) only the outbox relay may pause, between polls of the outbox: it delivers events, it
 * runs no job on a clock.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

const CLOCK_USES: { what: string; pattern: RegExp }[] = [
  { what: "a timer", pattern: /\bset(Interval|Timeout)\s*\(/ },
  { what: "the runner's pause", pattern: /from\s+["'][^"']*\/sleep\.ts["']/ },
  { what: "a daily lease", pattern: /\b(runDailyJob|takeDailyLease)\s*\(/ },
];

/** What in a source starts or drives a clock, comments left out. */
function clockUses(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return CLOCK_USES.filter(({ pattern }) => pattern.test(code)).map(({ what }) => what);
}

const OWNERS = ["workers/scheduler/", "workers/runner/"];
/** May pause, and nothing else: it polls the outbox, it has no job on a clock. */
const ALLOWED: Record<string, string[]> = {
  "workers/relay/relay.ts": ["the runner's pause"],
  // A zero-delay timer that lets the syncs finishing together share one commit (issue 34): it
  // batches writes as they come, it runs nothing on a clock.
  "workers/calendar-sync/write-batch.ts": ["a timer"],
};

/** Every .ts file under workers/, by its path from the repository root. */
async function workerSources(
  dir = "workers",
  sources = new Map<string, string>(),
): Promise<Map<string, string>> {
  for await (const entry of Deno.readDir(`${ROOT}${dir}`)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) await workerSources(path, sources);
    else if (entry.isFile && path.endsWith(".ts")) {
      sources.set(path, await Deno.readTextFile(`${ROOT}${path}`));
    }
  }
  return sources;
}

Deno.test("the check finds a clock where there is one", async () => {
  const sources = await workerSources();
  assert.deepEqual(clockUses(sources.get("workers/scheduler/scheduler.ts")!), [
    "the runner's pause",
    "a daily lease",
  ]);
  assert.deepEqual(clockUses(sources.get("workers/runner/heartbeat.ts")!), ["a timer"]);
  assert.deepEqual(clockUses(sources.get("workers/relay/relay.ts")!), ["the runner's pause"]);
  // The guests' clock as it was in the evisitor worker:
  assert.deepEqual(
    clockUses(`import { sleep } from "../../runner/sleep.ts";
      while (!signal.aborted) { await runDailyJob(db, "x", day, job); await sleep(tickMs, signal); }`),
    ["the runner's pause", "a daily lease"],
  );
  assert.deepEqual(clockUses("// setInterval(tick, 1000) in a comment\n/* sleep.ts */"), []);
});

Deno.test("no worker outside the scheduler runs a tick loop", async () => {
  const sources = await workerSources();
  assert.ok(sources.size > 50, `every worker file is read (${sources.size})`);
  for (const path of ["workers/start-workers.ts", "workers/evisitor/deadline-warnings.ts"]) {
    assert.ok(sources.has(path), `${path} is among them`);
  }
  const offenders: string[] = [];
  for (const [path, source] of sources) {
    if (OWNERS.some((owner) => path.startsWith(owner))) continue;
    const uses = clockUses(source).filter((what) => !ALLOWED[path]?.includes(what));
    if (uses.length > 0) offenders.push(`${path}: ${uses.join(", ")}`);
  }
  assert.deepEqual(offenders, [], "timed work belongs in workers/scheduler/jobs/");
});
