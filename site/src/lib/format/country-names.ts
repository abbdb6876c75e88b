import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json" with { type: "json" };
import hr from "i18n-iso-countries/langs/hr.json" with { type: "json" };
import { INTL_LOCALES, type Locale } from "../../i18n/locales.ts";

// The site's two languages; the proof of residence (server side) has its own.
countries.registerLocale(hr);
countries.registerLocale(en);

export interface CountryOption {
  /** ISO 3166-1 alpha-3, as eVisitor takes it. */
  value: string;
  label: string;
}

const cache = new Map<Locale, CountryOption[]>();

/** Every country (about 249) by its alpha-3 code, named and sorted in the reader's language. */
export function countryOptions(lang: Locale): CountryOption[] {
  const cached = cache.get(lang);
  if (cached) return cached;
  const collator = new Intl.Collator(INTL_LOCALES[lang]);
  const options = Object.keys(countries.getAlpha3Codes())
    .map((code) => ({ value: code, label: countries.getName(code, lang) ?? code }))
    .sort((a, b) => collator.compare(a.label, b.label));
  cache.set(lang, options);
  return options;
}

/** One country's name in the reader's language ("HRV" → "Hrvatska"); the code if unknown. */
export function countryName(code: string, lang: Locale): string {
  return countries.getName(code, lang) ?? code;
}
