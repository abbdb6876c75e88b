/**
 * Searching eVisitor's Croatian settlements, for the API and the pages alike (no zod here: the
 * check-in page's bundle takes only what it uses).
 */

/** Fewest characters a search takes: one letter would match most of the list. */
export const SETTLEMENT_QUERY_MIN = 2;
/** Most settlements one search returns; the guest types more to narrow it. */
export const SETTLEMENT_RESULTS_MAX = 20;

/** A name as searches compare it: lower case, without diacritics ("Đakovo" → "dakovo"). */
export function foldSettlementName(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").replace(/đ/gi, "d").toLowerCase().trim();
}
