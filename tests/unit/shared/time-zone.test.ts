import assert from "node:assert/strict";
import { isKnownTimeZone, STAY_TIME_ZONE, todayIn } from "@shared/local-date.ts";

const ROOT = new URL("../../../", import.meta.url).pathname;

async function* sourceFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(`${ROOT}${dir}`)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* sourceFiles(path);
    else if (/\.(ts|tsx|astro)$/.test(entry.name)) yield path;
  }
}

Deno.test("stay dates are Zagreb's", () => {
  assert.equal(STAY_TIME_ZONE, "Europe/Zagreb");
  assert.ok(isKnownTimeZone(STAY_TIME_ZONE));
  assert.equal(todayIn(STAY_TIME_ZONE, new Date("2026-11-20T23:30:00Z")), "2026-11-21");
});

Deno.test("the product names its time zone once, in shared/time-zone.ts", async () => {
  const others: string[] = [];
  for (const dir of ["api", "workers", "shared", "site/src"]) {
    for await (const path of sourceFiles(dir)) {
      if (path === "shared/time-zone.ts") continue;
      if (/["'`]Europe\/Zagreb["'`]/.test(await Deno.readTextFile(`${ROOT}${path}`))) {
        others.push(path);
      }
    }
  }
  assert.deepEqual(others, [], "use STAY_TIME_ZONE");
});
