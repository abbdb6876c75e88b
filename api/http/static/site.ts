import type { Context } from "hono";
import { getMimeType } from "hono/utils/mime";
import { join, normalize } from "node:path";
import { redirectFor, shellFor } from "./shells.ts";

/**
 * Serves the prebuilt Astro site. `/x` is answered by `x`, `x/index.html` or `x.html`, an address
 * with a parameter by its page's shell (shells.ts), the bare check-in address by a redirect to
 * /404; any other path gets the site's 404 page with status 404. Hashed assets under /_astro are cached
 * for a year, pages are revalidated on every visit.
 */
export function createSiteHandler(siteDir: string) {
  const root = normalize(siteDir);

  async function fileIn(relative: string): Promise<string | undefined> {
    const full = normalize(join(root, relative));
    if (full !== root && !full.startsWith(root + "/")) return undefined;
    try {
      const info = await Deno.stat(full);
      return info.isFile ? full : undefined;
    } catch {
      return undefined;
    }
  }

  async function resolve(pathname: string): Promise<string | undefined> {
    if (pathname.includes("\0")) return undefined;
    const clean = pathname.replace(/\/+$/, "");
    const shell = shellFor(pathname);
    if (shell) return await fileIn(shell);
    return await fileIn(clean || "/index.html") ?? await fileIn(`${clean}/index.html`) ??
      await fileIn(`${clean}.html`);
  }

  async function send(c: Context, path: string, status: 200 | 404): Promise<Response> {
    const isAsset = c.req.path.startsWith("/_astro/");
    const headers = {
      "Content-Type": getMimeType(path) ?? "application/octet-stream",
      "Cache-Control": isAsset ? "public, max-age=31536000, immutable" : "no-cache",
    };
    if (c.req.method === "HEAD") return c.body(null, status, headers);
    return c.body(await Deno.readFile(path), status, headers);
  }

  return async (c: Context): Promise<Response> => {
    let found: string | undefined;
    try {
      const pathname = decodeURIComponent(c.req.path);
      const target = redirectFor(pathname);
      if (target) return c.redirect(target, 302);
      found = await resolve(pathname);
    } catch {
      found = undefined; // an undecodable path names no file
    }
    if (found) return send(c, found, 200);
    const notFound = await fileIn("404.html");
    if (notFound) return send(c, notFound, 404);
    return c.text("Not found", 404);
  };
}
