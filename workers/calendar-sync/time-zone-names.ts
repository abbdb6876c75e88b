/**
 * Turning a TZID into a zone `Intl` knows, for the feeds that name a zone without defining it
 * in a VTIMEZONE. Outlook and Exchange write Windows names ("Central Europe Standard Time")
 * and sometimes the display name ("(UTC+01:00) Sarajevo, Skopje, Warsaw, Zagreb"); old
 * Mozilla exports prefix IANA names ("/mozilla.org/20050126_1/Europe/Zagreb").
 * A TZID whose VTIMEZONE is in the file never gets here: ical.js resolves it from the file.
 */
import { isKnownTimeZone } from "@shared/local-date.ts";

/** Windows zone → IANA zone, from CLDR's windowsZones.xml (territory 001), the common ones. */
const WINDOWS_ZONES: Record<string, string> = {
  "Dateline Standard Time": "Etc/GMT+12",
  "UTC-11": "Etc/GMT+11",
  "Hawaiian Standard Time": "Pacific/Honolulu",
  "Alaskan Standard Time": "America/Anchorage",
  "Pacific Standard Time": "America/Los_Angeles",
  "US Mountain Standard Time": "America/Phoenix",
  "Mountain Standard Time": "America/Denver",
  "Central America Standard Time": "America/Guatemala",
  "Central Standard Time": "America/Chicago",
  "Central Standard Time (Mexico)": "America/Mexico_City",
  "Canada Central Standard Time": "America/Regina",
  "SA Pacific Standard Time": "America/Bogota",
  "Eastern Standard Time": "America/New_York",
  "Atlantic Standard Time": "America/Halifax",
  "Newfoundland Standard Time": "America/St_Johns",
  "E. South America Standard Time": "America/Sao_Paulo",
  "Argentina Standard Time": "America/Buenos_Aires",
  "Azores Standard Time": "Atlantic/Azores",
  "Cape Verde Standard Time": "Atlantic/Cape_Verde",
  "UTC": "Etc/UTC",
  "GMT Standard Time": "Europe/London",
  "Greenwich Standard Time": "Atlantic/Reykjavik",
  "Morocco Standard Time": "Africa/Casablanca",
  "W. Europe Standard Time": "Europe/Berlin",
  "Central Europe Standard Time": "Europe/Budapest",
  "Romance Standard Time": "Europe/Paris",
  "Central European Standard Time": "Europe/Warsaw",
  "W. Central Africa Standard Time": "Africa/Lagos",
  "GTB Standard Time": "Europe/Bucharest",
  "E. Europe Standard Time": "Europe/Chisinau",
  "FLE Standard Time": "Europe/Kiev",
  "Kaliningrad Standard Time": "Europe/Kaliningrad",
  "Israel Standard Time": "Asia/Jerusalem",
  "Egypt Standard Time": "Africa/Cairo",
  "South Africa Standard Time": "Africa/Johannesburg",
  "Jordan Standard Time": "Asia/Amman",
  "Middle East Standard Time": "Asia/Beirut",
  "Syria Standard Time": "Asia/Damascus",
  "Turkey Standard Time": "Europe/Istanbul",
  "Belarus Standard Time": "Europe/Minsk",
  "Russian Standard Time": "Europe/Moscow",
  "Arab Standard Time": "Asia/Riyadh",
  "Arabian Standard Time": "Asia/Dubai",
  "Iran Standard Time": "Asia/Tehran",
  "Pakistan Standard Time": "Asia/Karachi",
  "India Standard Time": "Asia/Calcutta",
  "SE Asia Standard Time": "Asia/Bangkok",
  "China Standard Time": "Asia/Shanghai",
  "Singapore Standard Time": "Asia/Singapore",
  "Taipei Standard Time": "Asia/Taipei",
  "W. Australia Standard Time": "Australia/Perth",
  "Korea Standard Time": "Asia/Seoul",
  "Tokyo Standard Time": "Asia/Tokyo",
  "AUS Eastern Standard Time": "Australia/Sydney",
  "New Zealand Standard Time": "Pacific/Auckland",
};

/** Outlook display names, matched by a city they list (Croatian hosts see these most). */
const DISPLAY_NAME_CITIES: [RegExp, string][] = [
  [/\bZagreb\b|\bSarajevo\b|\bWarsaw\b|\bSkopje\b/, "Europe/Warsaw"],
  [/\bBelgrade\b|\bLjubljana\b|\bBudapest\b|\bPrague\b/, "Europe/Budapest"],
  [/\bAmsterdam\b|\bBerlin\b|\bRome\b|\bVienna\b/, "Europe/Berlin"],
  [/\bBrussels\b|\bCopenhagen\b|\bMadrid\b|\bParis\b/, "Europe/Paris"],
  [/\bDublin\b|\bLondon\b|\bLisbon\b/, "Europe/London"],
];

/** An `Intl` zone for a TZID, or null when it cannot be told. */
export function resolveTimeZoneName(tzid: string): string | null {
  const name = tzid.trim().replace(/^"(.*)"$/, "$1");
  if (name === "") return null;
  if (isKnownTimeZone(name)) return name;
  const segments = name.split("/").filter((s) => s !== "");
  for (let take = Math.min(3, segments.length); take >= 2; take--) {
    const tail = segments.slice(-take).join("/");
    if (isKnownTimeZone(tail)) return tail;
  }
  const windows = WINDOWS_ZONES[name];
  if (windows) return windows;
  if (/^\(UTC[+-]\d{2}:\d{2}\)/.test(name)) {
    for (const [cities, zone] of DISPLAY_NAME_CITIES) if (cities.test(name)) return zone;
  }
  return null;
}
