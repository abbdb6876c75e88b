import { DEFAULT_LOCALE, isLocale, type Locale } from "../../i18n/locales.ts";

/**
 * The language of the host and admin areas (/app/*, /admin/*). Their URLs carry no language,
 * so it is a preference kept in localStorage under "language" ("hr", the default, or "en").
 * The head script of those pages (components/app/LanguageScript.astro) applies it to
 * <html lang> and the title before the first paint; keep both in step.
 */
export const LANGUAGE_STORAGE_KEY = "language";

export function readLanguagePreference(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    // Tolerates a JSON-quoted value ('"en"') as a JSON storage would write it.
    const value = stored?.replace(/^"|"$/g, "");
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    // Storage blocked: Croatian, the default.
    return DEFAULT_LOCALE;
  }
}

/** Whether this browser has a language of its own (chosen, or named by an address's ?jezik=). */
export function hasLanguagePreference(): boolean {
  try {
    return isLocale(globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY)?.replace(/^"|"$/g, ""));
  } catch {
    return false;
  }
}

export function storeLanguagePreference(lang: Locale): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Not persisted, but the page still switches for this visit.
  }
}
