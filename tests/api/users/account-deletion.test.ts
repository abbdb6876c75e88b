import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { outbox } from "@core/db/schema/outbox.ts";
import { subscriptions } from "@core/db/schema/billing.ts";
import { properties } from "@core/db/schema/properties.ts";
import { users } from "@core/db/schema/users.ts";
import { issueInvitationCode } from "@core/services/property-members/invitation-code.ts";
import { issueUserToken } from "@core/services/users/user-tokens.ts";
import {
  createAdmin,
  createHost,
  getWith,
  PASSWORD,
  postWith,
  signIn,
} from "../../support/accounts.ts";
import { postJson, withTestApp } from "../../support/app.ts";
import { demoFacility, seedMirroredAccount } from "../../support/properties.ts";

const NOW = new Date("2026-11-20T10:00:00Z");
const DAY = 24 * 3600_000;

Deno.test("POST /api/Users/manage/delete needs the password, then schedules the erasure in 14 days", () =>
  withTestApp(async ({ app, db }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    const { accessToken } = await signIn(app, "ana@example.com");

    assert.equal((await app.request(postJson("/api/Users/manage/delete", {}))).status, 401);
    const missing = await postWith(app, "/api/Users/manage/delete", {}, accessToken);
    assert.equal(missing.status, 400);
    assert.deepEqual((await missing.json()).errors, { password: ["Password is required"] });
    const wrong = await postWith(
      app,
      "/api/Users/manage/delete",
      { password: "Nije-Ta-2026!" },
      accessToken,
    );
    assert.equal(wrong.status, 400);
    assert.deepEqual((await wrong.json()).errors, { password: ["Incorrect password."] });
    assert.equal(
      (await db.select().from(users).where(eq(users.id, userId)))[0].deletionDueAt,
      null,
      "nothing scheduled",
    );

    const res = await postWith(
      app,
      "/api/Users/manage/delete",
      { password: PASSWORD },
      accessToken,
    );
    assert.equal(res.status, 200, await res.clone().text());
    assert.deepEqual(await res.json(), {
      deletionRequestedAt: NOW.toISOString(),
      deletionDueAt: new Date(NOW.getTime() + 14 * DAY).toISOString(),
    });
    assert.equal((await db.select().from(outbox)).at(-1)?.subject, "accounts.deletion.requested");

    // Signing in during the grace still works, and the app learns the deletion is pending.
    const again = await signIn(app, "ana@example.com");
    const info = await (await getWith(app, "/api/Users/manage/info", again.accessToken)).json();
    assert.equal(info.deletionDueAt, new Date(NOW.getTime() + 14 * DAY).toISOString());
    const privacy = await (await getWith(app, "/api/Users/manage/privacy", again.accessToken))
      .json();
    assert.equal(privacy.deletion.deletionDueAt, info.deletionDueAt);

    // The cancel button.
    const cancel = await postWith(app, "/api/Users/manage/delete/cancel", {}, again.accessToken);
    assert.equal(cancel.status, 200);
    assert.deepEqual(await cancel.json(), { deletionRequestedAt: null, deletionDueAt: null });
    const after = await (await getWith(app, "/api/Users/manage/info", again.accessToken)).json();
    assert.equal(after.deletionDueAt, undefined);

    const kinds = (await (await getWith(
      app,
      "/api/Users/manage/history?PageNumber=1&PageSize=5",
      again.accessToken,
    )).json()).items.map((e: { kind: string }) => e.kind);
    assert.deepEqual(kinds.slice(0, 3), [
      "AccountDeletionCancelled",
      "SignedIn",
      "AccountDeletionRequested",
    ]);
  }, { now: NOW }));

Deno.test("the e-mailed cancel link keeps the account once; a link of an earlier request is dead", () =>
  withTestApp(async ({ app, db }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    const { accessToken } = await signIn(app, "ana@example.com");
    const ask = () =>
      postWith(app, "/api/Users/manage/delete", { password: PASSWORD }, accessToken);
    const link = () => issueUserToken(db, { userId, purpose: "CancelDeletion", now: NOW });
    const open = (code: string, id = userId) =>
      app.request(postJson("/api/Users/cancelDeletion", { userId: id, code }));

    assert.equal((await ask()).status, 200);
    const first = await link();
    const bruno = await createHost(app, db, { email: "bruno@example.com" });
    assert.equal((await open(first, bruno)).status, 400, "another user's id does not fit");
    assert.equal((await open(first)).status, 200);
    const [kept] = await db.select().from(users).where(eq(users.id, userId));
    assert.equal(kept.deletionDueAt, null);
    const reused = await open(first);
    assert.equal(reused.status, 400);
    assert.equal((await reused.json()).code, "InvalidToken");

    // A new request; an unused link from before it was cancelled by the button is dead too.
    assert.equal((await ask()).status, 200);
    const second = await link();
    assert.equal(
      (await postWith(app, "/api/Users/manage/delete/cancel", {}, accessToken)).status,
      200,
    );
    assert.equal((await ask()).status, 200);
    assert.equal((await open(second)).status, 400, "cancelling ended the earlier link");
    assert.ok((await db.select().from(users).where(eq(users.id, userId)))[0].deletionDueAt);
    assert.equal(
      (await app.request(postJson("/api/Users/cancelDeletion", { userId }))).status,
      400,
      "the code is required",
    );
  }, { now: NOW }));

