/**
 * Issue 17, the account-security findings: what a copied access token, someone guessing
 * passwords from many addresses, an old reset link or a replayed authenticator code can do, and
 * how long an administrator's impersonation lasts. Each test failed on the code before the fix.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { outbox } from "@core/db/schema/outbox.ts";
import { users } from "@core/db/schema/users.ts";
import { issueUserToken } from "@core/services/users/user-tokens.ts";
import { currentTotp } from "@core/services/users/totp.ts";
import {
  createAdmin,
  createHost,
  emailedCode,
  getWith,
  PASSWORD,
  postWith,
  signIn,
} from "../support/accounts.ts";
import { createTestApp, postJson, type TestApp, TestClock } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import type { Database } from "@core/db/client.ts";

/** A step boundary (TOTP steps are 30 s), so the tests know which codes are which. */
const NOW = new Date("2026-11-20T10:00:00Z");
const NEW_PASSWORD = "Nova-Lozinka-2027!";

interface Ctx {
  app: TestApp;
  db: Database;
  clock: TestClock;
  /** A second API replica on the same database. */
  replica: TestApp;
}

/** The real app (behind our proxy, so X-Forwarded-For names the address) on a fresh database. */
async function withApp(fn: (ctx: Ctx) => Promise<void>): Promise<void> {
  const database = await createTestDatabase();
  const clock = new TestClock(NOW);
  try {
    const make = () => createTestApp({ db: database.db, clock: clock.now, trustProxy: true });
    await fn({ app: await make(), replica: await make(), db: database.db, clock });
  } finally {
    await database.dispose();
  }
}

const info = (app: TestApp, token: string) => getWith(app, "/api/Users/manage/info", token);
const refresh = (app: TestApp, refreshToken: string) =>
  app.request(postJson("/api/Users/refresh", { refreshToken }));
const login = (app: TestApp, email: string, password: string, from: string, extra = {}) =>
  app.request(
    postJson("/api/Users/login", { email, password, ...extra }, { "X-Forwarded-For": from }),
  );

async function enableTwoFactor(app: TestApp, clock: TestClock, token: string) {
  const setup = await (await postWith(app, "/api/Users/manage/2fa", {}, token)).json();
  const res = await postWith(app, "/api/Users/manage/2fa", {
    enable: true,
    twoFactorCode: currentTotp(setup.sharedKey, clock.now()),
    password: PASSWORD,
  }, token);
  assert.equal(res.status, 200);
  return { key: setup.sharedKey as string, recoveryCodes: (await res.json()).recoveryCodes };
}

async function errorsOf(res: Response, status = 400) {
  assert.equal(res.status, status);
  return (await res.json()).errors;
}

// M3

Deno.test("M3: an access token alone cannot turn two-factor off or reset its key or codes", () =>
  withApp(async ({ app, db, clock }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    const { accessToken } = await signIn(app, "ana@example.com");
    const { key, recoveryCodes } = await enableTwoFactor(app, clock, accessToken);
    const twoFactor = (body: unknown) => postWith(app, "/api/Users/manage/2fa", body, accessToken);

    for (const change of [{ enable: false }, { resetSharedKey: true }]) {
      assert.deepEqual(await errorsOf(await twoFactor(change)), {
        twoFactorCode: ["Verification code is required"],
      }, JSON.stringify(change));
    }
    // New recovery codes take the password itself (issue 30): not even a code of the app.
    assert.deepEqual(await errorsOf(await twoFactor({ resetRecoveryCodes: true })), {
      password: ["Password is required"],
    });
    assert.deepEqual(await errorsOf(await twoFactor({ enable: false, password: "Nije-Ta-1!" })), {
      password: ["Incorrect password."],
    });
    assert.deepEqual(
      await errorsOf(await twoFactor({ enable: false, recoveryCode: "aaaaa-bbbbb" })),
      { recoveryCode: ["The verification code is not valid."] },
    );
    // The code that turned two-factor on was used in this very step.
    assert.deepEqual(
      await errorsOf(
        await twoFactor({ enable: false, twoFactorCode: currentTotp(key, clock.now()) }),
      ),
      { twoFactorCode: ["The verification code is not valid."] },
    );
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    assert.equal(row.twoFactorEnabled, true, "still on after every refused attempt");

    assert.deepEqual(
      await errorsOf(await twoFactor({ resetRecoveryCodes: true, recoveryCode: recoveryCodes[0] })),
      { password: ["Password is required"] },
    );
    const codes = await twoFactor({ resetRecoveryCodes: true, password: PASSWORD });
    assert.equal(codes.status, 200);
    assert.equal((await codes.json()).recoveryCodes.length, 10);
    clock.advanceMinutes(0.5);
    const off = await twoFactor({ enable: false, twoFactorCode: currentTotp(key, clock.now()) });
    assert.equal(off.status, 200);
    assert.equal((await off.json()).isTwoFactorEnabled, false);
  }));

