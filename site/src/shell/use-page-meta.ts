import { useEffect } from "react";
import type { Locale } from "../i18n/locales.ts";
import { pageTitle } from "../i18n/page-title.ts";

/**
 * Keeps the document in the preferred language of the app areas: <html lang>, the title (spec
 * section 2: product name by default) and the description meta tag. The head script set them
 * already before the first paint; this follows later language switches.
 */
export function usePageMeta(lang: Locale, title: string | undefined, description?: string) {
  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = pageTitle(lang, title);
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute("content", description);
    }
  }, [lang, title, description]);
}
