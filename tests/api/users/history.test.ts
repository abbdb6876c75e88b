import assert from "node:assert/strict";
import { accountEvents } from "@core/db/schema/account-events.ts";
import { currentTotp } from "@core/services/users/totp.ts";
import { issueUserToken } from "@core/services/users/user-tokens.ts";
import type { AccountEvent } from "@shared/schemas/account-history.ts";
import {
  bearer,
  createAdmin,
  createHost,
  emailedCode,
  getWith,
  PASSWORD,
  postWith,
  signIn,
} from "../../support/accounts.ts";
import { postJson, simulatorAccess, type TestApp, withTestApp } from "../../support/app.ts";
import { DEMO_HOST, OTHER_DEMO_HOST, startEVisitorSim } from "../../support/evisitor-sim.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0";

async function historyOf(app: TestApp, token: string, query = "PageNumber=1&PageSize=100") {
  const res = await getWith(app, `/api/Users/manage/history?${query}`, token);
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json() as { items: AccountEvent[]; totalCount: number; hasNextPage: boolean };
}

const kinds = (items: AccountEvent[]) => items.map((e) => e.kind);

Deno.test("GET /api/Users/manage/history lists sign-ins, failures and security changes, newest first", () =>
  withTestApp(async ({ app, db, clock }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    const login = (password: string) =>
      app.request(postJson("/api/Users/login", { email: "ana@example.com", password }, {
        "User-Agent": `  ${BROWSER}  `,
      }));
    assert.equal((await login("Kriva-Lozinka-1!")).status, 401);
    clock.advanceMinutes(1);
    const session = await (await login(PASSWORD)).json();
    const token = session.accessToken as string;
    clock.advanceMinutes(1);
    await signIn(app, "ana@example.com");

    clock.advanceMinutes(1);
    const twoFactor = (body: unknown) => postWith(app, "/api/Users/manage/2fa", body, token);
    const { sharedKey } = await (await twoFactor({})).json();
    const enable = await twoFactor({
      enable: true,
      twoFactorCode: currentTotp(sharedKey, clock.now()),
      password: PASSWORD,
    });
    assert.equal(enable.status, 200);
    clock.advanceMinutes(1);
    assert.equal((await twoFactor({ resetRecoveryCodes: true, password: PASSWORD })).status, 200);
    clock.advanceMinutes(1);
    assert.equal((await twoFactor({ enable: false, password: PASSWORD })).status, 200);

    clock.advanceMinutes(1);
    const changed = await postWith(app, "/api/Users/manage/info", {
      oldPassword: PASSWORD,
      newPassword: "Nova-Lozinka-2027!",
    }, token);
    assert.equal(changed.status, 200);
    clock.advanceMinutes(1);
    assert.equal(
      (await postWith(app, "/api/Users/manage/info", {
        newEmail: "ana.nova@example.com",
        oldPassword: "Nova-Lozinka-2027!",
      }, token)).status,
      200,
    );
    clock.advanceMinutes(1);
    const code = await emailedCode(db, userId, "ChangeEmail", "ana.nova@example.com");
    const confirm = await app.request(`/api/Users/confirmEmail?userId=${userId}&code=${code}`);
    assert.equal(confirm.status, 200);
    clock.advanceMinutes(1);
    const out = await app.request(postJson("/api/Users/logout", {
      refreshToken: session.refreshToken,
    }));
    assert.equal(out.status, 204);

    clock.advanceMinutes(1);
    const fresh = await signIn(app, "ana.nova@example.com", "Nova-Lozinka-2027!");
    const page = await historyOf(app, fresh.accessToken);
    assert.deepEqual(kinds(page.items), [
      "SignedIn",
      "SessionEnded", // signed out
      "EmailChanged",
      "EmailChangeRequested",
      "PasswordChanged",
      "SessionEnded", // the other session, ended by the password change
      "TwoFactorDisabled",
      "TwoFactorRecoveryCodesReset",
      "TwoFactorEnabled",
      "SignedIn", // the other session
      "SignedIn",
      "SignInFailed",
    ]);
    const failed = page.items.at(-1)!;
    assert.equal(failed.userAgent, "Firefox 140 · Linux", "the browser and system, named");
    assert.equal(typeof failed.address, "string");
    assert.equal(page.items.at(-2)!.userAgent, "Firefox 140 · Linux");
    assert.equal(page.items.at(-2)!.actorEmail, null);
    const times = page.items.map((e) => Date.parse(e.createdAt));
    assert.deepEqual(times, [...times].sort((a, b) => b - a), "newest first");

    // Nothing secret or personal is stored: no password, code, key or token anywhere.
    const stored = JSON.stringify(await db.select().from(accountEvents));
    for (const secret of [PASSWORD, "Nova-Lozinka-2027!", "Kriva-Lozinka-1!", sharedKey, code]) {
      assert.ok(!stored.includes(secret), "no secret in the history");
    }
    assert.ok(!stored.includes(session.refreshToken) && !stored.includes(token));
  }));

