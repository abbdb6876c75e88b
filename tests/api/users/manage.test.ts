import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { outbox } from "@core/db/schema/outbox.ts";
import { users } from "@core/db/schema/users.ts";
import { currentTotp } from "@core/services/users/totp.ts";
import {
  createHost,
  emailedCode,
  getWith,
  PASSWORD,
  postWith,
  signIn,
} from "../../support/accounts.ts";
import { postJson, withTestApp } from "../../support/app.ts";

Deno.test("POST /api/Users/manage/info changes the password only with the old one, ending other sessions", () =>
  withTestApp(async ({ app, db }) => {
    await createHost(app, db, { email: "ana@example.com" });
    const here = await signIn(app, "ana@example.com");
    const elsewhere = await signIn(app, "ana@example.com");

    const wrong = await postWith(app, "/api/Users/manage/info", {
      oldPassword: "Nije-Ta-2026!",
      newPassword: "Nova-Lozinka-2027!",
    }, here.accessToken);
    assert.equal(wrong.status, 400);
    assert.deepEqual((await wrong.json()).errors, { oldPassword: ["Incorrect password."] });
    const missing = await postWith(app, "/api/Users/manage/info", {
      newPassword: "Nova-Lozinka-2027!",
    }, here.accessToken);
    assert.deepEqual((await missing.json()).errors, {
      oldPassword: ["Current password is required"],
    });

    const ok = await postWith(app, "/api/Users/manage/info", {
      oldPassword: PASSWORD,
      newPassword: "Nova-Lozinka-2027!",
    }, here.accessToken);
    assert.equal(ok.status, 200);
    const refresh = (token: string) =>
      app.request(postJson("/api/Users/refresh", { refreshToken: token }));
    assert.equal((await refresh(elsewhere.refreshToken)).status, 401, "the other session ended");
    assert.equal((await refresh(here.refreshToken)).status, 200, "this session goes on");
    await signIn(app, "ana@example.com", "Nova-Lozinka-2027!");
  }));

Deno.test("POST /api/Users/manage/info keeps a new e-mail pending until its link is opened", () =>
  withTestApp(async ({ app, db }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    await createHost(app, db, { email: "bruno@example.com" });
    const { accessToken } = await signIn(app, "ana@example.com");

    const taken = await postWith(
      app,
      "/api/Users/manage/info",
      { newEmail: "Bruno@example.com", oldPassword: PASSWORD },
      accessToken,
    );
    assert.equal(taken.status, 400);
    assert.equal((await taken.json()).code, "DuplicateEmail");

    const res = await postWith(
      app,
      "/api/Users/manage/info",
      { newEmail: "ana.nova@example.com", oldPassword: PASSWORD },
      accessToken,
    );
    assert.equal(res.status, 200);
    assert.equal((await res.json()).email, "ana@example.com", "still the old address");
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    assert.equal(row.pendingEmail, "ana.nova@example.com");
    assert.equal(
      (await db.select().from(outbox)).at(-1)?.subject,
      "accounts.emailchange.requested",
    );

    const code = await emailedCode(db, userId, "ChangeEmail", "ana.nova@example.com");
    assert.equal(
      (await app.request(`/api/Users/confirmEmail?userId=${userId}&code=${code}`)).status,
      200,
    );
    await signIn(app, "ana.nova@example.com");
    const old = await app.request(
      postJson("/api/Users/login", { email: "ana@example.com", password: PASSWORD }),
    );
    assert.equal(old.status, 401);
  }));

Deno.test("POST /api/Users/manage/2fa sets up TOTP, then sign-in needs a code or a recovery code", () =>
  withTestApp(async ({ app, db, clock }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    const { accessToken } = await signIn(app, "ana@example.com");
    const twoFactor = (body: unknown) => postWith(app, "/api/Users/manage/2fa", body, accessToken);

    const setup = await (await twoFactor({})).json();
    assert.equal(setup.isTwoFactorEnabled, false);
    assert.match(setup.sharedKey, /^[A-Z2-7]{32}$/);
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    assert.ok(row.twoFactorSecret?.startsWith("v1:"), "the key is stored encrypted");
    assert.ok(!row.twoFactorSecret?.includes(setup.sharedKey));

    const wrong = await twoFactor({ enable: true, twoFactorCode: "000000", password: PASSWORD });
    assert.equal(wrong.status, 400);
    assert.deepEqual((await wrong.json()).errors, {
      twoFactorCode: ["The verification code is not valid."],
    });

    const enabled = await (await twoFactor({
      enable: true,
      twoFactorCode: currentTotp(setup.sharedKey, clock.now()),
      password: PASSWORD,
    })).json();
    assert.equal(enabled.isTwoFactorEnabled, true);
    assert.equal(enabled.recoveryCodes.length, 10);
    assert.equal(enabled.recoveryCodesLeft, 10);
    assert.equal(enabled.sharedKey, null, "the key is not readable once enabled");

    const login = (extra: Record<string, string>) =>
      app.request(
        postJson("/api/Users/login", { email: "ana@example.com", password: PASSWORD, ...extra }),
      );
    assert.equal((await (await login({})).json()).code, "RequiresTwoFactor");
    assert.equal(
      (await (await login({ twoFactorCode: "123456" })).json()).code,
      "InvalidTwoFactorCode",
    );
    clock.advanceMinutes(0.5); // the enabling code's step is used up
    assert.equal(
      (await login({ twoFactorCode: currentTotp(setup.sharedKey, clock.now()) })).status,
      200,
    );
    const recovery = enabled.recoveryCodes[0];
    assert.equal((await login({ twoFactorRecoveryCode: recovery })).status, 200);
    assert.equal(
      (await login({ twoFactorRecoveryCode: recovery })).status,
      401,
      "each recovery code works once",
    );
    assert.equal((await (await twoFactor({})).json()).recoveryCodesLeft, 9);

    const off = await (await twoFactor({ enable: false, password: PASSWORD })).json();
    assert.equal(off.isTwoFactorEnabled, false);
    assert.equal((await login({})).status, 200);
  }));

Deno.test("GET /api/Users/manage/info needs a signed-in user", () =>
  withTestApp(async ({ app, db }) => {
    await createHost(app, db, { email: "ana@example.com" });
    assert.equal((await app.request("/api/Users/manage/info")).status, 401);
    const { accessToken } = await signIn(app, "ana@example.com");
    assert.equal((await getWith(app, "/api/Users/manage/info", accessToken)).status, 200);
  }));
