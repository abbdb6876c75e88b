import type { EVisitorSession, EVisitorTourist } from "@core/evisitor/types.ts";

/** Rows per ListOfTourists page. */
const PAGE = 100;

/**
 * Every guest of the account's tourist list (checked in or out, never cancelled) who arrived
 * between `from` and `to` (dates, both included), read page by page, sorted as Rhetos demands.
 */
export async function touristsArrivedBetween(
  session: EVisitorSession,
  from: string,
  to: string,
): Promise<EVisitorTourist[]> {
  const tourists: EVisitorTourist[] = [];
  for (let page = 1;; page++) {
    const { records, totalCount } = await session.listTourists({
      arrivalFrom: from,
      arrivalTo: to,
      page,
      pageSize: PAGE,
    });
    tourists.push(...records);
    if (records.length < PAGE || tourists.length >= totalCount) return tourists;
  }
}
