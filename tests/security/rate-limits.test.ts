/**
 * Rate limits on the routes open without a session, counted in the database (so API replicas
 * agree), and the body size limits: both answer with problem details.
 */
import assert from "node:assert/strict";
import { count } from "drizzle-orm";
import { rateLimitCounters } from "@core/db/schema/rate-limits.ts";
import { loadApiConfig, rateLimitsOf } from "../../api/env.ts";
import {
  DEFAULT_RATE_LIMITS,
  type RateLimits,
  rateLimitSubject,
} from "../../api/http/security/rate-limit.ts";
import { GUEST_MRZ_BODY_LIMIT_BYTES } from "../../api/http/routes/guest-mrz.ts";
import { MRZ_FRAME_MAX_BODY_BYTES } from "../../shared/mrz-frame.ts";
import { createTestApp, postJson, TEST_ENV, TestClock } from "../support/app.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";

type App = Awaited<ReturnType<typeof createTestApp>>;

/** Every limit 1000 unless the test names it: one group at a time is under test. */
const ALL_HIGH = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((group) => [group, 1000]),
) as RateLimits;

async function withLimitedApp(
  limits: Partial<RateLimits>,
  fn: (ctx: { app: App; database: TestDatabase; clock: TestClock }) => Promise<void>,
  { trustProxy = false } = {},
) {
  const database = await createTestDatabase();
  // 12:00:15 UTC: 45 seconds left in the minute's window.
  const clock = new TestClock(new Date("2026-07-01T12:00:15Z"));
  try {
    const app = await createTestApp({
      db: database.db,
      clock: clock.now,
      rateLimits: { ...ALL_HIGH, ...limits },
      trustProxy,
    });
    await fn({ app, database, clock });
  } finally {
    await database.dispose();
  }
}

let attempt = 0;
/** A failed sign-in, each for another account (five for one account lock it: 429 LockedOut). */
const login = (headers: Record<string, string> = {}) =>
  postJson(
    "/api/Users/login",
    { email: `nobody${++attempt}@example.com`, password: "Wrong-Password-1" },
    headers,
  );

