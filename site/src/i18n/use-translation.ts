import { useMemo } from "react";
import { useAtomValue } from "jotai";
import { languageAtom } from "../lib/state/language.ts";
import type { Locale } from "./locales.ts";
import { type Translate, translator } from "./translate.ts";

/** The language preference of the host and admin areas and `t` bound to it. */
export function useTranslation(): { lang: Locale; t: Translate } {
  const lang = useAtomValue(languageAtom);
  return useMemo(() => ({ lang, t: translator(lang) }), [lang]);
}
