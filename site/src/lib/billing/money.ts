import { formatEuros } from "@shared/billing/money.ts";
import type { Locale } from "../../i18n/locales.ts";

/**
 * A euro amount from the API (euros with two decimals) as people read it: "1.234,50 €" in
 * Croatian, "€1,234.50" in English. The cents are recovered exactly before formatting.
 */
export function eurosText(amount: number, lang: Locale): string {
  return formatEuros(Math.max(0, Math.round(amount * 100)), lang);
}