async function assertLimited(res: Response, what: string) {
  assert.equal(res.status, 429, what);
  assert.equal(res.headers.get("Content-Type"), "application/problem+json", what);
  const retryAfter = Number(res.headers.get("Retry-After"));
  assert.ok(retryAfter >= 1 && retryAfter <= 60, `${what}: Retry-After ${retryAfter}`);
  const problem = await res.json();
  assert.equal(problem.code, "TooManyRequests", what);
  assert.equal(problem.status, 429, what);
  assert.match(problem.type, /\/api\/problems\//, what);
}

Deno.test("login: the eleventh attempt in a minute from one address is 429 with Retry-After", () =>
  withLimitedApp({ login: DEFAULT_RATE_LIMITS.login }, async ({ app, clock }) => {
    assert.equal(DEFAULT_RATE_LIMITS.login, 10);
    for (let i = 0; i < 10; i++) {
      const res = await app.request(login());
      // Unknown accounts: 401 (the address lockout would only come after 20 failures).
      assert.equal(res.status, 401, `attempt ${i + 1}`);
      await res.body?.cancel();
    }
    const refused = await app.request(login());
    assert.equal(refused.headers.get("Retry-After"), "45"); // the window ends at 12:01:00
    await assertLimited(refused, "11th login");

    // Other groups count on their own.
    const register = await app.request(
      postJson("/api/Users/register", { email: "x@example.com", password: "short" }),
    );
    assert.equal(register.status, 400);
    await register.body?.cancel();

    // The next window starts afresh.
    clock.advanceMinutes(1);
    const again = await app.request(login());
    assert.equal(again.status, 401);
    await again.body?.cancel();
  }));

Deno.test("each public route is limited in its group; forgot password and resend share one", () =>
  withLimitedApp(
    {
      login: 1,
      register: 1,
      accountEmails: 1,
      resetPassword: 1,
      contact: 1,
      mrz: 1,
      mrzFrames: 1000,
      checkinReads: 3,
      checkinWrites: 1,
    },
    async ({ app }) => {
      const requests: [string, () => Request][] = [
        ["login", () => login()],
        ["register", () => postJson("/api/Users/register", { email: "a@b.hr", password: "x" })],
        ["forgotPassword", () => postJson("/api/Users/forgotPassword", { email: "a@b.hr" })],
        [
          "resetPassword",
          () => postJson("/api/Users/resetPassword", { email: "a@b.hr", resetCode: "x" }),
        ],
        ["contact", () => postJson("/api/Support/contact-form", {})],
        ["mrz", () => postJson("/api/Reservations/Guests/MRZ", {})],
        ["guests", () => postJson("/api/Reservations/Guests", {})],
      ];
      for (const [what, request] of requests) {
        const first = await app.request(request());
        assert.notEqual(first.status, 429, `${what}: first`);
        await first.body?.cancel();
        await assertLimited(await app.request(request()), `${what}: second`);
      }
      // forgotPassword used the group's one request: resending the confirmation is refused too.
      await assertLimited(
        await app.request(postJson("/api/Users/resendConfirmationEmail", { email: "a@b.hr" })),
        "resendConfirmationEmail",
      );

      // Check-in reads: by code, by unit code and the border crossings share a count of 3.
      for (
        const path of [
          "/api/Reservations/ABCDEFGHJK",
          "/api/Reservations/Current/ABCDEFGHJKLM",
          "/api/Reservations/ABCDEFGHJK/BorderCrossings",
        ]
      ) {
        const res = await app.request(path);
        assert.equal(res.status, 404, path);
        await res.body?.cancel();
      }
      await assertLimited(await app.request("/api/Reservations/ABCDEFGHJK"), "4th read");
      await assertLimited(await app.request("/api/Reservations/Current/X"), "5th read");
      await assertLimited(
        await app.request("/api/Reservations/ABCDEFGHJK/Settlements?Query=zagreb"),
        "a settlement search is a check-in read",
      );

      // Routes outside the list are not counted.
      for (let i = 0; i < 5; i++) {
        const res = await app.request("/api/openapi.json");
        assert.equal(res.status, 200);
        await res.body?.cancel();
        const refresh = await app.request(postJson("/api/Users/refresh", { refreshToken: "x" }));
        assert.notEqual(refresh.status, 429);
        await refresh.body?.cancel();
      }
    },
  ));

Deno.test("MRZ: a camera scan's small frames count apart from photos, up to their own limit", () =>
  withLimitedApp({ mrz: 2, mrzFrames: 60 }, async ({ app }) => {
    /** A request as a browser sends it, with its Content-Length. */
    const mrz = (imageBytes: string) => {
      const body = JSON.stringify({ imageBytes });
      return postJson("/api/Reservations/Guests/MRZ", body, {
        "Content-Length": String(new TextEncoder().encode(body).length),
      });
    };
    const frame = () => mrz("A".repeat(90_000)); // about a 1280×400 band as JPEG
    const photo = () => mrz("A".repeat(MRZ_FRAME_MAX_BODY_BYTES)); // just over a frame's body
    // A 30-second scan at the page's pace (a frame every 500 ms): 60 frames, none refused.
    for (let i = 0; i < 60; i++) {
      const res = await app.request(frame());
      assert.notEqual(res.status, 429, `frame ${i + 1}`);
      await res.body?.cancel();
    }
    await assertLimited(await app.request(frame()), "61st frame");
    // Photos have their own, smaller count, untouched by the frames.
    for (let i = 0; i < 2; i++) {
      const res = await app.request(photo());
      assert.notEqual(res.status, 429, `photo ${i + 1}`);
      await res.body?.cancel();
    }
    await assertLimited(await app.request(photo()), "third photo");
    // A body without a declared length is a photo, whatever its size.
    await assertLimited(
      await app.request(postJson("/api/Reservations/Guests/MRZ", { imageBytes: "AAAA" })),
      "unsized body",
    );
  }));

Deno.test("limits are per client address (behind a trusted proxy, X-Forwarded-For)", () =>
  withLimitedApp({ login: 2 }, async ({ app }) => {
    const from = (address: string) => login({ "X-Forwarded-For": `${address}, 10.0.0.1` });
    for (let i = 0; i < 2; i++) {
      const res = await app.request(from("198.51.100.7"));
      assert.equal(res.status, 401);
      await res.body?.cancel();
    }
    await assertLimited(await app.request(from("198.51.100.7")), "third from one address");
    const other = await app.request(from("198.51.100.8"));
    assert.equal(other.status, 401);
    await other.body?.cancel();
    // One IPv6 /64 is one client.
    for (let i = 0; i < 2; i++) {
      const res = await app.request(from(`2001:db8:1:2::${i + 1}`));
      assert.equal(res.status, 401);
      await res.body?.cancel();
    }
    await assertLimited(await app.request(from("2001:db8:1:2:ffff::9")), "same /64");
  }, { trustProxy: true }));

Deno.test("API replicas on one database share the counts", async () => {
  const database = await createTestDatabase();
  try {
    const limits = { ...ALL_HIGH, contact: 4 };
    const replicas = await Promise.all(
      [0, 1].map(() => createTestApp({ db: database.db, rateLimits: limits })),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await replicas[i % 2].request(postJson("/api/Support/contact-form", {}));
      statuses.push(res.status);
      await res.body?.cancel();
    }
    assert.deepEqual(statuses, [400, 400, 400, 400, 429, 429]);
  } finally {
    await database.dispose();
  }
});

Deno.test("concurrent requests are counted exactly (one atomic upsert each)", () =>
  withLimitedApp({ contact: 7 }, async ({ app }) => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => app.request(postJson("/api/Support/contact-form", {}))),
    );
    const statuses = answers.map((res) => res.status);
    await Promise.all(answers.map((res) => res.body?.cancel()));
    assert.equal(statuses.filter((s) => s === 429).length, 13, statuses.join(","));
  }));

