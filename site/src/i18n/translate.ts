import i18next from "i18next";
import type { FieldName, MessageKey } from "@shared/messages.ts";
import hr from "./hr.json" with { type: "json" };
import en from "./en.json" with { type: "json" };
import { DEFAULT_LOCALE, type Locale } from "./locales.ts";

/** Every text of the site has a key in hr.json, the source catalogue. */
export type TranslationKey = keyof typeof hr;
export type TranslationParams = Record<string, string | number>;
export type Translate = (key: TranslationKey, params?: TranslationParams) => string;

// Compile-time check that every shared validation message has a translation key;
// `deno check` or the editor reports a missing one.
export type ValidationKey = `validation.${MessageKey}` & TranslationKey;
const everyMessageTranslated: `validation.${MessageKey}` extends TranslationKey ? true : never =
  true;
void everyMessageTranslated;
// …and every field a message may name a `field.*` text.
const everyFieldNamed: `field.${FieldName}` extends TranslationKey ? true : never = true;
void everyFieldNamed;

/** One private i18next instance; resources are bundled, so initialisation is synchronous. */
const i18n = i18next.createInstance();
i18n.init({
  resources: {
    hr: { translation: hr },
    // English must carry every Croatian key (checked here at compile time).
    en: { translation: en satisfies Record<TranslationKey, string> },
  },
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  initAsync: false,
  // Keys are flat dotted strings ("contactForm.submit"), not nested objects.
  keySeparator: false,
  nsSeparator: false,
  // Placeholders look like the shared validation messages: "{field} is required".
  interpolation: { prefix: "{", suffix: "}", escapeValue: false },
});

/**
 * Returns `t` bound to one language. Astro pages call `translator(lang)` in their
 * frontmatter; islands receive `lang` as a prop and do the same.
 */
export function translator(lang: Locale): Translate {
  const fixed = i18n.getFixedT(lang) as unknown as (key: string, params?: object) => string;
  return (key, params) => fixed(key, params);
}

/** Translates one key; convenient where a single text is needed. */
export function t(lang: Locale, key: TranslationKey, params?: TranslationParams): string {
  return translator(lang)(key, params);
}

/** Base keys of counted texts: `x_one`, `x_few` and `x_other` in the catalogue make `x`. */
export type PluralKey = {
  [K in TranslationKey]: K extends `${infer Base}_other` ? Base : never;
}[TranslationKey];

/**
 * A counted text in the language's plural form (Croatian has three: "1 minutu", "2 minute",
 * "5 minuta"); `{count}` is available in the text.
 */
export function translatePlural(
  lang: Locale,
  key: PluralKey,
  count: number,
  params?: TranslationParams,
): string {
  const fixed = i18n.getFixedT(lang) as unknown as (key: string, params?: object) => string;
  return fixed(key, { ...params, count });
}

/** Whether a key built at run time (e.g. from a field name) exists in the catalogue. */
export function isTranslationKey(key: string): key is TranslationKey {
  return Object.hasOwn(hr, key);
}
