import { createContext, useContext } from "react";
import type { Translator } from "../../i18n/checkin/translator.ts";

/** The page's translator: every component of the check-in page reads its texts through it. */
export const TranslatorContext = createContext<Translator | null>(null);

export function useTranslator(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslator outside the check-in page");
  return translator;
}
