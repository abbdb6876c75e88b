/** A package page's address: the package and months it names, its links, and the head's. */
import { packagePageUrl } from "../../lib/navigation/routes.ts";
import { isLocale, type Locale } from "../../i18n/locales.ts";
import { localePath } from "../../i18n/paths.ts";

/** The query parameter holding the months chosen, so a shared or returned-to link keeps them. */
const MONTHS_PARAM = "mjeseci";

/** The package's id from /paket/{packageId} or /en/paket/{packageId}. */
export function packageIdFromAddress(): string | undefined {
  const match = /\/paket\/([^/]+)\/?$/.exec(location.pathname);
  return match ? decodeURIComponent(match[1]) : undefined;
}

export function monthsFromAddress(): number | undefined {
  const months = Number(new URLSearchParams(location.search).get(MONTHS_PARAM));
  return Number.isInteger(months) && months > 0 ? months : undefined;
}

/**
 * The shell is built once for every package, so its head names no address; once the package is
 * known, the page names its canonical address and its other language, as every public page does.
 */
export function linkPackageInHead(packageId: string) {
  const head = document.head;
  const link = (rel: string, href: string, hreflang?: string) => {
    const selector = hreflang
      ? `link[rel="${rel}"][hreflang="${hreflang}"]`
      : `link[rel="${rel}"]:not([hreflang])`;
    const element = head.querySelector<HTMLLinkElement>(selector) ??
      head.appendChild(Object.assign(document.createElement("link"), { rel }));
    element.href = new URL(href, location.origin).href;
    if (hreflang) element.hreflang = hreflang;
  };
  link("canonical", `${location.pathname}`);
  link("alternate", packageLink("hr", packageId), "hr");
  link("alternate", packageLink("en", packageId), "en");
  link("alternate", packageLink("hr", packageId), "x-default");
}

/** Points the header's and footer's language switches at this package in each language. */
export function linkLanguageSwitches(packageId: string, months?: number) {
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[hreflang]")) {
    if (isLocale(link.hreflang)) link.href = packageLink(link.hreflang, packageId, months);
  }
}

/** A package's page in the page's language (English pages carry the /en prefix). */
export function packageLink(lang: Locale, packageId: string, months?: number): string {
  const path = packagePageUrl(packageId, months);
  return lang === "hr" ? path : `${localePath(lang)}${path.slice(1)}`;
}
