import { SITE_LANGUAGE_COOKIE, SITE_LANGUAGE_MAX_AGE } from "@shared/site-language.ts";
import { DEFAULT_LOCALE, isLocale, type Locale, LOCALES } from "../../i18n/locales.ts";

/**
 * The language of the host and admin areas (/app/*, /admin/*). Their URLs carry no language,
 * so it is a preference kept in localStorage under "language" ("hr", the default, or "en").
 * The head script of those pages (components/app/LanguageScript.astro) applies it to
 * <html lang> and the title before the first paint; keep both in step.
 */
export const LANGUAGE_STORAGE_KEY = "language";

/**
 * The stored preference; without one, the language the visitor chose on the public site (its
 * cookie), else the first of the browser's languages the app speaks (issue 32 item 1: an English
 * browser was shown the Croatian sign-up), else Croatian.
 */
export function readLanguagePreference(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    // Tolerates a JSON-quoted value ('"en"') as a JSON storage would write it.
    const value = stored?.replace(/^"|"$/g, "");
    if (isLocale(value)) return value;
  } catch {
    // Storage blocked: as if nothing were stored.
  }
  return rememberedSiteLanguage() ?? browserLanguage() ?? DEFAULT_LOCALE;
}

/** The language chosen on the public site (SITE_LANGUAGE_COOKIE), if any. */
function rememberedSiteLanguage(): Locale | undefined {
  const cookies = globalThis.document?.cookie ?? "";
  const value = new RegExp(`(?:^|;\\s*)${SITE_LANGUAGE_COOKIE}=([^;]*)`).exec(cookies)?.[1];
  return isLocale(value) ? value : undefined;
}

/** The first of the browser's languages (by its own order) that the app speaks. */
function browserLanguage(): Locale | undefined {
  for (const tag of globalThis.navigator?.languages ?? []) {
    const primary = tag.toLowerCase().split("-")[0];
    if ((LOCALES as readonly string[]).includes(primary)) return primary as Locale;
  }
  return undefined;
}

/** Whether this browser has a language of its own (chosen, or named by an address's ?jezik=). */
export function hasLanguagePreference(): boolean {
  try {
    return isLocale(globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY)?.replace(/^"|"$/g, ""));
  } catch {
    return false;
  }
}

/** Stores the choice, and remembers it for the public site's pages too (its cookie). */
export function storeLanguagePreference(lang: Locale): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Not persisted, but the page still switches for this visit.
  }
  document.cookie = `${SITE_LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${SITE_LANGUAGE_MAX_AGE}; ` +
    `SameSite=Lax${location.protocol === "https:" ? "; Secure" : ""}`;
}
