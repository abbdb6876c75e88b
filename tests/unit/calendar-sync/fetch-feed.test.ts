import assert from "node:assert/strict";
import {
  checkFeedUrl,
  forbiddenRange,
  ipLiteralOf,
  isLocalName,
  parseIpv6,
} from "../../../workers/calendar-sync/address-guard.ts";
import {
  FEED_ACCEPT,
  fetchFeed,
  type FetchFeedOptions,
  startsWithMarkup,
  USER_AGENT,
} from "../../../workers/calendar-sync/fetch-feed.ts";

Deno.test("IPv4: public addresses pass", () => {
  for (const ip of ["93.184.216.34", "8.8.8.8", "1.1.1.1", "172.15.255.255", "172.32.0.1"]) {
    assert.equal(forbiddenRange(ip), null, ip);
  }
  assert.equal(forbiddenRange("100.63.255.255"), null);
  assert.equal(forbiddenRange("100.128.0.0"), null);
  assert.equal(forbiddenRange("169.253.1.1"), null);
});

Deno.test("IPv4: loopback, private, link-local, CGNAT, this-network, multicast are refused", () => {
  const cases: [string, string][] = [
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local"],
    ["169.254.0.1", "link-local"],
    ["100.64.0.1", "cgnat"],
    ["100.127.255.255", "cgnat"],
    ["0.0.0.0", "this-network"],
    ["0.1.2.3", "this-network"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "reserved"],
    ["240.0.0.1", "reserved"],
  ];
  for (const [ip, range] of cases) assert.equal(forbiddenRange(ip), range, ip);
});

Deno.test("IPv6: loopback, link-local, unique-local, multicast are refused; public passes", () => {
  const cases: [string, string | null][] = [
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["[::1]", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["febf:ffff::1", "link-local"],
    ["fc00::1", "unique-local"],
    ["fd12:3456:789a::1", "unique-local"],
    ["ff02::1", "multicast"],
    ["fec0::1", "private"],
    ["2001:db8::1", "reserved"],
    ["2606:4700:4700::1111", null],
    ["2a00:1450:4001:82b::200e", null],
    ["fe00::1", null],
  ];
  for (const [ip, range] of cases) assert.equal(forbiddenRange(ip), range, ip);
});

Deno.test("IPv6: mapped, compatible, NAT64 and 6to4 forms are judged by their IPv4 address", () => {
  const cases: [string, string | null][] = [
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"], // how URL writes [::ffff:127.0.0.1]
    ["::ffff:169.254.169.254", "link-local"],
    ["::ffff:a9fe:a9fe", "link-local"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:192.168.0.1", "private"],
    ["::ffff:100.64.0.1", "cgnat"],
    ["0:0:0:0:0:ffff:0.0.0.0", "this-network"],
    ["::127.0.0.1", "loopback"],
    ["64:ff9b::10.0.0.1", "private"],
    ["64:ff9b::8.8.8.8", null],
    ["2002:a9fe:a9fe::1", "link-local"],
    ["2002:0808:0808::1", null],
    ["::ffff:93.184.216.34", null],
  ];
  for (const [ip, range] of cases) assert.equal(forbiddenRange(ip), range, ip);
});

Deno.test("addresses that do not parse are refused", () => {
  for (
    const ip of ["", "localhost", "1.2.3", "1.2.3.256", "01.2.3.4x", "::1::2", "12345::", "g::1"]
  ) {
    assert.equal(forbiddenRange(ip), "invalid", ip);
  }
  assert.equal(parseIpv6("1:2:3:4:5:6:7:8:9"), null);
  assert.deepEqual(parseIpv6("1::"), [0, 1, ...new Array(14).fill(0)]);
});

Deno.test("URL hosts: IP literals after WHATWG normalisation, local names", () => {
  assert.equal(ipLiteralOf(new URL("http://2130706433/").hostname), "127.0.0.1");
  assert.equal(ipLiteralOf(new URL("http://0x7f.1/").hostname), "127.0.0.1");
  assert.equal(ipLiteralOf(new URL("http://[::ffff:127.0.0.1]/").hostname), "::ffff:7f00:1");
  assert.equal(
    forbiddenRange(ipLiteralOf(new URL("http://[::ffff:127.0.0.1]/").hostname)!),
    "loopback",
  );
  assert.equal(ipLiteralOf("calendar.example.com"), null);
  assert.equal(isLocalName("localhost"), true);
  assert.equal(isLocalName("LOCALHOST."), true);
  assert.equal(isLocalName("api.localhost"), true);
  assert.equal(isLocalName("localhost.example.com"), false);
});

Deno.test("feed URLs: http(s) accepted, webcal rewritten to https", () => {
  const ok = (input: string) => {
    const check = checkFeedUrl(input);
    assert.ok(check.ok, input);
    return check.url.href;
  };
  assert.equal(
    ok("https://www.airbnb.com/calendar/ical/123.ics?s=abc"),
    "https://www.airbnb.com/calendar/ical/123.ics?s=abc",
  );
  assert.equal(ok("http://example.com/feed.ics"), "http://example.com/feed.ics");
  assert.equal(
    ok("webcal://calendar.google.com/private/x/basic.ics"),
    "https://calendar.google.com/private/x/basic.ics",
  );
  assert.equal(ok("WEBCAL://example.com/a.ics"), "https://example.com/a.ics");
  assert.equal(ok("  https://example.com/a.ics#frag  "), "https://example.com/a.ics");
  // Relative redirect targets resolve against the current hop.
  const base = new URL("https://example.com/a/b.ics");
  const relative = checkFeedUrl("/c.ics", base);
  assert.ok(relative.ok);
  assert.equal(relative.url.href, "https://example.com/c.ics");
});

Deno.test("feed URLs: other schemes, credentials and garbage are invalid", () => {
  for (
    const input of [
      "ftp://example.com/a.ics",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "data:text/calendar,BEGIN:VCALENDAR",
      "gopher://example.com/",
      "https://user:pass@example.com/a.ics",
      "https://user@example.com/a.ics",
      "webcal://user:pass@example.com/a.ics",
      "not a url",
      "",
      "//example.com/a.ics",
    ]
  ) {
    assert.equal(checkFeedUrl(input).ok, false, input);
  }
});

Deno.test("markup pre-check skips BOM and whitespace", () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  assert.equal(startsWithMarkup(enc("<!DOCTYPE html>")), true);
  assert.equal(startsWithMarkup(enc("\r\n  \t<html>")), true);
  assert.equal(startsWithMarkup(new Uint8Array([0xef, 0xbb, 0xbf, 0x20, 0x3c])), true);
  assert.equal(startsWithMarkup(enc("BEGIN:VCALENDAR\r\n")), false);
  assert.equal(
    startsWithMarkup(new Uint8Array([0xef, 0xbb, 0xbf, ...enc("BEGIN:VCALENDAR")])),
    false,
  );
  assert.equal(startsWithMarkup(new Uint8Array(0)), false);
});

// --- fetchFeed with an injected fetch and resolver (no network) ---

const CALENDAR = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n";

interface Call {
  url: string;
  init: RequestInit | undefined;
}

function fakeFetch(respond: (url: string) => Response): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fn = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({ url, init });
    return Promise.resolve(respond(url));
  };
  return { fetch: fn as typeof fetch, calls };
}

