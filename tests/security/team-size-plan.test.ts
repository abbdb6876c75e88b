/**
 * Issue 30, N6: a property's team follows the owner's plan, not only when inviting. After a
 * downgrade the members who joined first keep their access up to the plan's users per property
 * (the owner counts); the later ones are refused wherever access is decided (SubscriptionLimitReached,
 * 403), the property leaves their lists, and the owner's team list marks them suspended. Room in
 * the plan again (the owner removes someone, or upgrades) gives the access back at once.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { subscriptionPackages, subscriptions } from "@core/db/schema/billing.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { properties } from "@core/db/schema/properties.ts";
import type { Database } from "@core/db/client.ts";
import { issueInvitationCode } from "@core/services/property-members/invitation-code.ts";
import { userNotifications } from "@core/db/schema/user-notifications.ts";
import { composeNotificationEmail } from "../../workers/notifications/notification-emails.ts";
import { bearer, createAdmin, createHost, postWith, signIn } from "../support/accounts.ts";
import { type TestApp, TestClock, withTestApp } from "../support/app.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";

const NOW = new Date("2026-11-20T10:00:00Z");

function call(app: TestApp, method: string, path: string, session: string) {
  return app.request(path, { method, headers: bearer(session) });
}

/** The owner's plan becomes `packageId`, as a purchase or an operator would switch it. */
async function onPackage(db: Database, userId: string, packageId: string) {
  await db.update(subscriptions).set({ packageId }).where(eq(subscriptions.userId, userId));
}

/** A package like Premium that allows `users` per property, the owner included. */
async function teamPackage(db: Database, id: string, users: number) {
  const [premium] = await db.select().from(subscriptionPackages)
    .where(eq(subscriptionPackages.id, "premium"));
  await db.insert(subscriptionPackages).values({
    ...premium,
    id,
    name: id,
    policy: { ...premium.policy, maxUsersPerProperty: users },
  });
}

async function team(app: TestApp, db: Database, clock: TestClock) {
  const ownerId = await createHost(app, db, { email: "ana@example.com" });
  await onPackage(db, ownerId, "premium");
  await seedMirroredAccount(db, ownerId, [demoFacility("fac-a", "A")]);
  const [property] = await db.select().from(properties).where(eq(properties.userId, ownerId));
  const owner = (await signIn(app, "ana@example.com")).accessToken;
  const members: { email: string; session: string; id: string }[] = [];
  // Premium: five users per property, so four members, who join one after another.
  for (const name of ["bruno", "cvita", "dora", "ema"]) {
    const email = `${name}@example.com`;
    const res = await postWith(
      app,
      `/api/Properties/${property.id}/members`,
      { email, role: "CoHost" },
      owner,
    );
    assert.equal(res.status, 201, await res.clone().text());
    const id = (await res.json()).id;
    const code = await issueInvitationCode(db, id, clock.now());
    await createHost(app, db, { email });
    const session = (await signIn(app, email)).accessToken;
    clock.advanceMinutes(1);
    const accepted = await postWith(app, "/api/Properties/members/accept", { code }, session);
    assert.equal(accepted.status, 200, await accepted.clone().text());
    members.push({ email, session, id });
  }
  return { ownerId, owner, propertyId: property.id, members };
}

/** What each member meets on the property: its team page, and whether their list shows it. */
async function accessOf(app: TestApp, propertyId: string, session: string) {
  const res = await call(app, "GET", `/api/Properties/${propertyId}/members`, session);
  const body = await res.json();
  const list = await (await call(app, "GET", "/api/Properties?PageNumber=1&PageSize=50", session))
    .json();
  const listed = list.items.some((p: { id: string }) => p.id === propertyId);
  return { status: res.status, code: res.status === 200 ? undefined : body.code, listed };
}

const ALLOWED = { status: 200, code: undefined, listed: true };
const SUSPENDED = { status: 403, code: "SubscriptionLimitReached", listed: false };

