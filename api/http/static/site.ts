import type { Context } from "hono";
import { getMimeType } from "hono/utils/mime";
import { join, normalize } from "node:path";
import { checkinLanguageFor, NEGOTIATED_VARY } from "./checkin-language.ts";
import { LANGUAGE_PARAM } from "@shared/app-routes.ts";
import {
  askedLanguage,
  englishAlternateOf,
  isLanguageLessPublicPage,
  isPublicAddress,
  rememberCookie,
  siteLanguageFor,
} from "./site-language.ts";
import {
  bareCheckinLanguage,
  isLanguageLessCheckin,
  notFoundLanguageOf,
  redirectFor,
  shellFor,
} from "./shells.ts";

/** The 404 page in a check-in language: Croatian's is the site's own (spec section 2: /404). */
const notFoundPath = (lang: string) => lang === "hr" ? "/404" : `/${lang}/404`;

/**
 * Serves the prebuilt Astro site. `/x` is answered by `x`, `x/index.html` or `x.html`, an address
 * with a parameter by its page's shell (shells.ts); any other path gets the site's 404 page with
 * status 404. Hashed assets under /_astro are cached for a year, pages are revalidated on every
 * visit.
 *
 * The guest check-in page speaks the guest's language from the first byte: a language-less
 * check-in address (the printed door QR) is answered in the language the guest chose on the page
 * before, else the browser's (checkin-language.ts): Croatian unprefixed, any other by a redirect
 * to its prefixed address (`Vary: Accept-Language, Cookie`). The bare `/{lang?}/prijava` and
 * unknown addresses under it get the 404 page in that language.
 *
 * The public site's Croatian (language-less) pages likewise: an English visitor (by the remembered
 * choice, else the browser) is redirected to the page's English version (site-language.ts); a
 * language a public address names (`?jezik=`, the site's language links) is remembered in a
 * cookie and the address shown without it.
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

  async function send(
    c: Context,
    path: string,
    status: 200 | 404,
    negotiated = false,
  ): Promise<Response> {
    const isAsset = c.req.path.startsWith("/_astro/");
    const headers: Record<string, string> = {
      "Content-Type": getMimeType(path) ?? "application/octet-stream",
      "Cache-Control": isAsset ? "public, max-age=31536000, immutable" : "no-cache",
    };
    if (negotiated) headers.Vary = NEGOTIATED_VARY;
    if (c.req.method === "HEAD") return c.body(null, status, headers);
    return c.body(await Deno.readFile(path), status, headers);
  }

  const guestLanguage = (c: Context) =>
    checkinLanguageFor({
      cookie: c.req.header("Cookie"),
      acceptLanguage: c.req.header("Accept-Language"),
    });

  /** A redirect whose target depends on the guest's language: never cached for others. */
  function negotiatedRedirect(c: Context, location: string): Response {
    const res = c.redirect(location, 302);
    res.headers.set("Vary", NEGOTIATED_VARY);
    res.headers.set("Cache-Control", "private, no-cache");
    return res;
  }

  /**
   * A language the address names on a public page (`?jezik=`, the site's language links) is
   * remembered (a cookie) and the address shown without it: a redirect to the same page.
   */
  function rememberAsked(c: Context, pathname: string): Response | undefined {
    if (!isPublicAddress(pathname)) return undefined;
    const url = new URL(c.req.url);
    const asked = askedLanguage(url.searchParams);
    if (!asked) return undefined;
    url.searchParams.delete(LANGUAGE_PARAM);
    // One leading slash: `//kontakt` would leave the site for a host named "kontakt".
    const path = `/${url.pathname.replace(/^\/+/, "")}`;
    const res = c.redirect(`${path}${url.search}`, 302);
    res.headers.set("Set-Cookie", rememberCookie(asked, url.protocol === "https:"));
    res.headers.set("Cache-Control", "private, no-cache");
    return res;
  }

  /**
   * The English version's address for an English visitor (the remembered choice, else the
   * browser's) at a Croatian page that has one; undefined: answer the page itself.
   */
  async function englishInstead(
    c: Context,
    pathname: string,
    found: string,
  ): Promise<string | undefined> {
    const lang = siteLanguageFor({
      cookie: c.req.header("Cookie"),
      acceptLanguage: c.req.header("Accept-Language"),
    });
    if (lang !== "en" || shellFor(pathname)) return undefined;
    const english = englishAlternateOf(await Deno.readTextFile(found));
    return english ? `${english}${new URL(c.req.url).search}` : undefined;
  }

  return async (c: Context): Promise<Response> => {
    let found: string | undefined;
    let pathname = "";
    let negotiated = false;
    try {
      pathname = decodeURIComponent(c.req.path);
      const target = redirectFor(pathname);
      if (target) return c.redirect(target, 302);
      const bare = bareCheckinLanguage(pathname);
      if (bare) {
        if (bare.lang) return c.redirect(notFoundPath(bare.lang), 302);
        return negotiatedRedirect(c, notFoundPath(guestLanguage(c)));
      }
      if (isLanguageLessCheckin(pathname)) {
        const lang = guestLanguage(c);
        if (lang !== "hr") {
          return negotiatedRedirect(c, `/${lang}${c.req.path}${new URL(c.req.url).search}`);
        }
        negotiated = true;
      }
      found = await resolve(pathname);
    } catch {
      found = undefined; // an undecodable path names no file
    }
    if (found) {
      const remembered = rememberAsked(c, pathname);
      if (remembered) return remembered;
      if (isLanguageLessPublicPage(pathname) && found.endsWith(".html")) {
        const english = await englishInstead(c, pathname, found);
        if (english) return negotiatedRedirect(c, english);
        negotiated = true;
      }
      return send(c, found, 200, negotiated);
    }
    let notFoundLang = notFoundLanguageOf(pathname);
    if (notFoundLang === "negotiate") {
      notFoundLang = guestLanguage(c);
      negotiated = true;
    }
    const notFound =
      (notFoundLang && notFoundLang !== "hr"
        ? await fileIn(`${notFoundLang}/404/index.html`)
        : undefined) ?? await fileIn("404.html");
    if (notFound) return send(c, notFound, 404, negotiated);
    return c.text("Not found", 404);
  };
}
