/**
 * A unit's `externalCalendarLink` holds one or more iCal addresses (a unit listed on Airbnb and
 * Booking.com has two), separated by line breaks, spaces or commas. Calendar URLs never contain
 * unencoded spaces or commas in practice, so the separators cannot split one address.
 */

/** More feeds than this for one unit is a mistake (each is fetched every few minutes). */
export const MAX_CALENDAR_LINKS = 5;
export const MAX_CALENDAR_LINK_LENGTH = 2048;

/** The separate addresses, trimmed, without empties and duplicates, in the order given. */
export function calendarLinksOf(value: string | null | undefined): string[] {
  if (!value) return [];
  const links = value.split(/[\s,]+/).map((link) => link.trim()).filter(Boolean);
  return [...new Set(links)];
}

/** Whether one address is a web or webcal URL a calendar can be fetched from. */
export function isCalendarLink(link: string): boolean {
  if (link.length > MAX_CALENDAR_LINK_LENGTH) return false;
  try {
    const url = new URL(link);
    return ["http:", "https:", "webcal:", "webcals:"].includes(url.protocol) && url.hostname !== "";
  } catch {
    return false;
  }
}
