import type { Locale } from "../../i18n/locales.ts";
import { type TranslationKey, translator } from "../../i18n/translate.ts";

/**
 * The frequent questions, in the order they are shown: the first few are the ones the landing
 * page repeats (`<FaqList limit={5} />`). Texts live in the catalogues under `faq.q.<id>` and
 * `faq.a.<id>`; the FAQ page's structured data is built from the same list.
 */
export const FAQ_IDS = [
  "evisitor",
  "checkin",
  "trial",
  "privacy",
  "calendars",
  "checkout",
  "outage",
  "password",
  "units",
  "plans",
  "payment",
  "cancel",
  "support",
] as const;

export type FaqId = (typeof FAQ_IDS)[number];

export interface FaqItem {
  id: FaqId;
  question: TranslationKey;
  answer: TranslationKey;
}

export const FAQ_ITEMS: readonly FaqItem[] = FAQ_IDS.map((id) => ({
  id,
  question: `faq.q.${id}`,
  answer: `faq.a.${id}`,
}));

export interface FaqEntry {
  id: FaqId;
  question: string;
  answer: string;
}

/** The questions with their texts in one language, the first `limit` of them when given. */
export function faqEntries(lang: Locale, limit?: number): FaqEntry[] {
  const t = translator(lang);
  return FAQ_ITEMS.slice(0, limit).map(({ id, question, answer }) => ({
    id,
    question: t(question),
    answer: t(answer),
  }));
}

/**
 * schema.org FAQPage structured data for search engines, as a JSON-LD object: the questions a page
 * shows (the first `limit`, as on the landing page, or all).
 */
export function faqStructuredData(lang: Locale, limit?: number): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: lang,
    mainEntity: faqEntries(lang, limit).map(({ question, answer }) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: answer },
    })),
  };
}

/**
 * JSON for an inline `<script type="application/ld+json">`: `<` is escaped so no text can close
 * the script element early.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
