/// <reference lib="deno.unstable" />
/**
 * `deno lint` does not read `.astro` files, so the import-direction rule (import-direction.ts)
 * never sees the imports of the site's pages, layouts and Astro parts. This hands an Astro file's
 * frontmatter and each of its `<script>` elements to the same rule, as a module whose text keeps
 * the file's offsets (everything else blanked), so a report's line is the file's own.
 *
 * `Deno.lint.runPlugin` exists only under `deno test`: tests/unit/dev/astro-import-direction.test.ts
 * runs this over every `.astro` file of the site, in the gate's unit phase.
 */
import { fileURLToPath } from "node:url";
import plugin from "./import-direction.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The end (exclusive) of a start tag that begins at `from`, past braces and quoted values. */
function tagEnd(source: string, from: number): number {
  let depth = 0;
  let quote = "";
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (c === ">" && depth === 0) return i + 1;
  }
  return source.length;
}

/** A script whose `type` says it is not JavaScript (JSON-LD) holds no imports. */
const notJavaScript = (tag: string) => {
  const type = /\stype\s*=\s*["']([^"']*)["']/.exec(tag)?.[1];
  return type !== undefined && !/^(module|text\/javascript|)$/.test(type);
};

/**
 * The code of an Astro file, one piece per block (the frontmatter, then each `<script>` with a
 * body): the whole file with everything outside the block turned into spaces, lines kept.
 */
export function astroCodeBlocks(source: string): string[] {
  const ranges: [number, number][] = [];
  let template = 0;
  const frontmatter = /^(\s*---[^\S\n]*\r?\n)([\s\S]*?)\r?\n---/.exec(source);
  if (frontmatter) {
    const start = frontmatter[1].length;
    ranges.push([start, start + frontmatter[2].length]);
    template = frontmatter[0].length;
  }
  const opening = /<script\b/gi;
  opening.lastIndex = template;
  for (let match; (match = opening.exec(source));) {
    const end = tagEnd(source, match.index);
    const tag = source.slice(match.index, end);
    opening.lastIndex = end;
    if (tag.endsWith("/>") || notJavaScript(tag)) continue;
    const close = source.slice(end).search(/<\/script\s*>/i);
    const bodyEnd = close === -1 ? source.length : end + close;
    ranges.push([end, bodyEnd]);
    opening.lastIndex = bodyEnd;
  }
  const blank = (text: string) => text.replace(/[^\n]/g, " ");
  return ranges.map(([start, end]) =>
    blank(source.slice(0, start)) + source.slice(start, end) + blank(source.slice(end))
  );
}

export interface AstroImportProblem {
  /** 1-based line in the Astro file. */
  line: number;
  message: string;
}

/** What the import-direction rule says of the imports of the Astro file at `path` (from the root). */
export function astroImportProblems(path: string, source: string): AstroImportProblem[] {
  return astroCodeBlocks(source).flatMap((code) =>
    // The rule reads the importer's folder from the name; `.ts` makes Deno parse the block.
    Deno.lint.runPlugin(plugin, `${ROOT}${path}.ts`, code).map((diagnostic) => ({
      line: source.slice(0, diagnostic.range[0]).split("\n").length,
      message: diagnostic.message,
    }))
  );
}