Deno.test("an administrator cannot delete their account while no other administrator remains, even asking together", () =>
  withTestApp(async ({ app, db }) => {
    await createAdmin(db, "admin@example.com");
    const alone = (await signIn(app, "admin@example.com")).accessToken;
    const refused = await postWith(
      app,
      "/api/Users/manage/delete",
      { password: PASSWORD },
      alone,
    );
    assert.equal(refused.status, 409);
    assert.equal((await refused.json()).code, "LastAdministrator");

    await createAdmin(db, "druga@example.com");
    const second = (await signIn(app, "druga@example.com")).accessToken;
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        [alone, second].map((token) =>
          postWith(app, "/api/Users/manage/delete", { password: PASSWORD }, token)
        ),
      );
      const statuses = answers.map((r) => r.status).sort();
      assert.deepEqual(statuses, [200, 409], `round ${round}: exactly one may go`);
      const pending = (await db.select().from(users)).filter((u) => u.deletionDueAt);
      assert.equal(pending.length, 1);
      // Both stay administrators for the next round.
      await db.update(users).set({ deletionDueAt: null, deletionRequestedAt: null });
    }
  }, { now: NOW }));

Deno.test("an administrator impersonating a host can neither delete the account nor cancel its deletion", () =>
  withTestApp(async ({ app, db }) => {
    const hostId = await createHost(app, db, { email: "ana@example.com" });
    await createAdmin(db);
    const admin = (await signIn(app, "admin@example.com")).accessToken;
    const res = await postWith(app, `/api/Users/impersonate/${hostId}`, {}, admin);
    assert.equal(res.status, 200, await res.clone().text());
    const { accessToken } = await res.json();
    const refused = await postWith(
      app,
      "/api/Users/manage/delete",
      { password: PASSWORD },
      accessToken,
    );
    assert.equal(refused.status, 403);
    assert.equal(
      (await db.select().from(users).where(eq(users.id, hostId)))[0].deletionDueAt,
      null,
    );

    // The host asks; the administrator, as the host, cannot take it back.
    const own = (await signIn(app, "ana@example.com")).accessToken;
    assert.equal(
      (await postWith(app, "/api/Users/manage/delete", { password: PASSWORD }, own)).status,
      200,
    );
    const cancel = await postWith(app, "/api/Users/manage/delete/cancel", {}, accessToken);
    assert.equal(cancel.status, 403);
    assert.notEqual(
      (await db.select().from(users).where(eq(users.id, hostId)))[0].deletionDueAt,
      null,
    );
  }, { now: NOW }));

Deno.test("GET /api/Users/manage/privacy: the retention periods the workers apply", () =>
  withTestApp(async ({ app, db }) => {
    await createHost(app, db, { email: "ana@example.com" });
    const { accessToken } = await signIn(app, "ana@example.com");
    assert.equal((await app.request("/api/Users/manage/privacy")).status, 401);
    assert.deepEqual(await (await getWith(app, "/api/Users/manage/privacy", accessToken)).json(), {
      retention: {
        guestDataDaysAfterCheckOut: 30,
        accountHistoryDays: 365,
        contactMessageDays: 90,
        deletionGraceDays: 14,
        receiptYears: 11,
      },
      deletion: { deletionRequestedAt: null, deletionDueAt: null },
    });
  }));

Deno.test("wrong passwords on POST /api/Users/manage/delete count like failed sign-ins: the session is locked out", () =>
  withTestApp(async ({ app, db }) => {
    await createHost(app, db, { email: "ana@example.com" });
    const { accessToken } = await signIn(app, "ana@example.com");
    const attempt = (password: string) =>
      postWith(app, "/api/Users/manage/delete", { password }, accessToken);
    for (let i = 0; i < 5; i++) {
      assert.equal((await attempt(`Kriva-Lozinka-${i}!`)).status, 400);
    }
    const locked = await attempt(PASSWORD);
    assert.equal(locked.status, 429, "even the right password waits now");
    assert.equal((await locked.json()).code, "LockedOut");
    assert.equal((await db.select().from(users)).filter((u) => u.deletionDueAt).length, 0);
  }, { now: NOW }));

