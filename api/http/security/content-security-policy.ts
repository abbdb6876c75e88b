import type { Context, Handler, MiddlewareHandler } from "hono";
import { join } from "node:path";
import { encodeBase64 } from "@core/platform/crypto/base64.ts";
import { describeError, log } from "@core/platform/logger.ts";

/**
 * Content-Security-Policy for HTML pages. Scripts: our own files and the inline scripts whose
 * SHA-256 the page was built with (Astro inlines the theme and language scripts, the island
 * loaders and the cookie-consent module), nothing else: no 'unsafe-inline', no 'unsafe-eval'.
 * Styles allow 'unsafe-inline': Astro inlines a <style>, React writes style attributes and the
 * calendar and the API reference inject <style> elements at run time; a style cannot run code.
 * Images may be data: and blob: URLs (QR codes, the payment barcode, a document photo's preview).
 * The one worker is the site's service worker (/sw.js) and the manifest is the site's own file,
 * both allowed by 'self' (worker-src and manifest-src fall back to script-src and default-src);
 * no page uses other workers (document photos are read on the server), frames other than its own
 * srcdoc, or anything from another origin.
 */
export function pagePolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((h) => `'sha256-${h}'`)].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The service worker's own script (site/public/sw.js, issue 35). A worker's policy is the one its
 * script was served with, so the resource policy would stop it from fetching anything: it may
 * fetch, cache and show images (notification icons) of this origin only, and load no script but
 * its own.
 */
export const SERVICE_WORKER_POLICY =
  "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Where the site serves its service worker; its scope is the whole site. */
export const SERVICE_WORKER_PATH = "/sw.js";

/** Everything but a page (JSON, problem details, scripts, fonts, images): nothing may run or load. */
export const RESOURCE_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Data blocks are not run, so they need no hash. */
const DATA_TYPE = /\btype\s*=\s*["']?application\/(?:ld\+)?json\b/i;

/**
 * The base64 SHA-256 of each inline script a browser could run in `html`, as CSP hashes them (the
 * text between the tags, newlines normalised as the HTML parser does). Inert
 * `type="text/plain" data-consent` scripts count: the consent module runs their text once allowed.
 */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_TYPE.test(attributes) || body.trim() === "") continue;
    hashes.add(await sha256(body.replace(/\r\n?/g, "\n")));
  }
  return [...hashes];
}

async function sha256(data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  return encodeBase64(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
}

/**
 * Knows the built site's pages by content: each HTML file under `siteDir` (read once, on first use)
 * gives its inline scripts' hashes, looked up by the SHA-256 of the bytes served. So each page's
 * policy names its own scripts only, and only pages that are on disk get any: a page the site was
 * not built with (or bytes that changed on the way) runs no inline script. A miss reads the folder
 * again (at most every few seconds), for a site rebuilt while the API runs.
 */
export function createPageHashes(siteDir: string, { rescanAfterMs = 3000 } = {}) {
  let pages: Promise<Map<string, string[]>> | undefined;
  let scannedAt = 0;

  async function scan(): Promise<Map<string, string[]>> {
    scannedAt = Date.now();
    const found = new Map<string, string[]>();
    for await (const file of htmlFiles(siteDir)) {
      try {
        const bytes = await Deno.readFile(file);
        found.set(
          await sha256(bytes),
          await inlineScriptHashes(new TextDecoder().decode(bytes)),
        );
      } catch (error) {
        log.warn("page not hashed for its policy", { file, ...describeError(error) });
      }
    }
    return found;
  }

  return async function scriptHashesOf(body: Uint8Array<ArrayBuffer>): Promise<string[]> {
    const key = await sha256(body);
    pages ??= scan();
    let known = (await pages).get(key);
    if (!known && Date.now() - scannedAt >= rescanAfterMs) {
      pages = scan();
      known = (await pages).get(key);
    }
    return known ?? [];
  };
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  let entries: Deno.DirEntry[];
  try {
    entries = await Array.fromAsync(Deno.readDir(dir));
  } catch {
    return; // no site built
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* htmlFiles(path);
    else if (entry.isFile && entry.name.endsWith(".html")) yield path;
  }
}

const isHtml = (res: Response) => /^text\/html\b/i.test(res.headers.get("Content-Type") ?? "");

/**
 * Wraps the site's handler: an HTML page it serves gets the page policy with that page's script
 * hashes, the service worker its own policy. Anything else is left to the security headers'
 * resource policy.
 */
export function withSitePagePolicy(
  handler: (c: Context) => Promise<Response>,
  siteDir: string,
): Handler {
  const scriptHashesOf = createPageHashes(siteDir);
  return async (c: Context) => {
    const res = await handler(c);
    if (c.req.path === SERVICE_WORKER_PATH && res.ok) {
      res.headers.set("Content-Security-Policy", SERVICE_WORKER_POLICY);
      return res;
    }
    if (!isHtml(res)) return res;
    if (!res.body) {
      res.headers.set("Content-Security-Policy", pagePolicy([])); // HEAD
      return res;
    }
    const body = new Uint8Array(await res.arrayBuffer());
    const answer = new Response(body, res);
    answer.headers.set("Content-Security-Policy", pagePolicy(await scriptHashesOf(body)));
    return answer;
  };
}

/**
 * Zod (the site's bundles and the API reference's) probes `new Function("")` once; under a policy
 * without 'unsafe-eval' the probe fails harmlessly but is reported as a violation. Jitless zod
 * skips it. The site's pages set it in their head (site/astro.config.mjs); this sets it for pages
 * the API writes.
 */
export const ZOD_JITLESS_SCRIPT = "(globalThis.__zod_globalConfig ??= {}).jitless = true;";

/**
 * For a page the API writes itself from constants (the API reference): ZOD_JITLESS_SCRIPT goes
 * first in its head, and its policy hashes its own inline scripts. Never for a page that could
 * carry what a caller sent.
 */
export function withOwnPagePolicy(handler: MiddlewareHandler): MiddlewareHandler {
  return async (c, next) => {
    const res = await handler(c, next);
    if (!res || !isHtml(res) || !res.body) return res;
    const html = (await res.text()).replace(
      /<head\b[^>]*>/i,
      (head) => `${head}<script>${ZOD_JITLESS_SCRIPT}</script>`,
    );
    const answer = new Response(html, res);
    answer.headers.delete("Content-Length");
    answer.headers.set("Content-Security-Policy", pagePolicy(await inlineScriptHashes(html)));
    return answer;
  };
}
