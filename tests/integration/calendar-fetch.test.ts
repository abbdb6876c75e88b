import assert from "node:assert/strict";
import {
  FEED_ACCEPT,
  fetchFeed,
  type FetchFeedOptions,
  type FetchOutcome,
  USER_AGENT,
} from "../../workers/calendar-sync/fetch-feed.ts";
import { MAX_FEED_BYTES } from "../../workers/calendar-sync/parse-feed.ts";
import { waitFor } from "../support/wait.ts";

const CALENDAR = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nEND:VCALENDAR\r\n";
const ETAG = '"feed-v1"';
const LAST_MODIFIED = "Wed, 01 Jan 2025 10:00:00 GMT";
const BIG_BYTES = 11 * 1024 * 1024;
const CHUNK = 64 * 1024;

interface FeedServer {
  base: string;
  /** Request headers seen, per path. */
  seen: { path: string; headers: Headers }[];
  big: { sent: number; cancelled: boolean };
  stop(): Promise<void>;
}

function startServer(): FeedServer {
  const seen: FeedServer["seen"] = [];
  const big = { sent: 0, cancelled: false };
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));

  const handler = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    seen.push({ path: pathname, headers: request.headers });
    if (pathname === "/feed.ics") {
      if (request.headers.get("If-None-Match") === ETAG) return new Response(null, { status: 304 });
      return new Response(CALENDAR, {
        headers: {
          "Content-Type": "text/calendar; charset=utf-8",
          "ETag": ETAG,
          "Last-Modified": LAST_MODIFIED,
        },
      });
    }
    if (pathname === "/missing") return new Response("nope", { status: 404 });
    if (pathname === "/broken") return new Response("oops", { status: 500 });
    if (pathname === "/slow") {
      await released;
      return new Response(CALENDAR);
    }
    if (pathname === "/slow-body") {
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode("BEGIN:VCALENDAR\r\n"));
          await released;
          controller.close();
        },
      });
      return new Response(body, { headers: { "Content-Type": "text/calendar" } });
    }
    if (pathname === "/big") {
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (big.sent >= BIG_BYTES) return controller.close();
          // The last half megabyte waits until the test ends: a client that tried to read all 11 MB
          // would sit here until its timeout instead of answering too-large at once.
          if (big.sent >= BIG_BYTES - 512 * 1024) await released;
          if (big.cancelled) return;
          controller.enqueue(new Uint8Array(CHUNK).fill(0x41));
          big.sent += CHUNK;
        },
        cancel() {
          big.cancelled = true;
        },
      });
      return new Response(body, { headers: { "Content-Type": "text/calendar" } });
    }
    if (pathname === "/html") {
      return new Response("<!doctype html><p>Sign in</p>", {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    }
    if (pathname === "/html-sniffed") {
      return new Response("\ufeff\r\n  <html><body>Sign in</body></html>", {
        headers: { "Content-Type": "text/plain" },
      });
    }
    if (pathname === "/moved") {
      return new Response(null, { status: 301, headers: { Location: "/feed.ics" } });
    }
    const chain = pathname.match(/^\/chain\/(\d+)$/);
    if (chain) {
      const n = Number(chain[1]);
      const next = n <= 1 ? "/feed.ics" : `/chain/${n - 1}`;
      return new Response(null, { status: 302, headers: { Location: next } });
    }
    return new Response("unknown", { status: 404 });
  };

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handler);
  const { port } = server.addr as Deno.NetAddr;
  return {
    base: `http://127.0.0.1:${port}`,
    seen,
    big,
    async stop() {
      release();
      await server.shutdown();
    },
  };
}

async function withServer(fn: (server: FeedServer) => Promise<void>): Promise<void> {
  const server = startServer();
  try {
    await fn(server);
  } finally {
    await server.stop();
  }
}

const LOCAL: FetchFeedOptions = {
  timeoutMs: 5_000,
  maxBytes: MAX_FEED_BYTES,
  allowPrivateAddresses: true,
};

