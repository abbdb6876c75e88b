import { COUNTRY_CODES } from "@shared/countries.ts";
import { type CheckinLanguage, INTL_TAGS } from "../../i18n/checkin/languages.ts";

/** A country as the selectors list it: eVisitor's ISO 3166-1 alpha-3 code and its name. */
export interface Country {
  code: string;
  name: string;
  /** Every name and the code, lower case and without diacritics, for searching. */
  search: string;
}

/** i18n-iso-countries' names of one language: by alpha-2 code, the usual name first. */
type LocaleData = { countries: Record<string, string | string[]> };

/**
 * Country names in one language, each its own chunk: only the page's language is fetched (about
 * 3 kB), and another one when the guest switches. Read as they are, without the library's code
 * (its tables of every code system are more than the page needs).
 */
const LOCALES: Record<CheckinLanguage, () => Promise<{ default: LocaleData }>> = {
  hr: () => import("i18n-iso-countries/langs/hr.json", { with: { type: "json" } }),
  en: () => import("i18n-iso-countries/langs/en.json", { with: { type: "json" } }),
  fr: () => import("i18n-iso-countries/langs/fr.json", { with: { type: "json" } }),
  it: () => import("i18n-iso-countries/langs/it.json", { with: { type: "json" } }),
  de: () => import("i18n-iso-countries/langs/de.json", { with: { type: "json" } }),
  es: () => import("i18n-iso-countries/langs/es.json", { with: { type: "json" } }),
  ru: () => import("i18n-iso-countries/langs/ru.json", { with: { type: "json" } }),
};

/** Lower case, diacritics gone: "Österreich" is found by "osterr". */
export function searchForm(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLocaleLowerCase();
}

const lists = new Map<CheckinLanguage, Promise<Country[]>>();

/** Every country with its name in `lang`, sorted as that language sorts. */
export function loadCountries(lang: CheckinLanguage): Promise<Country[]> {
  let list = lists.get(lang);
  if (!list) {
    list = LOCALES[lang]().then(({ default: data }) => {
      const collator = new Intl.Collator(INTL_TAGS[lang]);
      return COUNTRY_CODES
        .map(([alpha2, code]) => {
          const all = [data.countries[alpha2] ?? []].flat();
          return { code, name: all[0] ?? code, search: searchForm([...all, code].join("|")) };
        })
        .sort((a, b) => collator.compare(a.name, b.name));
    });
    list.catch(() => lists.delete(lang)); // a failed fetch is tried again next time
    lists.set(lang, list);
  }
  return list;
}

/** The countries whose name (or code) has a word starting with what the guest typed. */
export function filterCountries(list: Country[], query: string): Country[] {
  const wanted = searchForm(query.trim());
  if (!wanted) return list;
  const starts = list.filter((c) => c.search.startsWith(wanted));
  const words = list.filter((c) =>
    !c.search.startsWith(wanted) &&
    c.search.split(/[|\s,()-]+/).some((word) => word.startsWith(wanted))
  );
  const anywhere = list.filter((c) =>
    !starts.includes(c) && !words.includes(c) && c.search.includes(wanted)
  );
  return [...starts, ...words, ...anywhere];
}
