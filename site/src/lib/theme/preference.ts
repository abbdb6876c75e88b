/**
 * The colour theme a person chose (spec section 1): DefaultTheme (light, the default),
 * DarkTheme, or AutoTheme (follows the operating system). Stored in localStorage under
 * "theme"; <html data-theme="light|dark"> carries the resolved theme for the CSS.
 *
 * The inline head script in `components/layout/ThemeScript.astro` repeats this logic in
 * plain JS so the theme is applied before the first paint; keep both in step.
 *
 * A page may set another default for when nothing is stored, in <html data-theme-default>
 * (PAGE_DEFAULT_ATTRIBUTE): the landing and door pages, opened first on phones, say AutoTheme
 * there, so they follow the phone's dark mode until a theme is chosen.
 */
import { DEFAULT_THEME, type Theme, THEMES } from "@shared/themes.ts";

export { DEFAULT_THEME, THEMES };
export type ThemePreference = Theme;
export type ResolvedTheme = "light" | "dark";

export const THEME_STORAGE_KEY = "theme";
const DARK_QUERY = "(prefers-color-scheme: dark)";

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/** The <html> attribute of a page's own default theme (`data-theme-default`). */
export const PAGE_DEFAULT_ATTRIBUTE = "data-theme-default";

/** The theme in force while nothing is stored: the page's own default, else DEFAULT_THEME. */
function pageDefaultTheme(): ThemePreference {
  const own = globalThis.document?.documentElement.getAttribute(PAGE_DEFAULT_ATTRIBUTE);
  return isThemePreference(own) ? own : DEFAULT_THEME;
}

export function readThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(stored) ? stored : pageDefaultTheme();
  } catch {
    // Storage can be blocked (privacy modes); the default theme still works.
    return pageDefaultTheme();
  }
}

export function resolveTheme(preference: ThemePreference, prefersDark: boolean): ResolvedTheme {
  if (preference === "DarkTheme") return "dark";
  if (preference === "AutoTheme") return prefersDark ? "dark" : "light";
  return "light";
}

/** Stores the choice and recolours the page at once. */
export function chooseTheme(preference: ThemePreference): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Not persisted, but the page still switches for this visit.
  }
  const prefersDark = matchMedia(DARK_QUERY).matches;
  document.documentElement.dataset.theme = resolveTheme(preference, prefersDark);
}