function options(overrides: Partial<FetchFeedOptions> = {}): FetchFeedOptions {
  return {
    timeoutMs: 2_000,
    maxBytes: 1024,
    allowPrivateAddresses: false,
    resolve: () => Promise.resolve(["93.184.216.34"]),
    ...overrides,
  };
}

Deno.test("fetchFeed sends Accept, User-Agent and the validators, with manual redirects", async () => {
  const fake = fakeFetch(() => new Response(CALENDAR, { headers: { ETag: '"v2"' } }));
  const outcome = await fetchFeed(
    "webcal://calendar.example.com/feed.ics?token=s3cret",
    { etag: '"v1"', lastModified: "Wed, 01 Jan 2025 00:00:00 GMT" },
    options({ fetch: fake.fetch }),
  );
  assert.equal(outcome.kind, "fetched");
  assert.equal(fake.calls.length, 1);
  assert.equal(fake.calls[0].url, "https://calendar.example.com/feed.ics?token=s3cret");
  const init = fake.calls[0].init!;
  assert.equal(init.redirect, "manual");
  assert.ok(init.signal);
  const headers = new Headers(init.headers);
  assert.equal(headers.get("Accept"), FEED_ACCEPT);
  assert.equal(headers.get("User-Agent"), USER_AGENT);
  assert.equal(headers.get("If-None-Match"), '"v1"');
  assert.equal(headers.get("If-Modified-Since"), "Wed, 01 Jan 2025 00:00:00 GMT");
});

Deno.test("fetchFeed omits validators it does not have", async () => {
  const fake = fakeFetch(() => new Response(CALENDAR));
  await fetchFeed(
    "https://calendar.example.com/a.ics",
    { etag: null },
    options({ fetch: fake.fetch }),
  );
  const headers = new Headers(fake.calls[0].init!.headers);
  assert.equal(headers.has("If-None-Match"), false);
  assert.equal(headers.has("If-Modified-Since"), false);
});

