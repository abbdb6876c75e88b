import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { apiTokens } from "@core/db/schema/api-tokens.ts";
import { subscriptions } from "@core/db/schema/billing.ts";
import type { Database } from "@core/db/client.ts";
import {
  bearer,
  createAdmin,
  createHost,
  getWith,
  PASSWORD,
  postWith,
  signIn,
} from "../support/accounts.ts";
import { createTestApp, postJson, type TestApp, TestClock } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";

/** 10 August 2026, 09:00 in Zagreb. */
const NOW = new Date("2026-08-10T07:00:00Z");
const TOKENS = "/api/Users/manage/apiTokens";

interface World {
  app: TestApp;
  db: Database;
  clock: TestClock;
}

async function withWorld(fn: (w: World) => Promise<void>) {
  const database = await createTestDatabase();
  const clock = new TestClock(NOW);
  try {
    const app = await createTestApp({ db: database.db, clock: clock.now });
    await fn({ app, db: database.db, clock });
  } finally {
    await database.dispose();
  }
}

async function setPlan(db: Database, userId: string, packageId: "basic" | "pro" | "premium") {
  await db.update(subscriptions).set({ packageId }).where(eq(subscriptions.userId, userId));
}

/** A Premium host with one mirrored eVisitor facility, signed in. */
async function premiumHost(w: World, email: string, facility = "0034643") {
  const userId = await createHost(w.app, w.db, { email });
  await setPlan(w.db, userId, "premium");
  await seedMirroredAccount(w.db, userId, [demoFacility(`fac-${facility}`, facility)]);
  const session = (await signIn(w.app, email)).accessToken;
  return { userId, session };
}

async function createToken(
  app: TestApp,
  session: string,
  body: Record<string, unknown> = { name: "Channel manager", scopes: ["read", "write"] },
) {
  // The owner's password proves the owner (tests/security/stolen-session.test.ts).
  const res = await postWith(app, TOKENS, { password: PASSWORD, ...body }, session);
  assert.equal(res.status, 201, await res.clone().text());
  return await res.json() as { id: string; token: string; hint: string; scopes: string[] };
}

const propertiesWith = (app: TestApp, token: string) =>
  getWith(app, "/api/Properties?PageNumber=1&PageSize=10", token);

async function problemOf(res: Response, status: number) {
  assert.equal(res.status, status, await res.clone().text());
  assert.match(res.headers.get("Content-Type") ?? "", /application\/problem\+json/);
  return await res.json() as { code: string; detail: string; errors?: Record<string, string[]> };
}

Deno.test("a Premium host makes a token, sees it once, lists it with its last use, revokes it", async () => {
  await withWorld(async (w) => {
    const ana = await premiumHost(w, "ana@example.com");
    const created = await createToken(w.app, ana.session, {
      name: "  Channel manager ",
      scopes: ["write", "read", "read"],
    });
    assert.match(created.token, /^prijavko_[A-Za-z0-9_-]{43}$/);
    assert.equal(created.hint, created.token.slice(0, 13));
    assert.deepEqual(created.scopes, ["read", "write"]);

    // Stored as its SHA-256 only.
    const [row] = await w.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    assert.notEqual(row.tokenHash, created.token);
    assert.equal(row.tokenHash.length, 64);
    assert.ok(!JSON.stringify(row).includes(created.token.slice(9)));

    let list = await (await getWith(w.app, TOKENS, ana.session)).json();
    assert.equal(list.length, 1);
    assert.equal(list[0].name, "Channel manager");
    assert.equal(list[0].lastUsedAt, null);
    assert.equal(list[0].token, undefined, "the list never shows the token");

    // Used as a bearer token on a host route: Ana's own property.
    w.clock.advanceMinutes(5);
    const res = await propertiesWith(w.app, created.token);
    assert.equal(res.status, 200, await res.clone().text());
    const page = await res.json();
    assert.equal(page.items.length, 1);
    list = await (await getWith(w.app, TOKENS, ana.session)).json();
    assert.equal(list[0].lastUsedAt, new Date(NOW.getTime() + 5 * 60_000).toISOString());

    const revoke = await w.app.request(`${TOKENS}/${created.id}`, {
      method: "DELETE",
      headers: bearer(ana.session),
    });
    assert.equal(revoke.status, 200);
    const refused = await problemOf(await propertiesWith(w.app, created.token), 401);
    assert.equal(refused.code, "Unauthorized");
    assert.match(refused.detail, /revoked/);
    assert.deepEqual(await (await getWith(w.app, TOKENS, ana.session)).json(), []);
    // Both are in the account history, by name (never the token).
    const history = await (await getWith(
      w.app,
      "/api/Users/manage/history?PageNumber=1&PageSize=10",
      ana.session,
    )).json();
    const entries = history.items.filter((e: { kind: string }) => e.kind.startsWith("ApiToken"));
    assert.deepEqual(
      entries.map((e: { kind: string; details: object }) => [e.kind, e.details]),
      [
        ["ApiTokenRevoked", { tokenName: "Channel manager" }],
        ["ApiTokenCreated", { tokenName: "Channel manager", tokenScopes: ["read", "write"] }],
      ],
    );
    assert.ok(!JSON.stringify(history).includes(created.token));
    // Revoking again, or someone else's token: not found.
    const again = await w.app.request(`${TOKENS}/${created.id}`, {
      method: "DELETE",
      headers: bearer(ana.session),
    });
    assert.equal(again.status, 404);
  });
});