Deno.test("GET /api/Users/manage/history pages, and shows only the caller's own entries", () =>
  withTestApp(async ({ app, db, clock }) => {
    await createHost(app, db, { email: "ana@example.com" });
    const brunoId = await createHost(app, db, { email: "bruno@example.com" });
    for (let i = 0; i < 4; i++) {
      clock.advanceMinutes(1);
      await signIn(app, "ana@example.com");
    }
    const bruno = await signIn(app, "bruno@example.com");
    const ana = await signIn(app, "ana@example.com");

    const first = await historyOf(app, ana.accessToken, "PageNumber=1&PageSize=2");
    const second = await historyOf(app, ana.accessToken, "PageNumber=2&PageSize=2");
    const third = await historyOf(app, ana.accessToken, "PageNumber=3&PageSize=2");
    assert.equal(first.totalCount, 5);
    assert.equal(first.items.length, 2);
    assert.equal(first.hasNextPage, true);
    assert.equal(third.items.length, 1);
    assert.equal(third.hasNextPage, false);
    const ids = [...first.items, ...second.items, ...third.items].map((e) => e.id);
    assert.equal(new Set(ids).size, 5, "no entry twice across pages");

    const brunos = await historyOf(app, bruno.accessToken);
    assert.deepEqual(kinds(brunos.items), ["SignedIn"]);
    assert.ok(!brunos.items.some((e) => ids.includes(e.id)), "Ana's entries are not Bruno's");
    // No parameter names another user: extra ones are ignored, the caller's own list comes back.
    const sneaky = await historyOf(
      app,
      ana.accessToken,
      `PageNumber=1&PageSize=100&userId=${brunoId}&UserId=${brunoId}`,
    );
    assert.equal(sneaky.totalCount, 5);
    assert.equal(
      (await app.request("/api/Users/manage/history?PageNumber=1&PageSize=5")).status,
      401,
    );
    const bad = await getWith(
      app,
      "/api/Users/manage/history?PageNumber=0&PageSize=5",
      ana.accessToken,
    );
    assert.equal(bad.status, 400);
  }));

Deno.test("impersonation and an administrator's plan changes show the administrator's e-mail", () =>
  withTestApp(async ({ app, db, clock }) => {
    const hostId = await createHost(app, db, { email: "host@example.com" });
    await createAdmin(db, "admin@example.com");
    const admin = await signIn(app, "admin@example.com");

    clock.advanceMinutes(1);
    const assigned = await postWith(app, "/api/Subscriptions/assign", {
      userId: hostId,
      packageId: "premium",
      subscriptionLength: 2,
    }, admin.accessToken);
    assert.equal(assigned.status, 200, await assigned.clone().text());

    clock.advanceMinutes(1);
    const started = await postWith(app, `/api/Users/impersonate/${hostId}`, {}, admin.accessToken);
    const acting = await started.json();
    // The administrator, acting as the host, sees the host's history, and only it.
    clock.advanceMinutes(1);
    const seen = await historyOf(app, acting.accessToken);
    assert.deepEqual(kinds(seen.items), ["ImpersonationStarted", "PlanAssigned"]);
    assert.equal(seen.items[0].actorEmail, "admin@example.com");
    assert.equal(seen.items[0].address, null, "the administrator's address is not shown");
    assert.deepEqual(seen.items[1].details, { packageName: "Premium", months: 2 });
    assert.equal(seen.items[1].actorEmail, "admin@example.com");

    clock.advanceMinutes(1);
    const ended = await app.request(postJson("/api/Users/logout", {
      refreshToken: acting.refreshToken,
    }));
    assert.equal(ended.status, 204);

    const host = await signIn(app, "host@example.com");
    const page = await historyOf(app, host.accessToken);
    assert.deepEqual(kinds(page.items), [
      "SignedIn",
      "ImpersonationEnded",
      "ImpersonationStarted",
      "PlanAssigned",
    ]);
    assert.equal(page.items[1].actorEmail, "admin@example.com");
    const own = await historyOf(app, admin.accessToken);
    assert.deepEqual(kinds(own.items), ["SignedIn"], "the administrator's own history is theirs");
  }));

