/**
 * What the gate's tests cost (dev/test.sh runs it at the end): from the JUnit reports `deno test
 * --junit-path` wrote, each suite's (tests/<suite>/) test count and time, its slowest file, and
 * the ten slowest tests, so growth is seen when it happens. With `--parallel` the files of a suite
 * overlap: a suite's time is the sum of its files' times, the work it adds, not wall time.
 *
 *   deno run --allow-read dev/test-report.ts report-1.xml [report-2.xml …]
 */
import { unescape } from "html-escaper";

export interface TestCase {
  name: string;
  file: string;
  seconds: number;
}

/** The top-level tests of a Deno JUnit report (steps, named "test > step", left out). */
export function topLevelTests(xml: string): TestCase[] {
  const cases = Array.from(
    xml.matchAll(/<testcase name="([^"]*)" classname="([^"]*)" time="([\d.]+)"/g),
    ([, name, file, time]) => ({
      name: unescape(name),
      file: unescape(file).replace(/^\.\//, ""),
      seconds: Number(time),
    }),
  );
  const names = new Set(cases.map((c) => `${c.file}\u0000${c.name}`));
  return cases.filter((c) => {
    // A step's name is its parent's name, " > ", and its own.
    for (let i = c.name.indexOf(" > "); i > 0; i = c.name.indexOf(" > ", i + 1)) {
      if (names.has(`${c.file}\u0000${c.name.slice(0, i)}`)) return false;
    }
    return true;
  });
}

/** tests/e2e/x.test.ts → "e2e". */
const suiteOf = (file: string) => /^tests\/([^/]+)\//.exec(file)?.[1] ?? file;

const minutes = (seconds: number) =>
  seconds >= 60
    ? `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, "0")} s`
    : `${seconds.toFixed(1)} s`;

export function costReport(tests: TestCase[]): string {
  const suites = new Map<string, { tests: number; seconds: number; files: Map<string, number> }>();
  for (const test of tests) {
    const suite = suites.get(suiteOf(test.file)) ??
      { tests: 0, seconds: 0, files: new Map<string, number>() };
    suite.tests++;
    suite.seconds += test.seconds;
    suite.files.set(test.file, (suite.files.get(test.file) ?? 0) + test.seconds);
    suites.set(suiteOf(test.file), suite);
  }
  const lines = ["", "What the tests cost (time summed per suite; files run in parallel):"];
  for (const [name, suite] of [...suites].sort((a, b) => b[1].seconds - a[1].seconds)) {
    const [slowFile, slowSeconds] = [...suite.files].sort((a, b) => b[1] - a[1])[0];
    lines.push(
      `  ${name.padEnd(12)} ${String(suite.tests).padStart(4)} tests  ${
        minutes(suite.seconds).padStart(12)
      }   slowest file: ${slowFile} (${minutes(slowSeconds)})`,
    );
  }
  lines.push("", "The ten slowest tests:");
  for (const test of [...tests].sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    lines.push(`  ${minutes(test.seconds).padStart(12)}  ${test.file}: ${test.name.slice(0, 90)}`);
  }
  return lines.join("\n");
}

if (import.meta.main) {
  const tests: TestCase[] = [];
  for (const path of Deno.args) {
    try {
      tests.push(...topLevelTests(await Deno.readTextFile(path)));
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
  if (tests.length > 0) console.log(costReport(tests));
}
