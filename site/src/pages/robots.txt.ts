import type { APIRoute } from "astro";
import { ROBOTS_ALLOW, ROBOTS_DISALLOW, siteBase } from "../lib/seo/public-routes.ts";

/**
 * /robots.txt, built once: everything is open except the host and admin areas (their sign-in
 * pages excepted) and the guests' check-in addresses, whose codes are private. The sitemap's
 * address is absolute (on http://localhost:8000 in local builds, see siteBase).
 */
export const GET: APIRoute = ({ site }) => {
  const lines = [
    "User-agent: *",
    ...ROBOTS_ALLOW.map((path) => `Allow: ${path}`),
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${new URL("/sitemap.xml", siteBase(site)).href}`,
  ];
  return new Response(`${lines.join("\n")}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
};