Deno.test("creating a token is validated and needs a plan with API access", async () => {
  await withWorld(async (w) => {
    const userId = await createHost(w.app, w.db, { email: "ana@example.com" });
    const session = (await signIn(w.app, "ana@example.com")).accessToken;
    // The trial (Pro's limits) has no API access.
    const body = { name: "Script", scopes: ["read"], password: PASSWORD };
    let refused = await problemOf(await postWith(w.app, TOKENS, body, session), 403);
    assert.equal(refused.code, "SubscriptionLimitReached");
    assert.match(refused.detail, /API access/);
    await setPlan(w.db, userId, "basic");
    refused = await problemOf(await postWith(w.app, TOKENS, body, session), 403);
    assert.equal(refused.code, "SubscriptionLimitReached");
    await setPlan(w.db, userId, "premium");

    const invalid = async (b: unknown, field: string) => {
      const problem = await problemOf(
        await postWith(w.app, TOKENS, { password: PASSWORD, ...b as object }, session),
        400,
      );
      assert.ok(problem.errors?.[field], JSON.stringify(problem));
    };
    await invalid({ name: " ", scopes: ["read"] }, "name");
    await invalid({ name: "x".repeat(81), scopes: ["read"] }, "name");
    await invalid({ name: "Script", scopes: [] }, "scopes");
    await invalid({ name: "Script", scopes: ["admin"] }, "scopes.0");
    await invalid({ name: "Script", scopes: ["read"], expiresAt: "tomorrow" }, "expiresAt");
    await invalid(
      { name: "Script", scopes: ["read"], expiresAt: "2026-08-10T06:00:00Z" },
      "expiresAt",
    );
    assert.equal((await (await getWith(w.app, TOKENS, session)).json()).length, 0);
  });
});

Deno.test("a read token reads but cannot write; a write token writes", async () => {
  await withWorld(async (w) => {
    const ana = await premiumHost(w, "ana@example.com");
    const reader = await createToken(w.app, ana.session, { name: "Reader", scopes: ["read"] });
    const writer = await createToken(w.app, ana.session, { name: "Writer", scopes: ["write"] });
    const [property] = (await (await propertiesWith(w.app, reader.token)).json()).items;
    const stay = {
      accommodationUnitId: property.accommodationUnits[0].id,
      startDateUTC: "2026-08-20T12:00:00Z",
      endDateUTC: "2026-08-24T12:00:00Z",
    };
    const refused = await problemOf(
      await postWith(w.app, "/api/Reservations", stay, reader.token),
      403,
    );
    assert.equal(refused.code, "Forbidden");
    assert.match(refused.detail, /write scope/);
    const head = await w.app.request("/api/Properties?PageNumber=1&PageSize=10", {
      method: "HEAD",
      headers: bearer(reader.token),
    });
    assert.notEqual(head.status, 403);

    const made = await postWith(w.app, "/api/Reservations", stay, writer.token);
    assert.equal(made.status, 200, await made.clone().text());
    const { code } = await made.json();
    const noRead = await problemOf(
      await getWith(w.app, `/api/Reservations/${code}`, writer.token),
      403,
    );
    assert.match(noRead.detail, /read scope/);
    const seen = await getWith(w.app, `/api/Reservations/${code}`, reader.token);
    assert.equal(seen.status, 200);
    // The host (signed in) sees the stay the token made.
    const list = await (await getWith(
      w.app,
      "/api/Reservations?PageNumber=1&PageSize=10",
      ana.session,
    )).json();
    assert.equal(list.items.length, 1);
  });
});

