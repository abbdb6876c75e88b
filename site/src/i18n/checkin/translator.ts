import { FIELD_NAMES, type FieldName, messageText, parseMessage } from "@shared/messages.ts";
import { type CheckinLanguage, INTL_TAGS } from "./languages.ts";

/**
 * The check-in page's texts: flat dotted keys with `{name}` placeholders, as in the site's own
 * catalogues (../README.md). Counted texts are `x_one`, `x_few`, `x_many`, `x_other`, chosen with
 * the language's plural rules (Croatian and Russian need more forms than English). A tiny
 * translator instead of i18next keeps the page light for phones at the door.
 */
type Source = typeof import("./hr.json", { with: { type: "json" }});
type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";
type AllKeys = keyof Source & string;

/** Keys of plain texts. */
export type CheckinKey = {
  [K in AllKeys]: K extends `${string}_${PluralSuffix}` ? never : K;
}[AllKeys];
/** Base keys of counted texts (`guests.count` for `guests.count_one`, …). */
export type CheckinPluralKey = {
  [K in AllKeys]: K extends `${infer Base}_other` ? Base : never;
}[AllKeys];

export type Catalogue = Record<string, string>;
export type Params = Record<string, string | number>;

export interface Translator {
  lang: CheckinLanguage;
  t(key: CheckinKey, params?: Params): string;
  plural(key: CheckinPluralKey, count: number, params?: Params): string;
  /** A text whose key is built at run time (`gender.1`, `errorCode.X`), if the catalogue has it. */
  maybe(key: string, params?: Params): string | undefined;
  /** A message of the shared schemas or the API (a message token) in this language. */
  validation(message: string): string;
}

function fill(text: string, params: Params = {}): string {
  return text.replace(
    /\{(\w+)\}/g,
    (whole, name: string) => Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export function createTranslator(lang: CheckinLanguage, messages: Catalogue): Translator {
  const rules = new Intl.PluralRules(INTL_TAGS[lang]);
  const numbers = new Intl.NumberFormat(INTL_TAGS[lang]);
  const maybe = (key: string, params?: Params) =>
    Object.hasOwn(messages, key) ? fill(messages[key], params) : undefined;
  const t = (key: string, params?: Params) => maybe(key, params) ?? key;
  return {
    lang,
    t,
    maybe,
    plural(key, count, params) {
      const text = messages[`${key}_${rules.select(count)}`] ?? messages[`${key}_other`] ?? key;
      return fill(text, { ...params, count: numbers.format(count) });
    },
    validation(message) {
      const parsed = parseMessage(message);
      if (!parsed) return message;
      const params: Params = { ...parsed.params };
      const field = params.field;
      if (typeof field === "string") {
        params.field = maybe(`field.${field}`) ??
          (Object.hasOwn(FIELD_NAMES, field) ? FIELD_NAMES[field as FieldName] : field);
      }
      return maybe(`validation.${parsed.code}`, params) ?? messageText(message);
    },
  };
}

/**
 * The other languages' catalogues, fetched when the guest switches (each is its own small chunk);
 * the page's first language comes with the page itself.
 */
const LOADERS: Record<CheckinLanguage, () => Promise<{ default: Catalogue }>> = {
  hr: () => import("./hr.json", { with: { type: "json" } }),
  en: () => import("./en.json", { with: { type: "json" } }),
  fr: () => import("./fr.json", { with: { type: "json" } }),
  it: () => import("./it.json", { with: { type: "json" } }),
  de: () => import("./de.json", { with: { type: "json" } }),
  es: () => import("./es.json", { with: { type: "json" } }),
  ru: () => import("./ru.json", { with: { type: "json" } }),
};

export async function loadCatalogue(lang: CheckinLanguage): Promise<Catalogue> {
  return (await LOADERS[lang]()).default;
}
