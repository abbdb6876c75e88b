/**
 * Compile-time check (`deno check site/src`) that every language has every text of the Croatian
 * source catalogue, and every counted text its `_other` form; an error names the missing keys.
 * Types only: nothing here reaches the page's JavaScript.
 */
type HR = typeof import("./hr.json", { with: { type: "json" }});
type EN = typeof import("./en.json", { with: { type: "json" }});
type FR = typeof import("./fr.json", { with: { type: "json" }});
type IT = typeof import("./it.json", { with: { type: "json" }});
type DE = typeof import("./de.json", { with: { type: "json" }});
type ES = typeof import("./es.json", { with: { type: "json" }});
type RU = typeof import("./ru.json", { with: { type: "json" }});

type Suffix = "zero" | "one" | "two" | "few" | "many" | "other";
type Base<K> = K extends `${infer B}_${Suffix}` ? B : K;
type Bases<T> = Base<keyof T & string>;
type CountedBases<T> = { [K in keyof T & string]: K extends `${infer B}_${Suffix}` ? B : never }[
  keyof T & string
];
type OtherForms<T> = {
  [K in keyof T & string]: K extends `${infer B}_other` ? B : never;
}[keyof T & string];

/** What a catalogue lacks: plain keys of hr, or the `_other` form of a counted text. */
type Missing<T> = Exclude<Bases<HR>, Bases<T>> | Exclude<CountedBases<HR>, OtherForms<T>>;
type Complete<T> = [Missing<T>] extends [never] ? true : Missing<T>;

export const COMPLETE: {
  en: Complete<EN>;
  fr: Complete<FR>;
  it: Complete<IT>;
  de: Complete<DE>;
  es: Complete<ES>;
  ru: Complete<RU>;
} = { en: true, fr: true, it: true, de: true, es: true, ru: true };
