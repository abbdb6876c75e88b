import { LANGUAGE_PARAM } from "@shared/app-routes.ts";
import { SITE_LANGUAGE_COOKIE, SITE_LANGUAGE_MAX_AGE } from "@shared/site-language.ts";
import { preferredAmong } from "./checkin-language.ts";

/**
 * Which language a language-less public page (`/`, `/kontakt`, `/politika-privatnosti` … the
 * Croatian addresses) is answered in (issue 32 item 1: an English browser got the Croatian
 * landing page, cookie banner and sign-up): the visitor's remembered choice (SITE_LANGUAGE_COOKIE,
 * set when an address names its language, `?jezik=`, as the site's language links do), else the
 * first of hr and en in the browser's Accept-Language, else Croatian.
 */
export const SITE_LANGUAGES = ["hr", "en"] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

const isSiteLanguage = (value: string | null | undefined): value is SiteLanguage =>
  (SITE_LANGUAGES as readonly (string | null | undefined)[]).includes(value);

/** The language an address asks for (`?jezik=`), if it names one of the site's. */
export function askedLanguage(search: URLSearchParams): SiteLanguage | undefined {
  const asked = search.get(LANGUAGE_PARAM);
  return isSiteLanguage(asked) ? asked : undefined;
}

/** The visitor's remembered choice from a Cookie header, if it names one of the site's. */
export function rememberedLanguage(cookieHeader: string | undefined): SiteLanguage | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.split("=", 2).map((s) => s.trim());
    if (name === SITE_LANGUAGE_COOKIE && isSiteLanguage(value)) return value;
  }
  return undefined;
}

export function siteLanguageFor(
  request: { cookie?: string; acceptLanguage?: string },
): SiteLanguage {
  return rememberedLanguage(request.cookie) ??
    preferredAmong(request.acceptLanguage, SITE_LANGUAGES) ?? "hr";
}

/** The Set-Cookie value that remembers a visitor's choice. */
export function rememberCookie(lang: SiteLanguage, secure: boolean): string {
  return `${SITE_LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${SITE_LANGUAGE_MAX_AGE}; SameSite=Lax` +
    (secure ? "; Secure" : "");
}

/**
 * Whether an address is one of the public site's Croatian pages, answered by language: not the
 * English ones (`/en/…`), the check-in page (negotiated on its own) or its other languages, the
 * app and admin areas (their language is a stored preference) or assets.
 */
export function isLanguageLessPublicPage(pathname: string): boolean {
  return isPublicAddress(pathname) && !/^\/en(?:\/|$)/.test(pathname);
}

/**
 * An address of the public site, in either language: not the check-in page (negotiated on its
 * own, in seven languages), the app and admin areas (their language is a stored preference, and
 * their pages read `?jezik=` themselves) or files.
 */
export function isPublicAddress(pathname: string): boolean {
  return !/^\/(?:de|fr|it|es|ru|app|admin|prijava|_astro|api)(?:\/|$)/.test(pathname) &&
    !/^\/en\/prijava(?:\/|$)/.test(pathname) &&
    !/\.[a-z0-9]+$/i.test(pathname.replace(/\/index\.html$/, ""));
}

/**
 * The English version of a built page: the path of its `hreflang="en"` alternate (BaseHead.astro
 * writes one on every page that has an English version), undefined when it has none.
 */
export function englishAlternateOf(html: string): string | undefined {
  for (const link of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = link[0];
    if (!/\brel="alternate"/.test(tag) || !/\bhreflang="en"/.test(tag)) continue;
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (!href) continue;
    try {
      return new URL(href, "http://site.invalid").pathname;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
