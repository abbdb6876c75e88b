import { languagesFor } from "@shared/languages.ts";

/**
 * Which of the check-in page's seven languages a guest's browser gets at a language-less check-in
 * address (`/prijava/smjestaj/{code}`, the printed door QR): the language the guest chose on the
 * page before (a cookie the page sets on an explicit choice), else the first of the browser's
 * Accept-Language that the page speaks, else Croatian (spec section 1: default and fallback).
 */
export const CHECKIN_LANGUAGE_KEYS = languagesFor("checkin").map((entry) => entry.Key);
export type CheckinLanguageKey = (typeof CHECKIN_LANGUAGE_KEYS)[number];

/** Same name as the page's `CHECKIN_LANGUAGE_COOKIE` (site/src/i18n/checkin/languages.ts). */
export const CHECKIN_LANGUAGE_COOKIE = "checkinLang";

const isKey = (value: string): value is CheckinLanguageKey =>
  (CHECKIN_LANGUAGE_KEYS as string[]).includes(value);

/** The guest's stored choice from a Cookie header, if it names one of the seven. */
export function chosenLanguage(cookieHeader: string | undefined): CheckinLanguageKey | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.split("=", 2).map((s) => s.trim());
    if (name === CHECKIN_LANGUAGE_COOKIE && value && isKey(value)) return value;
  }
  return undefined;
}

/**
 * The browser's preferred language among the seven: Accept-Language ranges by falling quality
 * (`q`; equal ones keep their order), each by its primary subtag (`de-AT` is German), `q=0`
 * meaning "not this one". Undefined when none is spoken here (or only `*`).
 */
export function preferredLanguage(
  acceptLanguage: string | undefined,
): CheckinLanguageKey | undefined {
  return preferredAmong(acceptLanguage, CHECKIN_LANGUAGE_KEYS);
}

/** The browser's preferred language among `keys` (the same reading as preferredLanguage). */
export function preferredAmong<K extends string>(
  acceptLanguage: string | undefined,
  keys: readonly K[],
): K | undefined {
  const ranges = (acceptLanguage ?? "").split(",").flatMap((item, index) => {
    const [tag, ...params] = item.trim().split(";");
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
    const quality = q === undefined ? 1 : Number(q);
    const primary = tag.trim().toLowerCase().split("-")[0];
    if (!primary || !(quality > 0)) return [];
    return [{ primary, quality, index }];
  });
  ranges.sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranges.map((r) => r.primary).find((primary): primary is K =>
    (keys as readonly string[]).includes(primary)
  );
}

/** The language a language-less check-in address is answered in. */
export function checkinLanguageFor(
  headers: { cookie?: string; acceptLanguage?: string },
): CheckinLanguageKey {
  return chosenLanguage(headers.cookie) ?? preferredLanguage(headers.acceptLanguage) ?? "hr";
}

/** The answer depends on these request headers (for caches): `Vary`. */
export const NEGOTIATED_VARY = "Accept-Language, Cookie";
