/**
 * Which feed URLs and which IP addresses the calendar fetcher may talk to.
 *
 * Hosts paste any URL they like into a unit, and the worker fetches it from inside our network,
 * so a URL is a request we make on someone else's behalf (SSRF). Only http(s) to public unicast
 * addresses is allowed: loopback, private, link-local (the cloud metadata service at
 * 169.254.169.254), unique-local, CGNAT, multicast and reserved ranges are refused, including
 * their IPv4-mapped (`::ffff:a.b.c.d`), IPv4-translated (`::ffff:0:a.b.c.d`), IPv4-compatible,
 * NAT64 and 6to4 IPv6 spellings.
 * Anything that does not parse as an address counts as forbidden.
 */

import { type CalendarLinkCheck, checkCalendarLink } from "@shared/calendar-links.ts";

/** Why an address is refused; `null` from `forbiddenRange` means public. */
export type ForbiddenRange =
  | "invalid"
  | "unspecified"
  | "this-network"
  | "loopback"
  | "private"
  | "cgnat"
  | "link-local"
  | "unique-local"
  | "multicast"
  | "reserved";

/** `a.b.c.d` with four decimal parts 0–255 (no octal, hex or short forms), else null. */
export function parseIpv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    bytes.push(n);
  }
  return bytes;
}

/** An IPv6 address (optionally bracketed, `::` compression, dotted IPv4 tail) as 16 bytes. */
export function parseIpv6(text: string): number[] | null {
  let s = text;
  if (s.startsWith("[") && s.endsWith("]")) s = s.slice(1, -1);
  const zone = s.indexOf("%");
  if (zone !== -1) s = s.slice(0, zone);
  if (!s.includes(":")) return null;

  let tail: number[] = [];
  const lastColon = s.lastIndexOf(":");
  const last = s.slice(lastColon + 1);
  if (last.includes(".")) {
    const v4 = parseIpv4(last);
    if (!v4) return null;
    tail = v4;
    // Keep the colon so "::1.2.3.4" still reads as "::" plus the tail.
    s = s.slice(0, lastColon + 1);
    if (s.endsWith(":") && !s.endsWith("::")) s = s.slice(0, -1);
  }

  const halves = s.split("::");
  if (halves.length > 2) return null;
  const group = (g: string): number | null => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : null);
  const read = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    for (const g of part.split(":")) {
      const n = group(g);
      if (n === null) return null;
      out.push(n >> 8, n & 0xff);
    }
    return out;
  };
  const head = read(halves[0]);
  if (!head) return null;
  if (halves.length === 1) {
    const bytes = [...head, ...tail];
    return bytes.length === 16 ? bytes : null;
  }
  const rest = read(halves[1]);
  if (!rest) return null;
  const fill = 16 - head.length - rest.length - tail.length;
  if (fill < 2) return null; // "::" stands for at least one group
  return [...head, ...new Array(fill).fill(0), ...rest, ...tail];
}

function inV4(b: number[], base: [number, number, number, number], prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((b[byte] & mask) !== (base[byte] & mask)) return false;
  }
  return true;
}

function forbiddenV4(b: number[]): ForbiddenRange | null {
  if (inV4(b, [0, 0, 0, 0], 8)) return "this-network";
  if (inV4(b, [127, 0, 0, 0], 8)) return "loopback";
  if (inV4(b, [10, 0, 0, 0], 8)) return "private";
  if (inV4(b, [172, 16, 0, 0], 12)) return "private";
  if (inV4(b, [192, 168, 0, 0], 16)) return "private";
  if (inV4(b, [100, 64, 0, 0], 10)) return "cgnat";
  if (inV4(b, [169, 254, 0, 0], 16)) return "link-local";
  if (inV4(b, [224, 0, 0, 0], 4)) return "multicast";
  if (inV4(b, [240, 0, 0, 0], 4)) return "reserved"; // incl. 255.255.255.255
  if (inV4(b, [192, 0, 0, 0], 24)) return "reserved"; // IETF protocol assignments
  if (inV4(b, [192, 0, 2, 0], 24)) return "reserved"; // documentation
  if (inV4(b, [198, 51, 100, 0], 24)) return "reserved";
  if (inV4(b, [203, 0, 113, 0], 24)) return "reserved";
  if (inV4(b, [198, 18, 0, 0], 15)) return "reserved"; // benchmarking
  return null;
}

function startsWith(b: number[], prefix: number[]): boolean {
  return prefix.every((v, i) => b[i] === v);
}

function forbiddenV6(b: number[]): ForbiddenRange | null {
  const zeros = (n: number) => b.slice(0, n).every((v) => v === 0);
  if (zeros(16)) return "unspecified";
  if (zeros(15) && b[15] === 1) return "loopback";
  // ::ffff:a.b.c.d (mapped) and the deprecated ::a.b.c.d (compatible) reach the IPv4 host.
  if (zeros(10) && b[10] === 0xff && b[11] === 0xff) return forbiddenV4(b.slice(12));
  if (zeros(12)) return forbiddenV4(b.slice(12));
  // ::ffff:0:a.b.c.d (IPv4-translated, RFC 2765's SIIT) is translated to the IPv4 host as well.
  if (zeros(8) && startsWith(b.slice(8), [0xff, 0xff, 0, 0])) return forbiddenV4(b.slice(12));
  // NAT64 (64:ff9b::/96) translates to the embedded IPv4 address.
  if (startsWith(b, [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])) {
    return forbiddenV4(b.slice(12));
  }
  if (startsWith(b, [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01])) return "reserved"; // local-use NAT64
  // 6to4 (2002::/16) carries an IPv4 address in bytes 2–5.
  if (b[0] === 0x20 && b[1] === 0x02) return forbiddenV4(b.slice(2, 6));
  if (startsWith(b, [0x01, 0x00, 0, 0, 0, 0, 0, 0])) return "reserved"; // discard-only
  if (startsWith(b, [0x20, 0x01, 0x0d, 0xb8])) return "reserved"; // documentation
  if ((b[0] & 0xfe) === 0xfc) return "unique-local"; // fc00::/7
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0x80) return "link-local"; // fe80::/10
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0xc0) return "private"; // fec0::/10, old site-local
  if (b[0] === 0xff) return "multicast";
  return null;
}

/** The forbidden range an IP address (v4, v6, bracketed v6) falls in, or null if it is public. */
export function forbiddenRange(address: string): ForbiddenRange | null {
  const v4 = parseIpv4(address);
  if (v4) return forbiddenV4(v4);
  const v6 = parseIpv6(address);
  if (v6) return forbiddenV6(v6);
  return "invalid";
}

export function isForbiddenAddress(address: string): boolean {
  return forbiddenRange(address) !== null;
}

/** A URL's host when it is an IP literal (WHATWG URL already normalised `0x7f.1` etc.), else null. */
export function ipLiteralOf(hostname: string): string | null {
  if (hostname.startsWith("[") && hostname.endsWith("]")) return hostname.slice(1, -1);
  return parseIpv4(hostname) ? hostname : null;
}

/** Names that never need DNS to be known as this machine. */
export function isLocalName(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, "");
  return h === "localhost" || h.endsWith(".localhost");
}

export type FeedUrlCheck = CalendarLinkCheck;

/**
 * Parses a pasted feed URL by the rule units are saved with (shared/calendar-links.ts): http,
 * https or webcal, no user:password@. Says nothing about the address; see `forbiddenRange`.
 */
export const checkFeedUrl: (input: string, base?: URL) => FeedUrlCheck = checkCalendarLink;
