/**
 * Downloads one iCal feed a host pasted into a unit, as bytes for `parseFeed`.
 *
 * The URL is untrusted input fetched from inside our network, so every hop (the pasted URL and
 * each redirect target) is checked before a connection is made: http(s) only, no credentials,
 * and every address the host name resolves to must be public (`address-guard.ts`). Redirects are
 * followed by hand, at most `MAX_REDIRECTS`. One `AbortSignal.timeout` covers resolving,
 * connecting, every redirect and reading the body. The body is read as a stream and abandoned as
 * soon as it passes `maxBytes`, so a 50 MB answer costs at most `maxBytes` plus one chunk.
 *
 * Feed URLs carry secret tokens (Airbnb's `?s=…`, Google's private address), so neither the URL
 * nor any part of it appears in an outcome: errors have fixed messages, and the messages of
 * underlying exceptions (Deno's fetch errors name the URL) are never passed on.
 *
 * DNS rebinding: the addresses are checked here and then `fetch` resolves the name again when it
 * connects, so a name with a zero TTL could answer a public address to the check and a private one
 * to the connection. Deno's fetch cannot be pinned to an address without breaking TLS (SNI and
 * certificate checks need the name), so this gap stays. It is accepted because what such an
 * attacker gains is small: the request is a GET without our credentials, the answer never reaches
 * the host except as calendar events (HTML and other non-calendars are rejected here or by the
 * parser, and error messages carry no body), and the metadata service needs headers we never send
 * (IMDSv2 wants a PUT-obtained token; GCP wants `Metadata-Flavor`). The network's egress policy
 * (no route from the workers to 169.254.169.254 or the private ranges) is the layer that closes it.
 *
 * One file: every hop of one download shares the same guard, deadline, byte budget and the same
 * care not to leak the URL; apart, a redirect could be followed without one of them.
 */
import { checkFeedUrl, forbiddenRange, ipLiteralOf, isLocalName } from "./address-guard.ts";

export const USER_AGENT = "Prijavko-CalendarSync/1.0";
export const FEED_ACCEPT = "text/calendar, */*;q=0.1";
/** Redirects followed; the one after these fails with `too-many-redirects`. */
export const MAX_REDIRECTS = 5;

export type FeedFetchErrorCode =
  | "invalid-url"
  | "forbidden-address"
  | "timeout"
  | "unreachable"
  | "http-error"
  | "too-large"
  | "not-a-calendar"
  | "too-many-redirects";

/** A reason the download failed. `message` is fixed text: it never names the URL. */
export interface FeedFetchError {
  code: FeedFetchErrorCode;
  message: string;
}

export type FetchOutcome =
  | {
    kind: "fetched";
    status: 200;
    body: Uint8Array;
    etag: string | null;
    lastModified: string | null;
  }
  | { kind: "not-modified"; status: 304 }
  | {
    kind: "failed";
    status: number | null;
    error: FeedFetchError;
    /** The server's `Retry-After`, when it refused with one (429, 503). */
    retryAfter?: string | null;
  };

export interface PreviousValidators {
  etag?: string | null;
  lastModified?: string | null;
}

export type ResolveHost = (host: string) => Promise<string[]>;

export interface FetchFeedOptions {
  /** Whole download: DNS, every redirect, headers and body. */
  timeoutMs: number;
  /** Largest body accepted (normally `MAX_FEED_BYTES`). */
  maxBytes: number;
  /** Only for tests and local development: skips the address check entirely. */
  allowPrivateAddresses: boolean;
  /** Host name → IP addresses; defaults to A and AAAA lookups with `Deno.resolveDns`. */
  resolve?: ResolveHost;
  fetch?: typeof fetch;
}

const MESSAGES: Record<FeedFetchErrorCode, string> = {
  "invalid-url": "The calendar address must be an http, https or webcal link without a password.",
  "forbidden-address": "The calendar address points to a private or reserved network address.",
  "timeout": "The calendar server did not answer in time.",
  "unreachable": "The calendar server could not be reached.",
  "http-error": "The calendar server answered with an error.",
  "too-large": "The calendar is larger than the allowed size.",
  "not-a-calendar": "The address returned a web page, not a calendar.",
  "too-many-redirects": "The calendar address redirects too many times.",
};