Deno.test("an account in its grace period signs in and works its stays, but its API tokens, orders and team stop until it cancels", () =>
  withTestApp(async ({ app, db, clock }) => {
    const ana = await createHost(app, db, { email: "ana@example.com" });
    await createHost(app, db, { email: "bruno@example.com" });
    await db.update(subscriptions).set({ packageId: "premium" })
      .where(eq(subscriptions.userId, ana));
    await seedMirroredAccount(db, ana, [demoFacility("fac-1", "0034643")]);
    const [property] = await db.select().from(properties).where(eq(properties.userId, ana));
    const session = (await signIn(app, "ana@example.com")).accessToken;
    const bruno = (await signIn(app, "bruno@example.com")).accessToken;
    const created = await postWith(app, "/api/Users/manage/apiTokens", {
      name: "Channel manager",
      scopes: ["read"],
      password: PASSWORD,
    }, session);
    assert.equal(created.status, 201, await created.clone().text());
    const apiToken = (await created.json()).token as string;
    const members = `/api/Properties/${property.id}/members`;
    const invited = await postWith(
      app,
      members,
      { email: "bruno@example.com", role: "CoHost" },
      session,
    );
    assert.equal(invited.status, 201, await invited.clone().text());
    const code = await issueInvitationCode(db, (await invited.json()).id, clock.now());
    assert.ok(code);
    // A co-host who joined before.
    await createHost(app, db, { email: "cvijeta@example.com" });
    const cvijeta = (await signIn(app, "cvijeta@example.com")).accessToken;
    const joined = await postWith(
      app,
      members,
      { email: "cvijeta@example.com", role: "CoHost" },
      session,
    );
    const joinCode = await issueInvitationCode(db, (await joined.json()).id, clock.now());
    assert.ok(joinCode);
    assert.equal(
      (await postWith(app, "/api/Properties/members/accept", { code: joinCode }, cvijeta)).status,
      200,
    );
    const noticesOf = async (token: string) =>
      (await (await getWith(app, "/api/UserNotifications?pageNumber=1&pageSize=50", token)).json())
        .notifications.filter((n: { template: string }) => n.template === "PropertyOwnerLeaving");

    const asked = await postWith(app, "/api/Users/manage/delete", { password: PASSWORD }, session);
    assert.equal(asked.status, 200);

    // The co-host is told the property goes when the grace ends; nobody else is.
    const [notice] = await noticesOf(cvijeta);
    assert.deepEqual(notice.placeholders, {
      propertyName: property.name,
      end: new Date(NOW.getTime() + 14 * DAY).toISOString(),
    });
    assert.equal((await noticesOf(bruno)).length, 0);
    assert.equal(
      (await db.select().from(outbox)).filter((e) => e.subject.includes("notification")).length > 0,
      true,
      "and by e-mail",
    );
    // They keep working meanwhile.
    const shared = await (await getWith(app, "/api/Properties?PageNumber=1&PageSize=5", cvijeta))
      .json();
    assert.deepEqual(shared.items.map((p: { id: string }) => p.id), [property.id]);

    const refused = async (res: Response) => {
      assert.equal(res.status, 409, await res.clone().text());
      return (await res.json()) as { code: string; detail: string };
    };
    // The owner still sees the properties and stays (guests are still arriving).
    const list = "/api/Properties?PageNumber=1&PageSize=5";
    assert.equal((await getWith(app, list, session)).status, 200);
    // API tokens are refused, saying why; no new token, no order, no new team member.
    const byToken = await refused(await getWith(app, list, apiToken));
    assert.equal(byToken.code, "AccountDeletionPending");
    assert.match(byToken.detail, /API tokens/);
    await refused(
      await postWith(app, "/api/Users/manage/apiTokens", {
        name: "Another",
        scopes: ["read"],
        password: PASSWORD,
      }, session),
    );
    await refused(
      await getWith(
        app,
        "/api/Subscriptions/createPurchaseRequest?packageId=pro&subscriptionLength=12",
        session,
      ),
    );
    const invite = await refused(
      await postWith(app, members, { email: "cvita@example.com", role: "Reception" }, session),
    );
    assert.match(invite.detail, /deleting their account/);
    // The invitation sent before cannot be accepted now.
    const accept = () => postWith(app, "/api/Properties/members/accept", { code }, bruno);
    assert.equal((await refused(await accept())).code, "AccountDeletionPending");

    // Cancelled: all of it works again.
    const cancelled = await postWith(app, "/api/Users/manage/delete/cancel", {}, session);
    assert.equal(cancelled.status, 200);
    assert.equal((await getWith(app, list, apiToken)).status, 200);
    assert.equal((await accept()).status, 200);
    // The co-host's notice is withdrawn: it is no longer true.
    assert.equal((await noticesOf(cvijeta)).length, 0);
  }, { now: NOW }));
