/**
 * Every property is in Croatia: stay dates, "today", deadlines and the times people read are
 * Zagreb's, wherever the server or the host is. (Its own module so that a page needing only the
 * zone, like the guest check-in page, does not carry the date arithmetic of local-date.ts.)
 */
export const STAY_TIME_ZONE = "Europe/Zagreb";

/** Today's date (`YYYY-MM-DD`) in Zagreb: what "not in the future" means for a guest's dates. */
export function todayInStayZone(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: STAY_TIME_ZONE }).format(now);
}