Deno.test("a token reaches only its owner's data", async () => {
  await withWorld(async (w) => {
    const ana = await premiumHost(w, "ana@example.com", "0034643");
    const bruno = await premiumHost(w, "bruno@example.com", "0099999");
    const anaToken = await createToken(w.app, ana.session);
    const brunoProperties = (await (await propertiesWith(w.app, bruno.session)).json()).items;
    const anaProperties = (await (await propertiesWith(w.app, anaToken.token)).json()).items;
    assert.equal(anaProperties.length, 1);
    assert.notEqual(anaProperties[0].id, brunoProperties[0].id);
    const settings = (id: string) =>
      w.app.request(
        new Request(`http://localhost/api/Properties/Settings/${id}`, {
          method: "PUT",
          headers: { ...bearer(anaToken.token), "Content-Type": "application/json" },
          body: JSON.stringify({ propertyId: id, maxNumberOfGuests: 3, automaticCheckIn: true }),
        }),
      );
    const foreign = await settings(brunoProperties[0].id);
    assert.ok([403, 404].includes(foreign.status), String(foreign.status));
    const own = await settings(anaProperties[0].id);
    assert.equal(own.status, 200, await own.clone().text());
    // Bruno cannot revoke Ana's token.
    const revoke = await w.app.request(`${TOKENS}/${anaToken.id}`, {
      method: "DELETE",
      headers: bearer(bruno.session),
    });
    assert.equal(revoke.status, 404);
    assert.equal((await propertiesWith(w.app, anaToken.token)).status, 200);
  });
});

Deno.test("a downgrade or an ended plan stops tokens on their next request", async () => {
  await withWorld(async (w) => {
    const ana = await premiumHost(w, "ana@example.com");
    const { token } = await createToken(w.app, ana.session);
    assert.equal((await propertiesWith(w.app, token)).status, 200);
    await setPlan(w.db, ana.userId, "pro");
    const refused = await problemOf(await propertiesWith(w.app, token), 403);
    assert.equal(refused.code, "SubscriptionLimitReached");
    await setPlan(w.db, ana.userId, "premium");
    assert.equal((await propertiesWith(w.app, token)).status, 200);
    await w.db.update(subscriptions).set({ endAt: new Date(NOW.getTime() + 60_000) })
      .where(eq(subscriptions.userId, ana.userId));
    w.clock.advanceMinutes(2);
    assert.equal(
      (await problemOf(await propertiesWith(w.app, token), 403)).code,
      "SubscriptionExpired",
    );
    // The host, signed in, still reads their data.
    assert.equal((await propertiesWith(w.app, ana.session)).status, 200);
  });
});

Deno.test("an expired token is refused; unknown and malformed tokens too", async () => {
  await withWorld(async (w) => {
    const ana = await premiumHost(w, "ana@example.com");
    const { token } = await createToken(w.app, ana.session, {
      name: "For a day",
      scopes: ["read"],
      expiresAt: "2026-08-11T07:00:00Z",
    });
    assert.equal((await propertiesWith(w.app, token)).status, 200);
    w.clock.advanceMinutes(24 * 60);
    await problemOf(await propertiesWith(w.app, token), 401);
    // Still listed, with its expiry, until revoked.
    const session = (await signIn(w.app, "ana@example.com")).accessToken;
    const [listed] = await (await getWith(w.app, TOKENS, session)).json();
    assert.equal(listed.expiresAt, "2026-08-11T07:00:00.000Z");
    await problemOf(await propertiesWith(w.app, `prijavko_${"A".repeat(43)}`), 401);
    await problemOf(await propertiesWith(w.app, token.slice(0, -1)), 401);
  });
});

