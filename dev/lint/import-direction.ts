/// <reference lib="deno.unstable" />
/**
 * A `deno lint` plugin that keeps the layers one-way (docs/architecture.md):
 *
 *   api/http ──► api/core ──► shared          workers ──► api/core (only as @core/…) ──► shared
 *
 * - shared/ imports only shared/ and npm packages (not Hono);
 * - api/core/ never imports api/http/, workers/, the API's entry files or Hono;
 * - nothing under api/ imports workers/;
 * - workers/ reach api code only through the `@core/` alias, never api/http/;
 * - site/ imports neither api/ nor workers/.
 *
 * It runs with every `deno lint` (deno.json lint.plugins), so the gate fails on a violation with
 * the file and line. Tests, benchmarks, dev tools and deployment scripts may import anything.
 */
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

type Layer = "shared" | "core" | "http" | "api" | "workers" | "site" | "other";

/** The layer a repository-relative path belongs to. */
export function layerOf(path: string): Layer {
  if (path.startsWith("shared/")) return "shared";
  if (path.startsWith("api/core/")) return "core";
  if (path.startsWith("api/http/")) return "http";
  if (path.startsWith("api/")) return "api";
  if (path.startsWith("workers/")) return "workers";
  if (path.startsWith("site/")) return "site";
  return "other";
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
  if (specifier.startsWith("@core/")) target = "api/core/" + specifier.slice("@core/".length);
  else if (specifier.startsWith("@shared/")) {
    target = "shared/" + specifier.slice("@shared/".length);
  } else if (specifier.startsWith("./") || specifier.startsWith("../")) {
    target = normalize(join(dirname(importer), specifier));
  }
  if (target === undefined) {
    if (isHono(specifier) && (from === "core" || from === "shared" || from === "workers")) {
      return `${
        from === "core" ? "api/core" : from
      } must not depend on Hono (HTTP lives in api/http)`;
    }
    return undefined;
  }
  const to = layerOf(target);
  switch (from) {
    case "shared":
      return to === "shared" ? undefined : "shared/ may import only shared/";
    case "core":
      if (to === "http" || to === "api") {
        return "api/core must not import api/http or the API's entry";
      }
      if (to === "workers") return "api/core must not import workers/";
      if (to === "site") return "api/core must not import site/";
      return undefined;
    case "http":
    case "api":
      if (to === "workers") {
        return "api/ must not import workers/ (shared code belongs in api/core)";
      }
      if (to === "site") return "api/ must not import site/";
      return undefined;
    case "workers":
      if (to === "http" || to === "api") {
        return "workers/ must not import api/http or the API's entry";
      }
      if (to === "core" && !specifier.startsWith("@core/")) {
        return "workers/ reach api/core only through the @core/ alias";
      }
      if (to === "site") return "workers/ must not import site/";
      return undefined;
    case "site":
      return to === "core" || to === "http" || to === "api" || to === "workers"
        ? "site/ may import only site/ and shared/"
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
