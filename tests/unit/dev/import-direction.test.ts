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
    "core/services/example.ts",
    [
      'import { Hono } from "hono";',
      'import { html } from "hono/html";',
      'import { onError } from "../../api/http/problem.ts";',
      'import { sleep } from "../../workers/runner/sleep.ts";',
      'import { log } from "../platform/logger.ts";',
      'import { ERROR_CODES } from "@shared/errors.ts";',
      "export const all = [Hono, html, onError, sleep, log, ERROR_CODES];",
    ].join("\n"),
  );
  assert.equal(messages.length, 4);
  assert.match(messages[0], /"hono": core\/ must not depend on Hono/);
  assert.match(messages[2], /core\/ must not import api\//);
  assert.match(messages[3], /core\/ must not import workers/);
});

Deno.test("workers reach core only through @core/, and never api", () => {
  assert.equal(importViolation("workers/mrz/responder.ts", "@core/platform/logger.ts"), undefined);
  assert.match(
    importViolation("workers/mrz/responder.ts", "../../core/platform/logger.ts") ?? "",
    /only through the @core\/ alias/,
  );
  assert.match(
    importViolation("workers/relay/relay.ts", "../../api/http/problem.ts") ?? "",
    /must not import api\/http/,
  );
  assert.match(importViolation("workers/relay/relay.ts", "hono") ?? "", /Hono/);
});

Deno.test("api never imports workers; shared and site stay below", () => {
  assert.match(
    importViolation("api/main.ts", "../workers/start-workers.ts") ?? "",
    /api\/ must not/,
  );
  assert.match(
    importViolation("api/http/routes/guests.ts", "../../../workers/mrz/read-mrz.ts") ?? "",
    /api\/ must not import workers/,
  );
  assert.match(importViolation("shared/events.ts", "@core/errors.ts") ?? "", /only shared/);
  assert.match(
    importViolation("site/src/lib/api/client.ts", "../../../../core/errors.ts") ?? "",
    /site\/ may import only/,
  );
  assert.equal(
    importViolation("tests/api/guests.test.ts", "../../workers/start-workers.ts"),
    undefined,
  );
  // Dynamic imports are checked too.
  assert.equal(
    lintSource("api/http/app.ts", 'await import("../../workers/start-workers.ts");').length,
    1,
  );
});

Deno.test("inside the site, features import only their own folder and the layers below", () => {
  const feature = "site/src/features/guests/GuestList.tsx";
  assert.equal(importViolation(feature, "./GuestTable.tsx"), undefined);
  assert.equal(importViolation(feature, "../shared-guests/GuestStatusChip.tsx"), undefined);
  for (
    const below of ["ui/Button.tsx", "shell/AppFrame.tsx", "lib/api/guests.ts", "i18n/locales.ts"]
  ) {
    assert.equal(importViolation(feature, `../../${below}`), undefined, below);
  }
  assert.equal(importViolation(feature, "@shared/schemas/guest.ts"), undefined);
  assert.match(
    importViolation(feature, "../reservations/stay-nights.ts") ?? "",
    /features\/guests must not import another feature \(features\/reservations\)/,
  );
  // A shared module serves features and imports none of them.
  assert.match(
    importViolation(
      "site/src/features/shared-guests/GuestStatusChip.tsx",
      "../guests/use-proof.ts",
    ) ??
      "",
    /features\/shared-guests must not import a feature \(features\/guests\)/,
  );
  // ui/, shell/, lib/ and i18n/ never reach up into a feature, nor lower layers into higher ones.
  assert.match(
    importViolation("site/src/ui/forms/NewPasswordFields.tsx", "../../features/auth/x.ts") ?? "",
    /ui\/ must not import a feature/,
  );
  assert.match(
    importViolation("site/src/shell/NotificationsBell.tsx", "../features/notifications/x.tsx") ??
      "",
    /shell\/ must not import a feature/,
  );
  assert.match(importViolation("site/src/lib/x.ts", "../features/guests/x.ts") ?? "", /lib\//);
  assert.match(importViolation("site/src/i18n/x.ts", "../features/guests/x.ts") ?? "", /i18n\//);
  assert.match(importViolation("site/src/ui/Button.tsx", "../shell/AppFrame.tsx") ?? "", /shell/);
  assert.match(importViolation("site/src/lib/x.ts", "../ui/Button.tsx") ?? "", /higher layer/);
  assert.match(
    importViolation("site/src/features/guests/x.ts", "../../pages/x.astro") ?? "",
    /pages/,
  );
  assert.equal(
    importViolation("site/src/pages/app/gosti.astro", "../../features/guests/x.tsx"),
    undefined,
  );
});

/** A violation planted in each part, and the line `deno lint` must name. */
const PLANTED: Record<string, string> = {
  "core/planted-violation.ts": 'export { startWorkers } from "../workers/start-workers.ts";',
  "workers/relay/planted-violation.ts": 'export { onError } from "../../api/http/problem.ts";',
  "shared/planted-violation.ts": 'export { log } from "@core/platform/logger.ts";',
  "site/src/features/guests/planted-violation.tsx":
    'export { ReservationList } from "../reservations/ReservationList.tsx";',
  "site/src/ui/planted-violation.ts": 'export { LoginPage } from "../features/auth/LoginPage.tsx";',
};

Deno.test("deno lint fails on a violation planted in api, workers, shared and site, naming each file and line, and passes the tree", async () => {
  // The violations are planted in a copy of the rule's surroundings in a temporary directory, never
  // in the tree: the rule finds the repository root from its own file, so the copy is a root.
  const copy = await Deno.makeTempDir({ prefix: "import-direction-" });
  try {
    await Deno.mkdir(`${copy}/dev/lint`, { recursive: true });
    await Deno.copyFile(
      `${ROOT}dev/lint/import-direction.ts`,
      `${copy}/dev/lint/import-direction.ts`,
    );
    await Deno.writeTextFile(
      `${copy}/deno.json`,
      JSON.stringify({ lint: { plugins: ["./dev/lint/import-direction.ts"] } }),
    );
    for (const [path, line] of Object.entries(PLANTED)) {
      await Deno.mkdir(`${copy}/${path.slice(0, path.lastIndexOf("/"))}`, { recursive: true });
      await Deno.writeTextFile(
        `${copy}/${path}`,
        `export const x = 1;\n${line}\n`,
      );
    }
    const failed = await new Deno.Command(DENO, {
      args: ["lint", ...Object.keys(PLANTED)],
      cwd: copy,
      env: { NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(failed.stdout) + new TextDecoder().decode(failed.stderr);
    assert.equal(failed.code, 1, text);
    for (const path of Object.keys(PLANTED)) {
      assert.ok(text.includes(`${path}:2:`), `${path}:2 not reported:\n${text}`);
    }
    assert.equal(text.match(/layers\/import-direction/g)?.length, 5, text);
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