Deno.test("eVisitor accounts connected, edited and removed, and data exports, are recorded", async () => {
  const sim = await startEVisitorSim();
  try {
    await withTestApp(async ({ app, db, clock }) => {
      await createHost(app, db, { email: "ana@example.com" });
      const token = (await signIn(app, "ana@example.com")).accessToken;
      clock.advanceMinutes(1);
      const connected = await postWith(app, "/api/ExternalAccounts", DEMO_HOST, token);
      assert.equal(connected.status, 200, await connected.clone().text());
      const { id } = await connected.json();
      clock.advanceMinutes(1);
      const edited = await app.request(`/api/ExternalAccounts/${id}`, {
        method: "PUT",
        headers: { ...bearer(token), "Content-Type": "application/json" },
        body: JSON.stringify(OTHER_DEMO_HOST),
      });
      assert.equal(edited.status, 200, await edited.clone().text());
      clock.advanceMinutes(1);
      const exported = await getWith(app, "/api/DataExport", token);
      assert.equal(exported.status, 200, await exported.clone().text());
      clock.advanceMinutes(1);
      const removed = await app.request(`/api/ExternalAccounts/${id}`, {
        method: "DELETE",
        headers: bearer(token),
      });
      assert.equal(removed.status, 204);

      const page = await historyOf(app, token);
      assert.deepEqual(kinds(page.items), [
        "ExternalAccountRemoved",
        "DataExported",
        "ExternalAccountEdited",
        "ExternalAccountConnected",
        "SignedIn",
      ]);
      assert.deepEqual(page.items[0].details, { username: OTHER_DEMO_HOST.username });
      assert.deepEqual(page.items[3].details, { username: DEMO_HOST.username });
      const stored = JSON.stringify(await db.select().from(accountEvents));
      assert.ok(!stored.includes(DEMO_HOST.password) && !stored.includes(OTHER_DEMO_HOST.password));
    }, { evisitor: simulatorAccess(sim.baseUrl) });
  } finally {
    await sim.stop();
  }
});

Deno.test("a password reset, an undone e-mail change, a paid plan and a trial are recorded too", () =>
  withTestApp(async ({ app, db, clock }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    await createAdmin(db, "admin@example.com");
    const admin = (await signIn(app, "admin@example.com")).accessToken;

    clock.advanceMinutes(1);
    const resetCode = await emailedCode(db, userId, "ResetPassword");
    const reset = await app.request(postJson("/api/Users/resetPassword", {
      resetCode,
      newPassword: "Nova-Lozinka-2027!",
    }));
    assert.equal(reset.status, 200, await reset.clone().text());

    clock.advanceMinutes(1);
    const revertCode = await issueUserToken(db, {
      userId,
      purpose: "RevertEmailChange",
      newEmail: "ana@example.com",
      now: clock.now(),
    });
    const undone = await app.request(postJson("/api/Users/revertEmailChange", {
      userId,
      code: revertCode,
    }));
    assert.equal(undone.status, 200, await undone.clone().text());

    clock.advanceMinutes(1);
    const trial = await postWith(app, "/api/Subscriptions/assignTrial", { userId }, admin);
    assert.equal(trial.status, 200, await trial.clone().text());

    clock.advanceMinutes(1);
    const host = (await signIn(app, "ana@example.com", "Nova-Lozinka-2027!")).accessToken;
    const ordered = await getWith(
      app,
      "/api/Subscriptions/createPurchaseRequest?packageId=basic&subscriptionLength=12",
      host,
    );
    assert.equal(ordered.status, 200, await ordered.clone().text());
    const { purchaseRequestId } = await ordered.json();
    clock.advanceMinutes(1);
    const paid = await postWith(app, "/api/Subscriptions/markAsPaid", { purchaseRequestId }, admin);
    assert.equal(paid.status, 200, await paid.clone().text());

    const page = await historyOf(app, host);
    assert.deepEqual(kinds(page.items), [
      "PlanPurchasePaid",
      "SignedIn",
      "TrialAssigned",
      "EmailChangeReverted",
      "PasswordReset",
    ]);
    assert.deepEqual(page.items[0].details, { packageName: "Basic", months: 12 });
    assert.equal(page.items[0].actorEmail, "admin@example.com");
    assert.equal(page.items[2].actorEmail, "admin@example.com");
    assert.equal(page.items[2].details.months, 3);
    const stored = JSON.stringify(await db.select().from(accountEvents));
    assert.ok(!stored.includes(resetCode) && !stored.includes(revertCode));
  }));
