/**
 * Colour themes (spec section 1). Kept free of zod so the site's tiny theme script can import it
 * without pulling a validation library into every page.
 */
export const THEMES = ["DefaultTheme", "DarkTheme", "AutoTheme"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "DefaultTheme";
