import assert from "node:assert/strict";
import { HtmlValidate } from "html-validate";

/*
 * Every page of the built site (site/dist) is valid HTML by html-validate's recommended rules.
 * Relaxed, each for a deliberate choice of the tools that write the HTML:
 * - attr-case: also camelCase, because React's server render of islands writes DOM property names
 *   (maxLength, autoComplete, noValidate); HTML attribute names are case-insensitive.
 * - attribute-boolean-style: off, because React writes `required=""` and Astro `required`; both
 *   are valid HTML.
 * - void-style: off, because React writes `<input/>` and Astro `<meta>`; both are valid HTML.
 * - valid-id relaxed: React's useId makes ids like `_r1R_0_`; HTML allows any id without spaces
 *   (the strict form only keeps ids usable as bare CSS selectors).
 * - Astro's own `<style>` for its island wrappers, which it writes just before the first island,
 *   often inside <body>, is left out before validating; any other misplaced <style> still fails.
 */
const DIST = new URL("../../site/dist/", import.meta.url).pathname;
const ASTRO_ISLAND_STYLE =
  "<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>";

const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    "attr-case": ["error", { style: ["lowercase", "camelcase"] }],
    "attribute-boolean-style": "off",
    "void-style": "off",
    "valid-id": ["error", { relaxed: true }],
  },
});

async function htmlFiles(dir: string, prefix = ""): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isDirectory && entry.name !== "_astro") {
      files.push(...await htmlFiles(`${dir}${entry.name}/`, `${prefix}${entry.name}/`));
    } else if (entry.isFile && entry.name.endsWith(".html")) {
      files.push(`${prefix}${entry.name}`);
    }
  }
  return files.sort();
}

let pages: string[] = [];
try {
  pages = await htmlFiles(DIST);
} catch {
  // No build: the test below says so.
}

Deno.test("the site is built with every public page", () => {
  assert.ok(pages.length > 0, "site/dist has no pages: build the site first");
  for (
    const page of [
      "index.html",
      "en/index.html",
      "kontakt/index.html",
      "en/kontakt/index.html",
      "faq/index.html",
      "en/faq/index.html",
      "404.html",
      "500.html",
      "u-izradi/index.html",
      "en/u-izradi/index.html",
      "uskoro/index.html",
      "en/uskoro/index.html",
      "paket/index.html",
      "app/prijava/index.html",
    ]
  ) {
    assert.ok(pages.includes(page), `${page} is built`);
  }
});

for (const page of pages) {
  Deno.test(`valid HTML: ${page}`, async () => {
    const source = (await Deno.readTextFile(`${DIST}${page}`)).replaceAll(ASTRO_ISLAND_STYLE, "");
    const report = await validator.validateString(source, page);
    const problems = report.results.flatMap(({ messages }) =>
      messages.map(({ ruleId, line, column, message, selector }) =>
        `${page}:${line}:${column} ${ruleId}: ${message} (${selector ?? "document"})`
      )
    );
    assert.deepEqual(problems, [], problems.join("\n"));
  });
}
