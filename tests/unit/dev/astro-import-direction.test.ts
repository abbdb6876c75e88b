/// <reference lib="deno.unstable" />
/**
 * The import-direction rule over `.astro` files (dev/lint/astro-imports.ts), which `deno lint`
 * does not read: every page, layout and Astro part of the site keeps the site's layers, and a
 * planted import that breaks them is named with its line.
 */
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { astroCodeBlocks, astroImportProblems } from "../../../dev/lint/astro-imports.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

async function astroFiles(): Promise<string[]> {
  const entries = await readdir(`${ROOT}site/src`, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".astro"))
    .map((entry) => `${entry.parentPath}/${entry.name}`.slice(ROOT.length))
    .sort();
}

Deno.test("every .astro file of the site imports only what its layer may", async () => {
  const files = await astroFiles();
  assert.ok(files.length > 50, `only ${files.length} .astro files found`);
  const problems: string[] = [];
  for (const path of files) {
    const source = await readFile(`${ROOT}${path}`, "utf8");
    for (const { line, message } of astroImportProblems(path, source)) {
      problems.push(`${path}:${line}: ${message}`);
    }
  }
  assert.deepEqual(problems, []);
});

Deno.test("the real pages' imports are checked: the same page placed in ui/ breaks the rule", async () => {
  const source = await readFile(`${ROOT}site/src/pages/app/gosti.astro`, "utf8");
  assert.deepEqual(astroImportProblems("site/src/pages/app/gosti.astro", source), []);
  const moved = astroImportProblems("site/src/ui/forms/gosti.astro", source);
  assert.ok(moved.some(({ message }) => /ui\/ must not import a feature/.test(message)));
});

const PLANTED = [
  "---", // 1
  'import BlankLayout from "../../layouts/BlankLayout.astro";', // 2
  'import { ReservationList } from "../reservations/ReservationList.tsx";', // 3
  'import { GuestStatusChip } from "../shared-guests/GuestStatusChip.tsx";', // 4
  'import { today } from "../../../../core/services/reservations/stay-dates.ts";', // 5
  "const { lang } = Astro.props;", // 6
  "---", // 7
  "<BlankLayout lang={lang}>", // 8
  '  <script type="application/ld+json" set:html={JSON.stringify({ a: 1 })} />', // 9
  '  <script type="application/ld+json">{ "@context": "https://schema.org" }</script>', // 10
  "  <p>{lang}</p>", // 11
  "</BlankLayout>", // 12
  "<script>", // 13
  '  import { notify } from "../../lib/state/snackbars.ts";', // 14
  '  const page = await import("../../pages/index.astro");', // 15
  "  notify(String(page));", // 16
  "</script>", // 17
  "<script is:inline define:vars={{ key: 1 }}>", // 18
  "  console.log(key);", // 19
  "</script>", // 20
].join("\n");

Deno.test("a planted violation in a feature's .astro file is named with its line", () => {
  const problems = astroImportProblems("site/src/features/guests/Planted.astro", PLANTED);
  assert.deepEqual(problems.map(({ line }) => line), [3, 5, 15]);
  assert.match(problems[0].message, /features\/guests must not import another feature/);
  assert.match(problems[1].message, /site\/ may import only site\/ and shared\//);
  assert.match(problems[2].message, /must not import pages\//);
});

Deno.test("the frontmatter and each script with a body are read, JSON-LD and markup are not", () => {
  const blocks = astroCodeBlocks(PLANTED);
  assert.equal(blocks.length, 3);
  for (const block of blocks) assert.equal(block.length, PLANTED.length);
  assert.match(blocks[0], /^ {3}\nimport BlankLayout/);
  assert.doesNotMatch(blocks[0], /BlankLayout lang|<script/);
  assert.match(blocks[1], /import \{ notify \}/);
  assert.doesNotMatch(blocks[1], /Astro\.props|schema\.org/);
  assert.match(blocks[2], /console\.log\(key\)/);
  // A layout's script may import lib/, never a feature.
  const layout = astroImportProblems(
    "site/src/layouts/Planted.astro",
    '<script>\n  import "../features/checkin/CheckinPage.tsx";\n</script>\n',
  );
  assert.deepEqual(layout.map(({ line }) => line), [2]);
  assert.match(layout[0].message, /layouts\/ must not import a feature \(features\/checkin\)/);
});
