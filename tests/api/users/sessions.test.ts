import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { users } from "@core/db/schema/users.ts";
import { bearer, createHost, getWith, PASSWORD, signIn } from "../../support/accounts.ts";
import { postJson, TEST_SECRETS, withTestApp } from "../../support/app.ts";

const login = (email: string, password: string) =>
  postJson("/api/Users/login", { email, password });

Deno.test("POST /api/Users/login gives a bearer token pair and records the sign-in", () =>
  withTestApp(async ({ app, db }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    const tokens = await signIn(app, "ANA@example.com");
    assert.equal(tokens.tokenType, "Bearer");
    assert.equal(tokens.expiresIn, 15 * 60);
    assert.ok(tokens.refreshToken.length >= 40);
    const info = await getWith(app, "/api/Users/manage/info", tokens.accessToken);
    assert.deepEqual(await info.json(), {
      email: "ana@example.com",
      isEmailConfirmed: true,
      roles: [],
    });
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    assert.ok(row.lastLoginAt);
  }));

Deno.test("POST /api/Users/login answers a wrong password and an unknown e-mail alike", () =>
  withTestApp(async ({ app, db }) => {
    await createHost(app, db, { email: "ana@example.com" });
    const wrong = await app.request(login("ana@example.com", "Pogresna-Lozinka-1"));
    const unknown = await app.request(login("nobody@example.com", PASSWORD));
    for (const res of [wrong, unknown]) {
      assert.equal(res.status, 401);
      const problem = await res.json();
      assert.equal(problem.code, "InvalidCredentials");
      assert.equal(problem.detail, "Incorrect email or password. Please try again.");
    }
  }));

Deno.test("POST /api/Users/login refuses an unconfirmed e-mail only to someone who knows the password", () =>
  withTestApp(async ({ app, db }) => {
    await createHost(app, db, { email: "ana@example.com", confirmed: false });
    const withPassword = await app.request(login("ana@example.com", PASSWORD));
    assert.equal(withPassword.status, 401);
    assert.equal((await withPassword.json()).code, "EmailNotConfirmed");
    const guessing = await app.request(login("ana@example.com", "Krivo-Krivo-1"));
    assert.equal((await guessing.json()).code, "InvalidCredentials");
  }));

Deno.test("POST /api/Users/login locks an account for a while after five failures, and says so", () =>
  withTestApp(async ({ app, db, clock }) => {
    await createHost(app, db, { email: "ana@example.com" });
    for (let i = 0; i < 5; i++) {
      assert.equal(
        (await app.request(login("ana@example.com", `Krivo-${i}-Lozinka!`))).status,
        401,
      );
    }
    const locked = await app.request(login("ana@example.com", PASSWORD));
    assert.equal(locked.status, 429);
    assert.equal(locked.headers.get("Retry-After"), "900");
    const problem = await locked.json();
    assert.equal(problem.code, "LockedOut");
    assert.equal(
      problem.detail,
      "Too many failed sign-in attempts. Please try again in 15 minutes.",
    );

    clock.advanceMinutes(16);
    assert.equal((await app.request(login("ana@example.com", PASSWORD))).status, 200);
  }));

Deno.test("POST /api/Users/refresh rotates the token; reusing an old one ends the whole session", () =>
  withTestApp(async ({ app, db }) => {
    await createHost(app, db, { email: "ana@example.com" });
    const first = await signIn(app, "ana@example.com");
    const refresh = (token: string) =>
      app.request(postJson("/api/Users/refresh", { refreshToken: token }));

    const second = await (await refresh(first.refreshToken)).json();
    assert.ok(second.accessToken);
    assert.notEqual(second.refreshToken, first.refreshToken);

    const replay = await refresh(first.refreshToken);
    assert.equal(replay.status, 401);
    assert.equal((await replay.json()).code, "InvalidRefreshToken");
    assert.equal(
      (await refresh(second.refreshToken)).status,
      401,
      "the thief's reuse revoked the family",
    );

    const other = await signIn(app, "ana@example.com");
    assert.equal((await refresh(other.refreshToken)).status, 200, "other sessions are untouched");
  }));

Deno.test("POST /api/Users/refresh refuses an expired refresh token", () =>
  withTestApp(async ({ app, db, clock }) => {
    await createHost(app, db, { email: "ana@example.com" });
    const tokens = await signIn(app, "ana@example.com");
    clock.advanceMinutes(15 * 24 * 60);
    const res = await app.request(
      postJson("/api/Users/refresh", { refreshToken: tokens.refreshToken }),
    );
    assert.equal(res.status, 401);
  }));

Deno.test("POST /api/Users/logout ends the session", () =>
  withTestApp(async ({ app, db }) => {
    await createHost(app, db, { email: "ana@example.com" });
    const tokens = await signIn(app, "ana@example.com");
    const out = await app.request(
      postJson("/api/Users/logout", { refreshToken: tokens.refreshToken }),
    );
    assert.equal(out.status, 204);
    const res = await app.request(
      postJson("/api/Users/refresh", { refreshToken: tokens.refreshToken }),
    );
    assert.equal(res.status, 401);
  }));

Deno.test("protected calls refuse a missing, tampered, unsigned, foreign or expired access token", () =>
  withTestApp(async ({ app, db, clock }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    const { accessToken } = await signIn(app, "ana@example.com");
    const [header, payload, signature] = accessToken.split(".");
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    const encode = (value: unknown) =>
      btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");

    const forged = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setSubject(userId)
      .setIssuer("prijavko").setAudience("prijavko-api").setExpirationTime("10m")
      .sign(new TextEncoder().encode("another-secret-of-the-same-length-0123456789"));
    const tokens = {
      tampered: `${header}.${encode({ ...claims, sub: "someone-else" })}.${signature}`,
      unsigned: `${encode({ alg: "none", typ: "JWT" })}.${payload}.`,
      foreign: forged,
      garbage: "not-a-jwt",
    };
    assert.notEqual(TEST_SECRETS.JWT_SECRET, "another-secret-of-the-same-length-0123456789");

    const noToken = await app.request("/api/Users/manage/info");
    assert.equal(noToken.status, 401);
    assert.match(noToken.headers.get("WWW-Authenticate") ?? "", /^Bearer/);
    for (const [name, token] of Object.entries(tokens)) {
      const res = await app.request("/api/Users/manage/info", { headers: bearer(token) });
      assert.equal(res.status, 401, name);
      assert.equal((await res.json()).code, "Unauthorized", name);
    }
    clock.advanceMinutes(16);
    assert.equal(
      (await getWith(app, "/api/Users/manage/info", accessToken)).status,
      401,
      "expired",
    );
  }));