function failure(outcome: FetchOutcome): [number | null, string] | null {
  return outcome.kind === "failed" ? [outcome.status, outcome.error.code] : null;
}

Deno.test("200: body, ETag and Last-Modified are returned; Accept and User-Agent sent", async () => {
  await withServer(async (server) => {
    const outcome = await fetchFeed(`${server.base}/feed.ics?s=token`, {}, LOCAL);
    assert.equal(outcome.kind, "fetched");
    if (outcome.kind !== "fetched") return;
    assert.equal(outcome.status, 200);
    assert.equal(new TextDecoder().decode(outcome.body), CALENDAR);
    assert.equal(outcome.etag, ETAG);
    assert.equal(outcome.lastModified, LAST_MODIFIED);
    const { headers } = server.seen[0];
    assert.equal(headers.get("Accept"), FEED_ACCEPT);
    assert.equal(headers.get("User-Agent"), USER_AGENT);
    assert.equal(headers.has("If-None-Match"), false);
  });
});

Deno.test("conditional request sends If-None-Match and If-Modified-Since and gets 304", async () => {
  await withServer(async (server) => {
    const outcome = await fetchFeed(
      `${server.base}/feed.ics`,
      { etag: ETAG, lastModified: LAST_MODIFIED },
      LOCAL,
    );
    assert.deepEqual(outcome, { kind: "not-modified", status: 304 });
    assert.equal(server.seen[0].headers.get("If-None-Match"), ETAG);
    assert.equal(server.seen[0].headers.get("If-Modified-Since"), LAST_MODIFIED);
  });
});

Deno.test("404 and 500 are http-error with the status kept", async () => {
  await withServer(async (server) => {
    assert.deepEqual(
      failure(await fetchFeed(`${server.base}/missing`, {}, LOCAL)),
      [404, "http-error"],
    );
    const broken = await fetchFeed(`${server.base}/broken?s=secret-token`, {}, LOCAL);
    assert.deepEqual(failure(broken), [500, "http-error"]);
    assert.equal(JSON.stringify(broken).includes("secret-token"), false);
    assert.equal(JSON.stringify(broken).includes("127.0.0.1"), false);
  });
});

Deno.test("a server that never answers is a timeout", async () => {
  await withServer(async (server) => {
    const started = Date.now();
    const outcome = await fetchFeed(`${server.base}/slow`, {}, { ...LOCAL, timeoutMs: 200 });
    assert.deepEqual(failure(outcome), [null, "timeout"]);
    assert.ok(Date.now() - started < 2_000);
  });
});

Deno.test("the timeout also covers a body that stalls", async () => {
  await withServer(async (server) => {
    const started = Date.now();
    const outcome = await fetchFeed(`${server.base}/slow-body`, {}, { ...LOCAL, timeoutMs: 300 });
    assert.deepEqual(failure(outcome), [200, "timeout"]);
    assert.ok(Date.now() - started < 2_000);
  });
});

Deno.test("an 11 MB streamed body is too-large and is not read to the end", async () => {
  await withServer(async (server) => {
    const started = Date.now();
    const outcome = await fetchFeed(`${server.base}/big`, {}, { ...LOCAL, timeoutMs: 20_000 });
    assert.deepEqual(failure(outcome), [200, "too-large"]);
    // Well inside the timeout, so the held-back last half megabyte was never waited for…
    assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
    assert.ok(server.big.sent < BIG_BYTES, `server sent ${server.big.sent} bytes`);
    // …and the client hung up: the server's stream was cancelled.
    await waitFor(() => server.big.cancelled, { timeoutMs: 5_000, what: "the body cancelled" });
  });
});

Deno.test("a smaller maxBytes stops the download early", async () => {
  await withServer(async (server) => {
    const outcome = await fetchFeed(`${server.base}/big`, {}, { ...LOCAL, maxBytes: 100_000 });
    assert.deepEqual(failure(outcome), [200, "too-large"]);
    await waitFor(() => server.big.cancelled, { timeoutMs: 5_000, what: "the body cancelled" });
    assert.ok(server.big.sent < BIG_BYTES / 2, `server sent ${server.big.sent} bytes`);
  });
});

