import type { APIRoute } from "astro";
import { DEFAULT_LOCALE, LOCALES } from "../i18n/locales.ts";
import { PUBLIC_ROUTES, siteBase } from "../lib/seo/public-routes.ts";

/**
 * /sitemap.xml, built once: every indexable public page in each of its languages, with the other
 * languages as hreflang alternates (as BaseHead links them in the pages). URLs are absolute on
 * the site's address; without SITE_URL (local builds) on http://localhost:8000, the API's local
 * address (see siteBase).
 */
const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export const GET: APIRoute = ({ site }) => {
  const base = siteBase(site);
  const url = (path: string) => escapeXml(new URL(path, base).href);
  const entries = PUBLIC_ROUTES.filter((route) => route.indexable).flatMap((route) => {
    const versions = LOCALES.flatMap((lang) => {
      const path = route.paths[lang];
      return path ? [{ hreflang: lang, path }] : [];
    });
    const fallback = route.paths[DEFAULT_LOCALE] ?? route.paths.hr;
    const alternates = versions.length > 1
      ? [...versions, { hreflang: "x-default", path: fallback }].map(({ hreflang, path }) =>
        `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${url(path)}"/>\n`
      ).join("")
      : "";
    return versions.map(({ path }) =>
      `  <url>\n    <loc>${url(path)}</loc>\n${alternates}  </url>\n`
    );
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ` +
    `xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("")}</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
};
