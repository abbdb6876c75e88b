import assert from "node:assert/strict";
import { logIn } from "@core/evisitor/auth.ts";
import { EVisitorHttp } from "@core/evisitor/http.ts";
import { EVisitorError } from "@core/evisitor/types.ts";

interface Seen {
  url: string;
  cookie: string | null;
  body: string | null;
}

/** A fetch that records requests and answers from a list. */
function fakeFetch(answers: (() => Response)[]) {
  const seen: Seen[] = [];
  const fn = (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    seen.push({
      url: String(input),
      cookie: headers.get("cookie"),
      body: typeof init?.body === "string" ? init.body : null,
    });
    const answer = answers.shift();
    if (!answer) throw new Error("unexpected request");
    return Promise.resolve(answer());
  };
  return { fetch: fn as typeof fetch, seen };
}

function loginAnswer(): Response {
  const headers = new Headers({ "Content-Type": "application/json" });
  headers.append("Set-Cookie", "authentication=AUTH; path=/; HttpOnly");
  headers.append("Set-Cookie", "affinity=AFF; path=/; HttpOnly");
  headers.append("Set-Cookie", "language=hr; path=/");
  return new Response("true", { headers });
}

const endpoint = { baseUrl: "https://evisitor.example/api/", timeoutMs: 1000 };

Deno.test("login sends userName/password and a lower-case apikey only when there is one", async () => {
  const { fetch, seen } = fakeFetch([loginAnswer, loginAnswer]);
  const http = new EVisitorHttp(endpoint, fetch);
  await logIn(http, { username: "u", password: "p" });
  assert.deepEqual(JSON.parse(seen[0].body!), { userName: "u", password: "p" });
  await logIn(http, { username: "u", password: "p", apiKey: "k" });
  assert.deepEqual(JSON.parse(seen[1].body!), { userName: "u", password: "p", apikey: "k" });
  assert.equal(
    seen[0].url,
    "https://evisitor.example/api/Resources/AspNetFormsAuth/Authentication/Login",
  );
});

Deno.test("every later call carries all login cookies joined with '; '", async () => {
  const { fetch, seen } = fakeFetch([loginAnswer, () => new Response('{"Records":[]}')]);
  const http = new EVisitorHttp(endpoint, fetch);
  await logIn(http, { username: "u", password: "p" });
  await http.send("GET", "/Rest/Htz/FacilityBrowse/", { resource: "Htz/FacilityBrowse" });
  assert.equal(seen[1].cookie, "authentication=AUTH; affinity=AFF; language=hr");
});

Deno.test("Login answering false is 'invalid-credentials' without the password in the message", async () => {
  const { fetch } = fakeFetch([() => new Response("false")]);
  const http = new EVisitorHttp(endpoint, fetch);
  const error = await logIn(http, { username: "12345678901", password: "Tajna-123" }).catch((e) =>
    e
  );
  assert.ok(error instanceof EVisitorError);
  assert.equal(error.kind, "invalid-credentials");
  assert.doesNotMatch(error.message, /Tajna-123|12345678901/);
});

Deno.test("Login answering true without a session cookie is 'protocol'", async () => {
  const { fetch } = fakeFetch([() => new Response("true")]);
  const error = await logIn(new EVisitorHttp(endpoint, fetch), { username: "u", password: "p" })
    .catch((e) => e);
  assert.equal(error.kind, "protocol");
});

Deno.test("query values are percent-encoded, spaces as %20", () => {
  const http = new EVisitorHttp(endpoint);
  assert.equal(
    http.url("/Rest/Htz/X/", { sort: "Name desc", filters: '[{"a":1}]', page: undefined }),
    "https://evisitor.example/api/Rest/Htz/X/?sort=Name%20desc&filters=%5B%7B%22a%22%3A1%7D%5D",
  );
});

Deno.test("a network failure is 'unavailable' and keeps the cause", async () => {
  const http = new EVisitorHttp(
    endpoint,
    () => Promise.reject(new TypeError("connection refused")),
  );
  const error = await http.send("GET", "/Rest/Htz/X/", { resource: "Htz/X" }).catch((e) => e);
  assert.equal(error.kind, "unavailable");
  assert.ok(error.cause instanceof TypeError);
});
