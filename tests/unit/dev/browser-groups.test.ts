/**
 * The browser tests written to share a stack (tests/e2e/*.browser.ts) run only when a group
 * (tests/e2e/group-*.test.ts) imports them: `deno test` finds *.test.ts files alone. Each must be
 * in exactly one group, or it silently never runs (or runs twice).
 */
import assert from "node:assert/strict";

const E2E = new URL("../../e2e/", import.meta.url);

Deno.test("every shared-stack browser test is imported by exactly one group", async () => {
  const browserFiles: string[] = [];
  const imported = new Map<string, string[]>();
  for await (const entry of Deno.readDir(E2E)) {
    if (entry.name.endsWith(".browser.ts")) browserFiles.push(entry.name);
    if (/^group-.*\.test\.ts$/.test(entry.name)) {
      const source = await Deno.readTextFile(new URL(entry.name, E2E));
      for (const [, file] of source.matchAll(/^import "\.\/([^"]+\.browser\.ts)";$/gm)) {
        imported.set(file, [...imported.get(file) ?? [], entry.name]);
      }
    }
  }
  assert.ok(browserFiles.length > 0, "no browser files found");
  const wrong = browserFiles.filter((file) => imported.get(file)?.length !== 1)
    .map((file) => `${file}: ${imported.get(file)?.join(", ") ?? "in no group"}`);
  assert.deepEqual(wrong, []);
  const missing = [...imported.keys()].filter((file) => !browserFiles.includes(file));
  assert.deepEqual(missing, [], "groups import files that do not exist");
});