Deno.test("an HTML page is not-a-calendar, by Content-Type or by its first byte", async () => {
  await withServer(async (server) => {
    assert.deepEqual(
      failure(await fetchFeed(`${server.base}/html`, {}, LOCAL)),
      [200, "not-a-calendar"],
    );
    assert.deepEqual(
      failure(await fetchFeed(`${server.base}/html-sniffed`, {}, LOCAL)),
      [200, "not-a-calendar"],
    );
  });
});

Deno.test("a redirect to another local path is followed", async () => {
  await withServer(async (server) => {
    const outcome = await fetchFeed(`${server.base}/moved`, { etag: '"old"' }, LOCAL);
    assert.equal(outcome.kind, "fetched");
    assert.deepEqual(server.seen.map((s) => s.path), ["/moved", "/feed.ics"]);
    // The validators go to every hop: they belong to the feed, not to one address.
    assert.equal(server.seen[1].headers.get("If-None-Match"), '"old"');
  });
});

Deno.test("five redirects are followed; six are too-many-redirects", async () => {
  await withServer(async (server) => {
    const five = await fetchFeed(`${server.base}/chain/5`, {}, LOCAL);
    assert.equal(five.kind, "fetched");
    server.seen.length = 0;
    const six = await fetchFeed(`${server.base}/chain/6`, {}, LOCAL);
    assert.deepEqual(failure(six), [302, "too-many-redirects"]);
    assert.equal(server.seen.length, 6);
    assert.equal(server.seen.some((s) => s.path === "/feed.ics"), false);
  });
});

Deno.test("without allowPrivateAddresses the local server is forbidden-address, never contacted", async () => {
  await withServer(async (server) => {
    const outcome = await fetchFeed(`${server.base}/feed.ics`, {}, {
      ...LOCAL,
      allowPrivateAddresses: false,
    });
    assert.deepEqual(failure(outcome), [null, "forbidden-address"]);
    const viaName = await fetchFeed(
      server.base.replace("127.0.0.1", "localhost") + "/feed.ics",
      {},
      { ...LOCAL, allowPrivateAddresses: false },
    );
    assert.deepEqual(failure(viaName), [null, "forbidden-address"]);
    assert.equal(server.seen.length, 0);
  });
});

Deno.test("a public host redirecting to the metadata address is refused before that hop", async () => {
  for (
    const target of [
      "http://169.254.169.254/latest/meta-data/",
      "http://[::ffff:169.254.169.254]/latest/meta-data/",
      "http://metadata.example.net/computeMetadata/v1/",
    ]
  ) {
    const fetched: string[] = [];
    const resolved: string[] = [];
    const fakeFetch = ((input: RequestInfo | URL) => {
      const url = String(input);
      fetched.push(url);
      if (url.startsWith("https://calendar.example.com/")) {
        return Promise.resolve(new Response(null, { status: 302, headers: { Location: target } }));
      }
      return Promise.resolve(new Response(CALENDAR));
    }) as typeof fetch;
    const resolve = (host: string) => {
      resolved.push(host);
      return Promise.resolve(
        host === "calendar.example.com" ? ["93.184.216.34"] : ["169.254.169.254"],
      );
    };
    const outcome = await fetchFeed("https://calendar.example.com/feed.ics?s=secret", {}, {
      ...LOCAL,
      allowPrivateAddresses: false,
      resolve,
      fetch: fakeFetch,
    });
    assert.deepEqual(failure(outcome), [null, "forbidden-address"], target);
    assert.deepEqual(fetched, ["https://calendar.example.com/feed.ics?s=secret"], target);
    assert.equal(resolved[0], "calendar.example.com");
    assert.equal(JSON.stringify(outcome).includes("secret"), false);
  }
});