function failed(code: FeedFetchErrorCode, status: number | null = null): FetchOutcome {
  const message = code === "http-error" && status !== null
    ? `The calendar server answered with HTTP ${status}.`
    : MESSAGES[code];
  return { kind: "failed", status, error: { code, message } };
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A and AAAA records; fails only when neither lookup gives an answer. */
export async function resolveWithDns(host: string, signal?: AbortSignal): Promise<string[]> {
  const [a, aaaa] = await Promise.allSettled([
    Deno.resolveDns(host, "A", { signal }),
    Deno.resolveDns(host, "AAAA", { signal }),
  ]);
  if (a.status === "rejected" && aaaa.status === "rejected") throw a.reason;
  return [
    ...(a.status === "fulfilled" ? a.value : []),
    ...(aaaa.status === "fulfilled" ? aaaa.value : []),
  ];
}

/** Settles like `promise`, or rejects with the signal's reason once it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

function discard(response: Response): void {
  response.body?.cancel().catch(() => {});
}

/**
 * Whether the hop may be fetched: null if yes, else the failure. IP literals are checked as they
 * are; names must resolve, and every address they resolve to must be public (one private answer
 * among public ones is how a rebinding name would hide).
 */
async function guardHop(
  url: URL,
  options: FetchFeedOptions,
  signal: AbortSignal,
): Promise<FetchOutcome | null> {
  if (options.allowPrivateAddresses) return null;
  const literal = ipLiteralOf(url.hostname);
  if (literal !== null) {
    return forbiddenRange(literal) === null ? null : failed("forbidden-address");
  }
  if (isLocalName(url.hostname)) return failed("forbidden-address");

  const host = url.hostname.replace(/\.$/, "");
  let addresses: string[];
  try {
    addresses = await untilAborted(
      options.resolve ? options.resolve(host) : resolveWithDns(host, signal),
      signal,
    );
  } catch {
    return signal.aborted ? failed("timeout") : failed("unreachable");
  }
  if (addresses.length === 0) return failed("unreachable");
  if (addresses.some((address) => forbiddenRange(address) !== null)) {
    return failed("forbidden-address");
  }
  return null;
}

function requestHeaders(previous: PreviousValidators): Headers {
  const headers = new Headers({ "Accept": FEED_ACCEPT, "User-Agent": USER_AGENT });
  // A stored validator with characters a header cannot hold is dropped, not fatal.
  try {
    if (previous.etag) headers.set("If-None-Match", previous.etag);
  } catch { /* unusable ETag */ }
  try {
    if (previous.lastModified) headers.set("If-Modified-Since", previous.lastModified);
  } catch { /* unusable date */ }
  return headers;
}

function looksLikeHtml(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = contentType.split(";")[0].trim().toLowerCase();
  return type === "text/html" || type === "application/xhtml+xml";
}

/** The first byte after a UTF-8 BOM and whitespace is `<`: an HTML or XML page. */
export function startsWithMarkup(body: Uint8Array): boolean {
  let i = 0;
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) i = 3;
  while (i < body.length && (body[i] === 0x20 || (body[i] >= 0x09 && body[i] <= 0x0d))) i++;
  return body[i] === 0x3c;
}

type BodyRead = { ok: true; body: Uint8Array } | { ok: false; code: FeedFetchErrorCode };

async function readLimited(
  response: Response,
  maxBytes: number,
  signal: AbortSignal,
): Promise<BodyRead> {
  if (!response.body) return { ok: true, body: new Uint8Array(0) };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    while (true) {
      const { done, value } = await untilAborted(reader.read(), signal);
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        reader.cancel().catch(() => {});
        return { ok: false, code: "too-large" };
      }
      chunks.push(value);
    }
  } catch {
    reader.cancel().catch(() => {});
    return { ok: false, code: signal.aborted ? "timeout" : "unreachable" };
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, body };
}

/**
 * Fetches a feed URL. Never throws for anything the URL or the server does; every failure is a
 * `failed` outcome with a code from `FeedFetchErrorCode`.
 *
 * Only 200 counts as fetched: another 2xx is reported as `http-error` with its status, because a
 * 204 has no calendar and a 206 would be part of one, which must never be read as a whole feed.
 */
export async function fetchFeed(
  url: string,
  previous: PreviousValidators,
  options: FetchFeedOptions,
): Promise<FetchOutcome> {
  const checked = checkFeedUrl(url);
  if (!checked.ok) return failed("invalid-url");
  let current = checked.url;

  const doFetch = options.fetch ?? fetch;
  const signal = AbortSignal.timeout(options.timeoutMs);
  const headers = requestHeaders(previous);

  for (let redirects = 0;; redirects++) {
    const refused = await guardHop(current, options, signal);
    if (refused) return refused;

    let response: Response;
    try {
      response = await untilAborted(
        doFetch(current, { method: "GET", headers, redirect: "manual", signal }),
        signal,
      );
    } catch {
      return signal.aborted ? failed("timeout") : failed("unreachable");
    }

    const { status } = response;
    if (REDIRECT_STATUSES.has(status)) {
      discard(response);
      const location = response.headers.get("Location");
      if (location === null) return failed("http-error", status);
      if (redirects >= MAX_REDIRECTS) return failed("too-many-redirects", status);
      const next = checkFeedUrl(location, current);
      if (!next.ok) return failed("invalid-url", status);
      current = next.url;
      continue;
    }
    if (status === 304) {
      discard(response);
      return { kind: "not-modified", status: 304 };
    }
    if (status !== 200) {
      discard(response);
      const retryAfter = response.headers.get("Retry-After");
      return { ...failed("http-error", status), ...(retryAfter ? { retryAfter } : {}) };
    }
    if (looksLikeHtml(response.headers.get("Content-Type"))) {
      discard(response);
      return failed("not-a-calendar", status);
    }
    const declared = Number(response.headers.get("Content-Length") ?? "NaN");
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      discard(response);
      return failed("too-large", status);
    }

    const read = await readLimited(response, options.maxBytes, signal);
    if (!read.ok) return failed(read.code, status);
    if (startsWithMarkup(read.body)) return failed("not-a-calendar", status);
    return {
      kind: "fetched",
      status: 200,
      body: read.body,
      etag: response.headers.get("ETag"),
      lastModified: response.headers.get("Last-Modified"),
    };
  }
}
