/**
 * The booking platform a calendar address belongs to, by its host name, so the host recognises
 * each feed ("Airbnb", "Booking.com") without reading a long secret URL. Null for anything else
 * (a channel manager, a private server).
 */
const PLATFORM_HOSTS: [RegExp, string][] = [
  [/(^|\.)airbnb\.[a-z.]+$/, "Airbnb"],
  [/(^|\.)booking\.com$/, "Booking.com"],
  [/(^|\.)(vrbo|homeaway|abritel|fewo-direkt)\.[a-z.]+$/, "Vrbo"],
  [/(^|\.)google\.com$/, "Google Calendar"],
  [/(^|\.)(outlook\.(com|office365\.com)|live\.com)$/, "Outlook"],
  [/(^|\.)icloud\.com$/, "iCloud"],
];

export function platformOfLink(link: string): string | null {
  let host: string;
  try {
    host = new URL(link.replace(/^webcals?:/i, "https:")).hostname.toLowerCase();
  } catch {
    return null;
  }
  return PLATFORM_HOSTS.find(([pattern]) => pattern.test(host))?.[1] ?? null;
}
