import type { Locale } from "./locales.ts";
import { t } from "./translate.ts";

/** "Kontakt · Prijavko"; the product name alone when a page gives no title (spec section 2). */
export function pageTitle(lang: Locale, title?: string): string {
  const productName = t(lang, "site.name");
  if (!title) return productName;
  return title.includes(productName) ? title : `${title} · ${productName}`;
}