Deno.test("M3: an access token alone cannot change the sign-in e-mail or the password", () =>
  withApp(async ({ app, db }) => {
    await createHost(app, db, { email: "ana@example.com" });
    const { accessToken } = await signIn(app, "ana@example.com");
    const update = (body: unknown) => postWith(app, "/api/Users/manage/info", body, accessToken);
    const events = async () => (await db.select().from(outbox)).length;
    const before = await events();

    assert.deepEqual(await errorsOf(await update({ newEmail: "thief@example.com" })), {
      oldPassword: ["Current password is required"],
    });
    assert.deepEqual(
      await errorsOf(await update({ newEmail: "thief@example.com", oldPassword: "Nije-Ta-1!" })),
      { oldPassword: ["Incorrect password."] },
    );
    assert.equal(await events(), before, "no e-mail change was started");
    const [row] = await db.select().from(users).where(eq(users.email, "ana@example.com"));
    assert.equal(row.pendingEmail, null);
  }));

Deno.test("M3: the old address's link undoes an e-mail change, even a confirmed one, and signs everyone out", () =>
  withApp(async ({ app, db }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    const mine = await signIn(app, "ana@example.com");
    const thief = await signIn(app, "ana@example.com");
    const res = await postWith(app, "/api/Users/manage/info", {
      newEmail: "thief@example.com",
      oldPassword: PASSWORD,
    }, thief.accessToken);
    assert.equal(res.status, 200);
    // The two codes the notifications worker e-mails for this event (one to each address).
    const revert = await issueUserToken(db, {
      userId,
      purpose: "RevertEmailChange",
      newEmail: "ana@example.com",
      now: NOW,
    });
    const confirm = await emailedCode(db, userId, "ChangeEmail", "thief@example.com");
    assert.equal(
      (await app.request(`/api/Users/confirmEmail?userId=${userId}&code=${confirm}`)).status,
      200,
    );
    await signIn(app, "thief@example.com");

    const undo = (body: unknown) => app.request(postJson("/api/Users/revertEmailChange", body));
    assert.deepEqual(await errorsOf(await undo({ userId })), {
      code: ["The parameter 'code' must be defined."],
    });
    assert.equal(
      (await (await undo({ userId: "someone-else", code: revert })).json()).code,
      "InvalidToken",
    );
    assert.equal((await undo({ userId, code: revert })).status, 200);
    assert.equal((await undo({ userId, code: revert })).status, 400, "the link works once");

    const [row] = await db.select().from(users).where(eq(users.id, userId));
    assert.equal(row.email, "ana@example.com");
    assert.equal(row.pendingEmail, null);
    for (const session of [mine, thief]) {
      assert.equal((await info(app, session.accessToken)).status, 401, "access token refused");
      assert.equal((await refresh(app, session.refreshToken)).status, 401, "session ended");
    }
    await signIn(app, "ana@example.com");
  }));

Deno.test("M3: during impersonation the e-mail, the password and two-factor cannot be changed", () =>
  withApp(async ({ app, db }) => {
    await createAdmin(db);
    const hostId = await createHost(app, db, { email: "host@example.com" });
    const admin = await signIn(app, "admin@example.com");
    const started = await postWith(app, `/api/Users/impersonate/${hostId}`, {}, admin.accessToken);
    const { accessToken } = await started.json();

    for (
      const [path, body] of [
        ["/api/Users/manage/info", { newEmail: "admin2@example.com", oldPassword: PASSWORD }],
        ["/api/Users/manage/info", { newPassword: NEW_PASSWORD, oldPassword: PASSWORD }],
        ["/api/Users/manage/2fa", { enable: true, twoFactorCode: "123456" }],
        ["/api/Users/manage/2fa", { resetSharedKey: true }],
      ] as const
    ) {
      const res = await postWith(app, path, body, accessToken);
      assert.equal(res.status, 403, `${path} ${JSON.stringify(body)}`);
      assert.equal((await res.json()).code, "Forbidden");
    }
    assert.equal((await info(app, accessToken)).status, 200, "reading is still fine");
  }));

