import type { LanguageKey } from "./enums.ts";
import type { Language } from "./schemas/language.ts";

/**
 * The language entries of spec section 1, as data: each language's own name, its key, the flag
 * shown beside it, and whether only the guest check-in page offers it. Croatian comes first (the
 * default and fallback). The site's locales (site/src/i18n/locales.ts) are the entries without
 * CheckinPageOnly, the check-in page's (site/src/i18n/checkin/languages.ts) all of them; a unit test
 * keeps those typed lists equal to this data and checks it against the Language schema (not done
 * here, so pages that read the names do not carry the schema library).
 */
export const LANGUAGES: readonly Language[] = [
  { Name: "Hrvatski", Key: "hr", Icon: "🇭🇷", CheckinPageOnly: false },
  { Name: "English", Key: "en", Icon: "🇬🇧", CheckinPageOnly: false },
  { Name: "Français", Key: "fr", Icon: "🇫🇷", CheckinPageOnly: true },
  { Name: "Italiano", Key: "it", Icon: "🇮🇹", CheckinPageOnly: true },
  { Name: "Deutsch", Key: "de", Icon: "🇩🇪", CheckinPageOnly: true },
  { Name: "Español", Key: "es", Icon: "🇪🇸", CheckinPageOnly: true },
  { Name: "Русский", Key: "ru", Icon: "🇷🇺", CheckinPageOnly: true },
];

/** The languages a page offers: the whole site's, or also the check-in page's own. */
export function languagesFor(page: "site" | "checkin"): readonly Language[] {
  return page === "checkin" ? LANGUAGES : LANGUAGES.filter((entry) => !entry.CheckinPageOnly);
}

/** A language's entry by key. */
export function languageEntry(key: LanguageKey): Language {
  return LANGUAGES.find((entry) => entry.Key === key)!;
}