Deno.test("account-security, token and admin routes never accept an API token", async () => {
  await withWorld(async (w) => {
    const ana = await premiumHost(w, "ana@example.com");
    await createAdmin(w.db);
    const { token } = await createToken(w.app, ana.session);
    const attempts: [string, string, unknown?][] = [
      ["GET", "/api/Users/manage/info"],
      ["POST", "/api/Users/manage/info", { newPassword: "Novo-Geslo-2026", oldPassword: "x" }],
      ["POST", "/api/Users/manage/2fa", {}],
      ["GET", "/api/Users/manage/history?PageNumber=1&PageSize=10"],
      ["GET", TOKENS],
      ["POST", TOKENS, { name: "Another", scopes: ["read", "write"], password: PASSWORD }],
      ["DELETE", `${TOKENS}/whatever`],
      ["GET", "/api/Users/list?PageNumber=1&PageSize=10"],
      ["GET", "/api/Subscriptions/current"],
      ["GET", "/api/DataExport"],
      ["GET", "/api/ExternalAccounts"],
    ];
    for (const [method, path, body] of attempts) {
      const res = await w.app.request(
        body === undefined
          ? new Request(`http://localhost${path}`, { method, headers: bearer(token) })
          : postJson(path, body, bearer(token)),
      );
      const problem = await problemOf(res, 403);
      assert.match(problem.detail, /API tokens are not accepted here/, `${method} ${path}`);
    }
    assert.equal((await (await getWith(w.app, TOKENS, ana.session)).json()).length, 1);
  });
});

Deno.test("an administrator impersonating a host sees the tokens but cannot make or revoke one", async () => {
  await withWorld(async (w) => {
    const ana = await premiumHost(w, "ana@example.com");
    const { id } = await createToken(w.app, ana.session);
    await createAdmin(w.db);
    const admin = (await signIn(w.app, "admin@example.com")).accessToken;
    const impersonation = await w.app.request(
      postJson(`/api/Users/impersonate/${ana.userId}`, {}, bearer(admin)),
    );
    assert.equal(impersonation.status, 200, await impersonation.clone().text());
    const asAna = (await impersonation.json()).accessToken;
    // The list is visible (names and hints), changes are not allowed.
    const listed = await getWith(w.app, TOKENS, asAna);
    assert.equal(listed.status, 200);
    assert.equal((await listed.json()).length, 1);
    await problemOf(
      await postWith(
        w.app,
        TOKENS,
        { name: "Backdoor", scopes: ["read"], password: PASSWORD },
        asAna,
      ),
      403,
    );
    const revoke = await w.app.request(`${TOKENS}/${id}`, {
      method: "DELETE",
      headers: bearer(asAna),
    });
    await problemOf(revoke, 403);
  });
});

Deno.test("each token has its own rate limit", async () => {
  const database = await createTestDatabase();
  const clock = new TestClock(NOW);
  try {
    const app = await createTestApp({ db: database.db, clock: clock.now });
    const limited = await createTestApp({
      db: database.db,
      clock: clock.now,
      apiTokenRateLimit: 3,
    });
    const w = { app, db: database.db, clock };
    const ana = await premiumHost(w, "ana@example.com");
    const first = await createToken(app, ana.session);
    const second = await createToken(app, ana.session);
    for (let i = 0; i < 3; i++) {
      assert.equal((await propertiesWith(limited, first.token)).status, 200);
    }
    const refused = await problemOf(await propertiesWith(limited, first.token), 429);
    assert.equal(refused.code, "TooManyRequests");
    const retryAfter = Number(
      (await propertiesWith(limited, first.token)).headers.get("Retry-After"),
    );
    assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
    // Another token of the same host, and the host's own session, are not affected.
    assert.equal((await propertiesWith(limited, second.token)).status, 200);
    assert.equal((await propertiesWith(limited, ana.session)).status, 200);
    clock.advanceMinutes(1);
    assert.equal((await propertiesWith(limited, first.token)).status, 200);
  } finally {
    await database.dispose();
  }
});

Deno.test("the OpenAPI document declares the token scheme on host routes only", async () => {
  await withWorld(async (w) => {
    const doc = await (await w.app.request("/api/openapi.json")).json();
    assert.equal(doc.components.securitySchemes.ApiToken.scheme, "bearer");
    assert.match(doc.info.description, /Authorization: Bearer prijavko_/);
    const accepts = (path: string, method: string) =>
      (doc.paths[path][method].security ?? []).some((s: object) => "ApiToken" in s);
    assert.ok(accepts("/api/Properties", "get"));
    assert.ok(accepts("/api/Reservations", "post"));
    assert.ok(!accepts("/api/Users/manage/info", "get"));
    assert.ok(!accepts("/api/Users/manage/apiTokens", "post"));
    assert.ok(!accepts("/api/Users/list", "get"));
  });
});
