import { APP_ROUTES } from "@shared/app-routes.ts";
import { PACKAGE_CATALOGUE } from "@shared/billing/package-catalogue.ts";
import { LEGAL_DOCUMENT_KINDS, LEGAL_DOCUMENTS } from "@shared/legal/documents.ts";
import { CHECKIN_LANGUAGES, DEFAULT_CHECKIN_LANGUAGE } from "../../i18n/checkin/languages.ts";
import type { Locale } from "../../i18n/locales.ts";
import { alternatesOf } from "../../i18n/paths.ts";

/**
 * The public pages of the site, one list for the sitemap (sitemap.xml.ts), robots.txt
 * (robots.txt.ts) and the tests of the built site. Private areas (the host's /app pages after
 * sign-in, /admin, the guests' check-in pages whose codes are private) are not listed.
 */
export interface PublicRoute {
  /** The page's address in each language it exists in; Croatian always. */
  paths: { hr: string } & Partial<Record<Locale, string>>;
  /** Listed in the sitemap and open to search engines; the rest carry `noindex`. */
  indexable: boolean;
  /**
   * `page`: built as its own file in site/dist. `shell`: its address carries a parameter (a
   * package id), so the API answers it with a shell page built once (api/http/static/shells.ts).
   */
  kind: "page" | "shell";
}

/** The seeded package ids (basic, pro, premium), each with a public page. */
export const PACKAGE_IDS: readonly string[] = PACKAGE_CATALOGUE.map((pkg) => pkg.id);

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { paths: alternatesOf(), indexable: true, kind: "page" },
  { paths: alternatesOf("kontakt"), indexable: true, kind: "page" },
  { paths: alternatesOf("faq"), indexable: true, kind: "page" },
  // The host area's doors; their language is a preference, so one address serves both.
  { paths: { hr: APP_ROUTES.login }, indexable: true, kind: "page" },
  { paths: { hr: APP_ROUTES.register }, indexable: true, kind: "page" },
  { paths: { hr: APP_ROUTES.forgotPassword }, indexable: true, kind: "page" },
  ...PACKAGE_IDS.map((id): PublicRoute => ({
    paths: alternatesOf(`paket/${id}`),
    indexable: true,
    kind: "shell",
  })),
  // Terms of use, privacy policy, data-processing agreement: their own slug in each language.
  ...LEGAL_DOCUMENT_KINDS.map((kind): PublicRoute => ({
    paths: LEGAL_DOCUMENTS[kind].paths,
    indexable: true,
    kind: "page",
  })),
  { paths: alternatesOf("u-izradi"), indexable: false, kind: "page" },
  { paths: alternatesOf("uskoro"), indexable: false, kind: "page" },
  { paths: { hr: "/404" }, indexable: false, kind: "page" },
  { paths: { hr: "/500" }, indexable: false, kind: "page" },
];

/** Every address of a route, one per language it exists in. */
export function routePaths(route: PublicRoute): string[] {
  return Object.values(route.paths).filter((path): path is string => Boolean(path));
}

/** The addresses the sitemap lists, every language. */
export function indexablePaths(): string[] {
  return PUBLIC_ROUTES.filter((route) => route.indexable).flatMap(routePaths);
}

/**
 * Where crawlers may not go. Google and Bing follow the most specific (longest) matching rule, so
 * the three sign-in pages stay open inside the closed /app/. Check-in addresses carry a stay's or a
 * unit's private code, in every language of the check-in page.
 */
export const ROBOTS_ALLOW: readonly string[] = PUBLIC_ROUTES.flatMap(routePaths).filter((path) =>
  path.startsWith("/app/")
);

export const ROBOTS_DISALLOW: readonly string[] = [
  "/admin/",
  "/app/",
  ...CHECKIN_LANGUAGES.map((lang) =>
    lang === DEFAULT_CHECKIN_LANGUAGE ? "/prijava/" : `/${lang}/prijava/`
  ),
];

/**
 * The site's address for absolute URLs: `site` from astro.config.mjs (env SITE_URL) in a
 * deployment; local builds use the address `npm start` serves (astro.config.mjs names the same).
 */
export const LOCAL_SITE = "http://localhost:8000";

export function siteBase(site: URL | undefined): URL {
  return site ?? new URL(LOCAL_SITE);
}
