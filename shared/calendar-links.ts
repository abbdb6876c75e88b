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

/**
 * Whether one address is a web or webcal URL a calendar can be fetched from: the rule a unit's
 * form, the API and the calendar sync share, so a link that is saved is one the sync will try.
 */
export function isCalendarLink(link: string): boolean {
  return link.length <= MAX_CALENDAR_LINK_LENGTH && checkCalendarLink(link).ok;
}

export type CalendarLinkCheck = { ok: true; url: URL } | { ok: false };

/**
 * Parses a pasted feed URL: `webcal://` (and `webcals://`) become `https://`, only http and https
 * are accepted, and user:password@ is refused (it would be sent to whoever the host is, and it is
 * not how any calendar platform shares feeds). `base` resolves a redirect's relative Location.
 * Says nothing about where the address points; the sync checks that when it fetches.
 */
export function checkCalendarLink(input: string, base?: URL): CalendarLinkCheck {
  const rewritten = input.trim().replace(/^webcals?:/i, "https:");
  let url: URL;
  try {
    url = base ? new URL(rewritten, base) : new URL(rewritten);
  } catch {
    return { ok: false };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false };
  if (url.username !== "" || url.password !== "") return { ok: false };
  if (url.hostname === "") return { ok: false };
  url.hash = "";
  return { ok: true, url };
}