Deno.test("finished windows are purged lazily, one row per key is kept", () =>
  withLimitedApp({ contact: 100, login: 100 }, async ({ app, database, clock }) => {
    const rows = async () =>
      (await database.db.select({ n: count() }).from(rateLimitCounters))[0].n;
    for (let i = 0; i < 3; i++) {
      await (await app.request(postJson("/api/Support/contact-form", {}))).body?.cancel();
    }
    await (await app.request(login())).body?.cancel();
    assert.equal(await rows(), 2); // one row per group and address, not per request
    clock.advanceMinutes(10);
    await (await app.request(login())).body?.cancel();
    // The purge runs in the background after the request; give it a moment.
    for (let i = 0; i < 50 && await rows() !== 1; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.equal(await rows(), 1);
  }));

Deno.test("rateLimitSubject: IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64", () => {
  assert.equal(rateLimitSubject("203.0.113.9"), "203.0.113.9");
  assert.equal(rateLimitSubject("::ffff:203.0.113.9"), "203.0.113.9");
  assert.equal(rateLimitSubject("2001:db8:0:1::5"), "2001:db8:0:1::/64");
  assert.equal(rateLimitSubject("2001:0db8:0000:0001:aaaa:bbbb:cccc:dddd"), "2001:db8:0:1::/64");
  assert.equal(rateLimitSubject("2001:db8::1"), "2001:db8:0:0::/64");
  assert.equal(rateLimitSubject("::1"), "0:0:0:0::/64");
  assert.equal(rateLimitSubject("fe80::1%eth0"), "fe80:0:0:0::/64");
  assert.equal(rateLimitSubject("unknown"), "unknown");
});

Deno.test("settings: limits on by default with the documented values, RATE_LIMITS=off", () => {
  const defaults = rateLimitsOf(loadApiConfig({
    JWT_SECRET: TEST_ENV.JWT_SECRET,
    DATA_ENCRYPTION_KEY: TEST_ENV.DATA_ENCRYPTION_KEY,
    EVISITOR_URL: TEST_ENV.EVISITOR_URL,
  }));
  assert.deepEqual(defaults, {
    login: 10,
    register: 5,
    accountEmails: 5,
    resetPassword: 10,
    contact: 5,
    mrz: 20,
    mrzFrames: 120,
    checkinReads: 120,
    checkinWrites: 30,
    codeReads: 120,
    codeCheckins: 10,
    reservationImport: 10,
  });
  assert.equal(rateLimitsOf(loadApiConfig({ ...TEST_ENV, RATE_LIMITS: "off" })), undefined);
  assert.equal(rateLimitsOf(loadApiConfig({ ...TEST_ENV, RATE_LIMIT_MRZ: "7" }))?.mrz, 7);
  assert.equal(
    rateLimitsOf(loadApiConfig({ ...TEST_ENV, RATE_LIMIT_MRZ_FRAMES: "9" }))?.mrzFrames,
    9,
  );
  assert.throws(() => loadApiConfig({ ...TEST_ENV, RATE_LIMIT_LOGIN: "0" }), /RATE_LIMIT_LOGIN/);
  assert.throws(() => loadApiConfig({ ...TEST_ENV, RATE_LIMITS: "no" }), /RATE_LIMITS/);
  assert.equal(loadApiConfig(TEST_ENV).API_TOKEN_RATE_LIMIT, 120);
  assert.equal(loadApiConfig({ ...TEST_ENV, API_TOKEN_RATE_LIMIT: "5" }).API_TOKEN_RATE_LIMIT, 5);
  assert.throws(
    () => loadApiConfig({ ...TEST_ENV, API_TOKEN_RATE_LIMIT: "0" }),
    /API_TOKEN_RATE_LIMIT/,
  );
});

Deno.test("a stay or door code has its own limits, whatever address asks (issue 20)", () =>
  withLimitedApp({ codeReads: 3, codeCheckins: 1 }, async ({ app, clock }) => {
    let address = 0;
    /** Each request from another address: only the per-code count can refuse it. */
    const from = () => ({ "X-Forwarded-For": `198.51.100.${++address}` });
    const reads = ["/api/Reservations/ABCDEFGHJK", "/api/Reservations/Current/ABCDEFGHJK"];
    for (const path of [...reads, reads[0]]) {
      const res = await app.request(path, { headers: from() });
      assert.equal(res.status, 404, path);
      assert.equal((await res.json()).code, "UnknownCode");
    }
    await assertLimited(await app.request(reads[1], { headers: from() }), "fourth read of a code");
    const other = await app.request("/api/Reservations/Current/zzzzzzzzzzzz", { headers: from() });
    assert.equal(other.status, 404, "another code has its own count");

    const checkIn = (key: Record<string, string>) =>
      postJson("/api/Reservations/Guests", { ...key, reservationGuests: [GUEST] }, from());
    const first = await app.request(checkIn({ accommodationUnitCode: "abcdefghjkmn" }));
    assert.equal(first.status, 404);
    await first.body?.cancel();
    await assertLimited(
      await app.request(checkIn({ accommodationUnitCode: "abcdefghjkmn" })),
      "second check-in on one door code in a minute",
    );
    const elsewhere = await app.request(checkIn({ reservationCode: "ABCDEFGHJK" }));
    assert.equal(elsewhere.status, 404, "check-ins count apart from reads, per code");
    await elsewhere.body?.cancel();

    clock.advanceMinutes(1);
    const later = await app.request(checkIn({ accommodationUnitCode: "abcdefghjkmn" }));
    assert.equal(later.status, 404, "a new window");
    await later.body?.cancel();
  }, { trustProxy: true }));

const GUEST = {
  firstName: "Birgitte",
  surname: "Rasmussen",
  gender: 1,
  dateOfBirth: "1961-10-25",
  citizenship: "DNK",
  countryOfBirth: "DNK",
  cityOfBirth: "Køge",
  countryOfResidence: "DNK",
  cityOfResidence: "København",
  documentType: 1,
  documentNumber: "109957822",
};

// Body size limits (BODY_LIMIT_BYTES; the MRZ route's own, larger one).

async function withApp(fn: (app: App) => Promise<void>) {
  const database = await createTestDatabase();
  try {
    await fn(await createTestApp({ db: database.db, bodyLimitBytes: 64 * 1024 }));
  } finally {
    await database.dispose();
  }
}

/** A body sent in chunks without Content-Length, as a client streaming it would. */
function streamed(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const chunk = new TextEncoder().encode("a".repeat(Math.min(64 * 1024, size - sent)));
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

async function assertTooLarge(res: Response, code: string, what: string) {
  assert.equal(res.status, 413, what);
  assert.equal(res.headers.get("Content-Type"), "application/problem+json", what);
  const problem = await res.json();
  assert.equal(problem.code, code, what);
  assert.equal(problem.status, 413, what);
}

Deno.test("a body over BODY_LIMIT_BYTES is 413 problem details, by Content-Length or streamed", () =>
  withApp(async (app) => {
    const big = JSON.stringify({ name: "x", email: "a@b.hr", message: "m".repeat(70 * 1024) });
    await assertTooLarge(
      await app.request(
        postJson("/api/Support/contact-form", big, { "Content-Length": String(big.length) }),
      ),
      "PayloadTooLarge",
      "contact form with Content-Length",
    );
    await assertTooLarge(
      await app.request(
        new Request("http://localhost/api/Users/login", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: streamed(65 * 1024),
        }),
      ),
      "PayloadTooLarge",
      "login, streamed",
    );
    // Just under the limit is read (and then judged on its content).
    const fits = await app.request(
      postJson("/api/Support/contact-form", { message: "m".repeat(60 * 1024) }),
    );
    assert.equal(fits.status, 400);
    await fits.body?.cancel();
  }));

Deno.test("the MRZ route takes a photo over the default limit and refuses one over its own", () =>
  withApp(async (app) => {
    // 100 kB of base64: over the default 64 kB, under the route's limit; not an image, so 400.
    const photo = await app.request(
      postJson("/api/Reservations/Guests/MRZ", { imageBytes: "QUJD".repeat(25_000) }),
    );
    assert.equal(photo.status, 400);
    assert.notEqual((await photo.json()).code, "PayloadTooLarge");

    const tooBig = GUEST_MRZ_BODY_LIMIT_BYTES + 1024;
    const body = JSON.stringify({ imageBytes: "A".repeat(tooBig) });
    await assertTooLarge(
      await app.request(
        postJson("/api/Reservations/Guests/MRZ", body, { "Content-Length": String(body.length) }),
      ),
      "ImageTooLarge",
      "MRZ with Content-Length",
    );
    await assertTooLarge(
      await app.request(
        new Request("http://localhost/api/Reservations/Guests/MRZ", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: streamed(tooBig),
        }),
      ),
      "ImageTooLarge",
      "MRZ, streamed",
    );
  }));