Deno.test("fetchFeed refuses bad URLs and private names before fetching", async () => {
  const fake = fakeFetch(() => new Response(CALENDAR));
  const code = async (url: string, resolved: string[] = ["93.184.216.34"]) => {
    const outcome = await fetchFeed(
      url,
      {},
      options({ fetch: fake.fetch, resolve: () => Promise.resolve(resolved) }),
    );
    assert.equal(outcome.kind, "failed", url);
    return outcome.kind === "failed" ? outcome.error.code : null;
  };
  assert.equal(await code("ftp://example.com/a.ics"), "invalid-url");
  assert.equal(await code("https://u:p@example.com/a.ics"), "invalid-url");
  assert.equal(await code("http://169.254.169.254/latest/meta-data/"), "forbidden-address");
  assert.equal(await code("http://[::ffff:169.254.169.254]/"), "forbidden-address");
  assert.equal(await code("http://2130706433/"), "forbidden-address");
  assert.equal(await code("http://localhost:8080/"), "forbidden-address");
  assert.equal(await code("https://internal.example.com/", ["10.0.0.5"]), "forbidden-address");
  // One private answer among public ones is enough to refuse.
  assert.equal(
    await code("https://mixed.example.com/", ["93.184.216.34", "fd00::1"]),
    "forbidden-address",
  );
  assert.equal(await code("https://nowhere.example.com/", []), "unreachable");
  assert.equal(fake.calls.length, 0);
});

Deno.test("fetchFeed maps a failing resolver to unreachable and never leaks the URL", async () => {
  const fake = fakeFetch(() => new Response(CALENDAR));
  const outcome = await fetchFeed(
    "https://nx.example.com/feed.ics?s=topsecret",
    {},
    options({
      fetch: fake.fetch,
      resolve: () => Promise.reject(new Error("no such host nx.example.com?s=topsecret")),
    }),
  );
  assert.equal(outcome.kind, "failed");
  assert.equal(outcome.kind === "failed" && outcome.error.code, "unreachable");
  assert.equal(JSON.stringify(outcome).includes("topsecret"), false);
  assert.equal(JSON.stringify(outcome).includes("nx.example.com"), false);
});

Deno.test("fetchFeed: a fetch error's message (which names the URL) is not passed on", async () => {
  const failing =
    ((input: RequestInfo | URL) =>
      Promise.reject(new TypeError(`error sending request for url (${input})`))) as typeof fetch;
  const outcome = await fetchFeed(
    "https://calendar.example.com/feed.ics?s=topsecret",
    {},
    options({ fetch: failing }),
  );
  assert.deepEqual(outcome, {
    kind: "failed",
    status: null,
    error: { code: "unreachable", message: "The calendar server could not be reached." },
  });
});

Deno.test("fetchFeed: Content-Length over the limit is refused without reading", async () => {
  let pulled = 0;
  const fake = fakeFetch(() =>
    new Response(
      new ReadableStream({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(10));
        },
      }),
      { headers: { "Content-Length": "999999" } },
    )
  );
  const outcome = await fetchFeed(
    "https://calendar.example.com/a.ics",
    {},
    options({ fetch: fake.fetch }),
  );
  assert.equal(outcome.kind === "failed" && outcome.error.code, "too-large");
  assert.ok(pulled <= 1);
});

Deno.test("fetchFeed: a redirect without Location and other 2xx are http-error", async () => {
  const noLocation = fakeFetch(() => new Response(null, { status: 302 }));
  let outcome = await fetchFeed(
    "https://calendar.example.com/a.ics",
    {},
    options({ fetch: noLocation.fetch }),
  );
  assert.deepEqual(outcome.kind === "failed" && [outcome.status, outcome.error.code], [
    302,
    "http-error",
  ]);
  const partial = fakeFetch(() => new Response(CALENDAR, { status: 206 }));
  outcome = await fetchFeed(
    "https://calendar.example.com/a.ics",
    {},
    options({ fetch: partial.fetch }),
  );
  assert.deepEqual(outcome.kind === "failed" && [outcome.status, outcome.error.code], [
    206,
    "http-error",
  ]);
});

Deno.test("fetchFeed: a redirect to a non-http scheme or with credentials is invalid-url", async () => {
  for (const location of ["file:///etc/passwd", "https://u:p@calendar.example.com/"]) {
    const fake = fakeFetch(() =>
      new Response(null, { status: 302, headers: { Location: location } })
    );
    const outcome = await fetchFeed(
      "https://calendar.example.com/a.ics",
      {},
      options({ fetch: fake.fetch }),
    );
    assert.equal(outcome.kind === "failed" && outcome.error.code, "invalid-url", location);
    assert.equal(fake.calls.length, 1);
  }
});
