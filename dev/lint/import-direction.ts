/// <reference lib="deno.unstable" />
/**
 * A `deno lint` plugin that keeps the layers one-way (docs/architecture.md):
 *
 *   api/http ──► core ──► shared          workers ──► core (only as @core/…) ──► shared
 *
 * - shared/ imports only shared/ and npm packages (not Hono);
 * - core/ never imports api/ (the HTTP layer and the API's entry), workers/, site/ or Hono;
 * - nothing under api/ imports workers/;
 * - workers/ reach core/ only through the `@core/` alias, never api/;
 * - site/ imports neither api/ nor workers/, and inside site/src the layers go one way too:
 *
 *   pages ──► features/<name> ──► features/shared-<what> ──► layouts, components ──► shell ──► ui
 *         ──► lib, i18n, icons, styles
 *
 *   a file imports its own folder's layer or a lower one, never a higher one; a feature never
 *   imports another feature (what two features use lives in a shared-… module, ui/ or lib/).
 *
 * It runs with every `deno lint` (deno.json lint.plugins), so the gate fails on a violation with
 * the file and line. `deno lint` does not read `.astro` files: dev/lint/astro-imports.ts hands
 * their frontmatter and scripts to this rule (tests/unit/dev/astro-import-direction.test.ts).
 * Tests, benchmarks, dev tools and deployment scripts may import anything.
 */
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

type Layer = "shared" | "core" | "http" | "api" | "workers" | "site" | "other";

/** The layer a repository-relative path belongs to. */
export function layerOf(path: string): Layer {
  if (path.startsWith("shared/")) return "shared";
  if (path.startsWith("core/")) return "core";
  if (path.startsWith("api/http/")) return "http";
  if (path.startsWith("api/")) return "api";
  if (path.startsWith("workers/")) return "workers";
  if (path.startsWith("site/")) return "site";
  return "other";
}

/**
 * A site file's place among the site's layers: its folder under site/src, the feature's name for
 * a feature, and its rank (a file may import only its own rank or a lower one). Undefined for a
 * file outside those folders (the Astro config, type declarations), which the layers leave alone.
 */
export interface SitePart {
  folder: string;
  feature?: string;
  rank: number;
}

const SITE_RANKS: Record<string, number> = {
  pages: 6,
  features: 5,
  layouts: 3,
  components: 3,
  shell: 2,
  ui: 1,
  lib: 0,
  i18n: 0,
  icons: 0,
  styles: 0,
};

/** Feature folders named `shared-…` hold what several features show; they sit below features. */
const SHARED_FEATURE = "shared-";

export function sitePartOf(path: string): SitePart | undefined {
  const [site, src, folder, feature, ...rest] = path.split("/");
  if (site !== "site" || src !== "src" || !(folder in SITE_RANKS)) return undefined;
  if (folder !== "features") return { folder, rank: SITE_RANKS[folder] };
  if (rest.length === 0) return undefined;
  return feature.startsWith(SHARED_FEATURE)
    ? { folder, feature, rank: SITE_RANKS.features - 1 }
    : { folder, feature, rank: SITE_RANKS.features };
}

const siteName = (part: SitePart) =>
  part.feature === undefined ? `${part.folder}/` : `features/${part.feature}`;

/** Why a site file may not import another site file, or undefined when it may. */
export function siteViolation(importer: string, target: string): string | undefined {
  const from = sitePartOf(importer);
  const to = sitePartOf(target);
  if (!from || !to) return undefined;
  if (to.rank > from.rank) {
    return to.folder === "features"
      ? `${siteName(from)} must not import a feature (${siteName(to)}); features sit above it`
      : `${siteName(from)} must not import ${siteName(to)}, a higher layer of the site`;
  }
  if (
    from.rank === to.rank && to.feature !== undefined && from.feature !== to.feature &&
    !to.feature.startsWith(SHARED_FEATURE)
  ) {
    return `${siteName(from)} must not import another feature (${siteName(to)}); ` +
      "what two features use belongs in a features/shared-… module, ui/ or lib/";
  }
  return undefined;
}

const isHono = (specifier: string) =>
  specifier === "hono" || specifier.startsWith("hono/") || specifier.startsWith("@hono/") ||
  /^npm:(@hono\/|hono(@|\/|$))/.test(specifier);

/**
 * Why `importer` (repository-relative) may not import `specifier`, or undefined when it may.
 * `@core/` and `@shared/` are the import map's aliases (deno.json).
 */
export function importViolation(importer: string, specifier: string): string | undefined {
  const from = layerOf(importer);
  if (from === "other") return undefined;
  let target: string | undefined;
  if (specifier.startsWith("@core/")) target = "core/" + specifier.slice("@core/".length);
  else if (specifier.startsWith("@shared/")) {
    target = "shared/" + specifier.slice("@shared/".length);
  } else if (specifier.startsWith("./") || specifier.startsWith("../")) {
    target = normalize(join(dirname(importer), specifier));
  }
  if (target === undefined) {
    if (isHono(specifier) && (from === "core" || from === "shared" || from === "workers")) {
      return `${from}/ must not depend on Hono (HTTP lives in api/http)`;
    }
    return undefined;
  }
  const to = layerOf(target);
  switch (from) {
    case "shared":
      return to === "shared" ? undefined : "shared/ may import only shared/";
    case "core":
      if (to === "http" || to === "api") {
        return "core/ must not import api/ (the HTTP layer or the API's entry)";
      }
      if (to === "workers") return "core/ must not import workers/";
      if (to === "site") return "core/ must not import site/";
      return undefined;
    case "http":
    case "api":
      if (to === "workers") {
        return "api/ must not import workers/ (shared code belongs in core/)";
      }
      if (to === "site") return "api/ must not import site/";
      return undefined;
    case "workers":
      if (to === "http" || to === "api") {
        return "workers/ must not import api/http or the API's entry";
      }
      if (to === "core" && !specifier.startsWith("@core/")) {
        return "workers/ reach core/ only through the @core/ alias";
      }
      if (to === "site") return "workers/ must not import site/";
      return undefined;
    case "site":
      return to === "core" || to === "http" || to === "api" || to === "workers"
        ? "site/ may import only site/ and shared/"
        : to === "site"
        ? siteViolation(importer, target)
        : undefined;
  }
}

function check(context: Deno.lint.RuleContext, source: Deno.lint.Node | null | undefined) {
  if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
  const importer = relative(ROOT, context.filename);
  const why = importViolation(importer, source.value);
  if (why) context.report({ node: source, message: `"${source.value}": ${why}` });
}

const plugin: Deno.lint.Plugin = {
  name: "layers",
  rules: {
    "import-direction": {
      create(context) {
        return {
          ImportDeclaration: (node) => check(context, node.source),
          ExportNamedDeclaration: (node) => check(context, node.source),
          ExportAllDeclaration: (node) => check(context, node.source),
          ImportExpression: (node) => check(context, node.source),
        };
      },
    },
  },
};

export default plugin;
