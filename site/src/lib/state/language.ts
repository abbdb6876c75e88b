import { atom } from "jotai";
import type { Locale } from "../../i18n/locales.ts";
import {
  LANGUAGE_STORAGE_KEY,
  readLanguagePreference,
  storeLanguagePreference,
} from "./language-preference.ts";

// Read once when the first island loads; the islands of the app areas render only in the browser.
const chosenAtom = atom<Locale>(readLanguagePreference());
chosenAtom.onMount = (setLanguage) => {
  const onStorage = (event: StorageEvent) => {
    if (event.key === LANGUAGE_STORAGE_KEY) setLanguage(readLanguagePreference());
  };
  addEventListener("storage", onStorage);
  return () => removeEventListener("storage", onStorage);
};

/**
 * The preferred language of the host and admin areas, shared by every island of a page; setting
 * it stores the choice and relabels <html lang>.
 */
export const languageAtom = atom(
  (get) => get(chosenAtom),
  (_get, set, lang: Locale) => {
    storeLanguagePreference(lang);
    document.documentElement.lang = lang;
    set(chosenAtom, lang);
  },
);
