/// <reference lib="deno.unstable" />
/**
 * The import-direction lint rule (dev/lint/import-direction.ts): it names the file and line of an
 * import that breaks the layers, and the repository as it is passes it.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import plugin, { importViolation } from "../../../dev/lint/import-direction.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const DENO = `${ROOT}node_modules/.bin/deno`;

function lintSource(path: string, source: string) {
  return Deno.lint.runPlugin(plugin, `${ROOT}${path}`, source).map((d) => d.message);
}

Deno.test("core may not import http, workers or Hono", () => {
  const messages = lintSource(
    "api/core/services/example.ts",
    [
      'import { Hono } from "hono";',
      'import { html } from "hono/html";',
      'import { onError } from "../../http/problem.ts";',
      'import { sleep } from "../../../workers/runner/sleep.ts";',
      'import { log } from "../platform/logger.ts";',
      'import { ERROR_CODES } from "@shared/errors.ts";',
      "export const all = [Hono, html, onError, sleep, log, ERROR_CODES];",
    ].join("\n"),
  );
  assert.equal(messages.length, 4);
  assert.match(messages[0], /"hono": api\/core must not depend on Hono/);
  assert.match(messages[2], /api\/core must not import api\/http/);
  assert.match(messages[3], /api\/core must not import workers/);
});

Deno.test("workers reach api code only through @core/, and never http", () => {
  assert.equal(importViolation("workers/mrz/responder.ts", "@core/platform/logger.ts"), undefined);
  assert.match(
    importViolation("workers/mrz/responder.ts", "../../api/core/platform/logger.ts") ?? "",
    /only through the @core\/ alias/,
  );
  assert.match(
    importViolation("workers/relay/relay.ts", "../../api/http/problem.ts") ?? "",
    /must not import api\/http/,
  );
  assert.match(importViolation("workers/relay/relay.ts", "hono") ?? "", /Hono/);
});

Deno.test("api never imports workers; shared and site stay below", () => {
  assert.match(importViolation("api/main.ts", "../workers/start.ts") ?? "", /api\/ must not/);
  assert.match(
    importViolation("api/http/routes/guests.ts", "../../../workers/mrz/read-mrz.ts") ?? "",
    /api\/ must not import workers/,
  );
  assert.match(importViolation("shared/events.ts", "@core/errors.ts") ?? "", /only shared/);
  assert.match(
    importViolation("site/src/lib/api/client.ts", "../../../../api/core/errors.ts") ?? "",
    /site\/ may import only/,
  );
  assert.equal(importViolation("tests/api/guests.test.ts", "../../workers/start.ts"), undefined);
  // Dynamic imports are checked too.
  assert.equal(
    lintSource("api/http/app.ts", 'await import("../../workers/start.ts");').length,
    1,
  );
});

Deno.test("deno lint fails on a planted violation with its file and line, and passes the tree", async () => {
  // The violation is planted in a copy of the rule's surroundings in a temporary directory, never
  // in the tree: the rule finds the repository root from its own file, so the copy is a root.
  const copy = await Deno.makeTempDir({ prefix: "import-direction-" });
  try {
    await Deno.mkdir(`${copy}/dev/lint`, { recursive: true });
    await Deno.mkdir(`${copy}/api/core`, { recursive: true });
    await Deno.copyFile(
      `${ROOT}dev/lint/import-direction.ts`,
      `${copy}/dev/lint/import-direction.ts`,
    );
    await Deno.writeTextFile(
      `${copy}/deno.json`,
      JSON.stringify({ lint: { plugins: ["./dev/lint/import-direction.ts"] } }),
    );
    const planted = `${copy}/api/core/planted-violation.ts`;
    await Deno.writeTextFile(
      planted,
      'export const x = 1;\nexport { startWorkers } from "../../workers/start.ts";\n',
    );
    const failed = await new Deno.Command(DENO, {
      args: ["lint", planted],
      cwd: copy,
      env: { NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(failed.stdout) + new TextDecoder().decode(failed.stderr);
    assert.equal(failed.code, 1, text);
    assert.match(text, /layers\/import-direction/);
    assert.match(text, /api\/core\/planted-violation\.ts:2:/);
  } finally {
    await Deno.remove(copy, { recursive: true });
  }
  const tree = await new Deno.Command(DENO, {
    args: ["lint", "api", "workers", "shared", "site/src"],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(tree.code, 0, new TextDecoder().decode(tree.stdout));
});