// L1

Deno.test("L1: failed sign-ins from many addresses never lock the owner out", () =>
  withApp(async ({ app, db }) => {
    await createHost(app, db, { email: "ana@example.com" });
    for (let i = 0; i < 40; i++) {
      const res = await login(app, "ana@example.com", `Wrong-${i}-2026!`, `10.0.${i % 8}.1`);
      assert.ok([401, 429].includes(res.status), `attempt ${i}: ${res.status}`);
      await res.body?.cancel();
    }
    const owner = await login(app, "ana@example.com", PASSWORD, "192.0.2.7");
    assert.equal(owner.status, 200, "the right password from a clean address gets in");
  }));

Deno.test("L1: an address guessing at an account is locked, the account slows down, the owner hears once", () =>
  withApp(async ({ app, db, clock }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    const alerts = async () =>
      (await db.select().from(outbox).where(eq(outbox.subject, "accounts.signin.failuresdetected")))
        .filter((row) => JSON.stringify(row.payload).includes(userId)).length;

    for (let i = 0; i < 5; i++) {
      assert.equal((await login(app, "ana@example.com", "Wrong-2026!", "10.0.0.1")).status, 401);
    }
    const pairLocked = await login(app, "ana@example.com", PASSWORD, "10.0.0.1");
    assert.equal(pairLocked.status, 429, "five failures lock this address out of this account");
    assert.equal(pairLocked.headers.get("Retry-After"), "900");
    assert.equal(
      (await login(app, "ana@example.com", PASSWORD, "10.0.0.2")).status,
      200,
      "but not the account",
    );

    // Ten failures in a burst: the account slows down for addresses that failed on it.
    for (let i = 0; i < 10; i++) {
      await login(app, "ana@example.com", "Wrong-2026!", `10.0.1.${i % 3}`);
    }
    assert.equal(await alerts(), 1, "the owner is told once");
    const slowed = await login(app, "ana@example.com", "Wrong-2026!", "10.0.1.1");
    assert.equal(slowed.status, 429);
    assert.equal(slowed.headers.get("Retry-After"), "1");
    clock.advanceMinutes(1 / 60);
    assert.equal((await login(app, "ana@example.com", "Wrong-2026!", "10.0.1.1")).status, 401);
    assert.equal(
      (await login(app, "ana@example.com", "Wrong-2026!", "10.0.1.2")).headers.get("Retry-After"),
      "2",
      "the delay doubles",
    );
    assert.equal(await alerts(), 1, "still once for this burst");
    assert.equal((await login(app, "ana@example.com", PASSWORD, "192.0.2.7")).status, 200);
  }));

// L2

Deno.test("L2: an access token stops working on every replica when its session ends", () =>
  withApp(async ({ app, replica, db }) => {
    await createHost(app, db, { email: "ana@example.com" });

    const out = await signIn(app, "ana@example.com");
    assert.equal((await info(app, out.accessToken)).status, 200, "verified (and cached) here");
    const logout = await replica.request(
      postJson("/api/Users/logout", { refreshToken: out.refreshToken }),
    );
    assert.equal(logout.status, 204);
    assert.equal((await info(app, out.accessToken)).status, 401, "signed out on the other replica");

    const here = await signIn(app, "ana@example.com");
    const elsewhere = await signIn(app, "ana@example.com");
    assert.equal((await info(app, elsewhere.accessToken)).status, 200);
    const changed = await postWith(replica, "/api/Users/manage/info", {
      oldPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    }, here.accessToken);
    assert.equal(changed.status, 200);
    assert.equal((await info(app, elsewhere.accessToken)).status, 401, "password changed");
    assert.equal((await info(app, here.accessToken)).status, 200, "the changing session goes on");

    const stolen = await signIn(app, "ana@example.com", NEW_PASSWORD);
    const next = await (await refresh(app, stolen.refreshToken)).json();
    assert.equal((await info(app, next.accessToken)).status, 200);
    assert.equal((await refresh(replica, stolen.refreshToken)).status, 401, "reused");
    assert.equal((await info(app, next.accessToken)).status, 401, "the whole session ended");
  }));

// L3