Deno.test("after a downgrade the newest members beyond the plan are refused until it has room", () =>
  withTestApp(async ({ app, db, clock }) => {
    const { ownerId, owner, propertyId, members } = await team(app, db, clock);
    const [bruno, cvita, dora, ema] = members;
    for (const m of members) assert.deepEqual(await accessOf(app, propertyId, m.session), ALLOWED);

    // Three users per property: Ana and the two who joined first.
    await teamPackage(db, "team3", 3);
    await createAdmin(db);
    const admin = (await signIn(app, "admin@example.com")).accessToken;
    const assigned = await postWith(app, "/api/Subscriptions/assign", {
      userId: ownerId,
      packageId: "team3",
      subscriptionLength: 1,
    }, admin);
    assert.equal(assigned.status, 200, await assigned.clone().text());
    assert.deepEqual(await accessOf(app, propertyId, bruno.session), ALLOWED);
    assert.deepEqual(await accessOf(app, propertyId, cvita.session), ALLOWED);
    assert.deepEqual(await accessOf(app, propertyId, dora.session), SUSPENDED);
    assert.deepEqual(await accessOf(app, propertyId, ema.session), SUSPENDED);
    const [unit] = await db.select().from(accommodationUnits)
      .where(eq(accommodationUnits.propertyId, propertyId));
    const stay = await postWith(app, "/api/Reservations", {
      accommodationUnitId: unit.id,
      startDateUTC: "2026-12-01T14:00:00Z",
      endDateUTC: "2026-12-03T09:00:00Z",
    }, ema.session);
    assert.equal(stay.status, 403, await stay.clone().text());
    assert.equal((await stay.json()).code, "SubscriptionLimitReached");

    // The owner is told, in the app and by e-mail (workers/notifications).
    const told = (await db.select().from(userNotifications)
      .where(eq(userNotifications.userId, ownerId)))
      .filter((n) => n.template === "PlanLimitReached");
    assert.deepEqual(told.map((n) => n.placeholders), [
      { limit: "maxUsersPerProperty", count: "2" },
    ]);
    const mail = composeNotificationEmail("PlanLimitReached", told[0].placeholders, {
      to: "ana@example.com",
      from: "Prijavko <no-reply@prijavko.hr>",
      publicUrl: "http://localhost:8000",
      language: "hr",
    });
    assert.match(mail?.text ?? "", /članovi koji su se pridružili posljednji \(2\)/);

    // The owner sees who is suspended.
    const list = await (await call(app, "GET", `/api/Properties/${propertyId}/members`, owner))
      .json();
    assert.deepEqual(
      list.items.map((m: { email: string; suspended: boolean }) => [m.email, m.suspended]),
      members.map((m, i) => [m.email, i >= 2]),
    );

    // Bruno removed: Dora is within the plan again, Ema still is not.
    const removed = await call(
      app,
      "DELETE",
      `/api/Properties/${propertyId}/members/${bruno.id}`,
      owner,
    );
    assert.equal(removed.status, 204, await removed.clone().text());
    assert.deepEqual(await accessOf(app, propertyId, dora.session), ALLOWED);
    assert.deepEqual(await accessOf(app, propertyId, ema.session), SUSPENDED);

    // Back on Premium: everyone is.
    await onPackage(db, ownerId, "premium");
    for (const m of [cvita, dora, ema]) {
      assert.deepEqual(await accessOf(app, propertyId, m.session), ALLOWED);
    }
  }, { now: NOW }));

Deno.test("a downgrade to one user per property suspends every member, who may still leave", () =>
  withTestApp(async ({ app, db, clock }) => {
    const { ownerId, propertyId, members } = await team(app, db, clock);
    await onPackage(db, ownerId, "pro");
    for (const m of members) {
      assert.deepEqual(await accessOf(app, propertyId, m.session), SUSPENDED);
    }
    const [bruno] = members;
    const left = await call(
      app,
      "DELETE",
      `/api/Properties/${propertyId}/members/${bruno.id}`,
      bruno.session,
    );
    assert.equal(left.status, 204, await left.clone().text());
  }, { now: NOW }));