Deno.test("L3: a password reset ends every other reset link and every session", () =>
  withApp(async ({ app, db }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    const session = await signIn(app, "ana@example.com");
    const older = await emailedCode(db, userId, "ResetPassword");
    const newer = await emailedCode(db, userId, "ResetPassword");
    const reset = (resetCode: string, newPassword: string) =>
      app.request(postJson("/api/Users/resetPassword", { resetCode, newPassword }));

    assert.equal((await reset(newer, NEW_PASSWORD)).status, 200);
    const stale = await reset(older, "Tudja-Lozinka-2027!");
    assert.equal(stale.status, 400);
    assert.equal((await stale.json()).code, "InvalidToken");
    assert.equal((await info(app, session.accessToken)).status, 401);
    await signIn(app, "ana@example.com", NEW_PASSWORD);
  }));

// L4

Deno.test("L4: each authenticator code works once, and never after a later one", () =>
  withApp(async ({ app, db, clock }) => {
    await createHost(app, db, { email: "ana@example.com" });
    const { accessToken } = await signIn(app, "ana@example.com");
    const { key } = await enableTwoFactor(app, clock, accessToken); // uses step 0
    const withCode = (code: string) =>
      login(app, "ana@example.com", PASSWORD, "192.0.2.7", { twoFactorCode: code });
    const codeAt = (seconds: number) => currentTotp(key, new Date(NOW.getTime() + seconds * 1000));

    assert.equal((await withCode(codeAt(0))).status, 401, "the enabling code is spent");
    clock.advanceMinutes(0.5); // step 1
    assert.equal((await withCode(codeAt(30))).status, 200);
    assert.equal((await withCode(codeAt(30))).status, 401, "a code works once");
    clock.advanceMinutes(0.5); // step 2: step 1's code is the previous window, used
    assert.equal((await withCode(codeAt(30))).status, 401);
    clock.advanceMinutes(1); // step 4
    assert.equal((await withCode(codeAt(120))).status, 200);
    assert.equal(
      (await withCode(codeAt(90))).status,
      401,
      "the previous window, unused but older than the last used",
    );
    assert.equal((await withCode(codeAt(150))).status, 200, "the next window still works");
  }));

// L5

Deno.test("L5: impersonation lasts an hour at most, whatever refreshes it", () =>
  withApp(async ({ app, db, clock }) => {
    await createAdmin(db);
    const hostId = await createHost(app, db, { email: "host@example.com" });
    const admin = await signIn(app, "admin@example.com");
    const started =
      await (await postWith(app, `/api/Users/impersonate/${hostId}`, {}, admin.accessToken))
        .json();
    let tokens = started;
    for (let minute = 10; minute <= 50; minute += 10) {
      clock.advanceMinutes(10);
      const res = await refresh(app, tokens.refreshToken);
      assert.equal(res.status, 200, `refresh at minute ${minute}`);
      tokens = await res.json();
    }
    assert.equal(tokens.expiresIn, 600, "the access token ends with the hour");
    clock.advanceMinutes(10);
    assert.equal((await info(app, tokens.accessToken)).status, 401, "over after an hour");
    assert.equal((await refresh(app, tokens.refreshToken)).status, 401, "no refresh extends it");
    assert.equal((await refresh(app, admin.refreshToken)).status, 200, "the admin's goes on");
  }));

Deno.test("L5: the administrator's sign-out or password change ends their impersonation", () =>
  withApp(async ({ app, db }) => {
    await createAdmin(db);
    const hostId = await createHost(app, db, { email: "host@example.com" });
    const impersonate = async (token: string) =>
      await (await postWith(app, `/api/Users/impersonate/${hostId}`, {}, token)).json();

    const first = await signIn(app, "admin@example.com");
    const viaFirst = await impersonate(first.accessToken);
    const out = await app.request(
      postJson("/api/Users/logout", { refreshToken: first.refreshToken }),
    );
    assert.equal(out.status, 204);
    assert.equal((await info(app, viaFirst.accessToken)).status, 401, "ended by the sign-out");
    assert.equal((await refresh(app, viaFirst.refreshToken)).status, 401);

    const second = await signIn(app, "admin@example.com");
    const viaSecond = await impersonate(second.accessToken);
    const changed = await postWith(app, "/api/Users/manage/info", {
      oldPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    }, second.accessToken);
    assert.equal(changed.status, 200);
    assert.equal((await info(app, viaSecond.accessToken)).status, 401, "ended by the new password");
    assert.equal((await refresh(app, viaSecond.refreshToken)).status, 401);
  }));
