import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { subscriptions } from "@core/db/schema/billing.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { properties } from "@core/db/schema/properties.ts";
import { propertyMembers } from "@core/db/schema/property-members.ts";
import type { Database } from "@core/db/client.ts";
import { issueInvitationCode } from "@core/services/property-members/invitation-code.ts";
import { createHost, postWith, signIn } from "../support/accounts.ts";
import { createTestApp, type TestApp, TestClock } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";

/** 10 August 2026, 09:00 in Zagreb. */
const NOW = new Date("2026-08-10T07:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;

async function withAna(
  fn: (w: { app: TestApp; db: Database; session: string; propertyId: string }) => Promise<void>,
) {
  const database = await createTestDatabase();
  try {
    const app = await createTestApp({ db: database.db, clock: new TestClock(NOW).now });
    const db = database.db;
    const userId = await createHost(app, db, { email: "ana@example.com" });
    await db.update(subscriptions).set({ packageId: "premium" })
      .where(eq(subscriptions.userId, userId));
    await seedMirroredAccount(db, userId, [demoFacility("fac-ana", "0034643")]);
    const [property] = await db.select().from(properties).where(eq(properties.userId, userId));
    const session = (await signIn(app, "ana@example.com")).accessToken;
    await fn({ app, db, session, propertyId: property.id });
  } finally {
    await database.dispose();
  }
}

async function invite(
  w: { app: TestApp; session: string; propertyId: string },
  email: string,
  role = "Reception",
) {
  const res = await postWith(
    w.app,
    `/api/Properties/${w.propertyId}/members`,
    { email, role },
    w.session,
  );
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).id as string;
}

/** The outbox's requests to e-mail this invitation. */
const invitationEvents = async (db: Database, memberId: string) =>
  (await db.select().from(outbox))
    .filter((row) => JSON.stringify(row.payload).includes(memberId)).length;

Deno.test("a pending invitation is sent again with a new link and seven more days", async () => {
  await withAna(async (w) => {
    const id = await invite(w, "marko@example.com");
    const oldCode = await issueInvitationCode(w.db, id, NOW);
    // Two days on, nobody has accepted: Ana sends it again.
    await w.db.update(propertyMembers)
      .set({ expiresAt: new Date(NOW.getTime() + 5 * DAY_MS) })
      .where(eq(propertyMembers.id, id));
    const res = await postWith(
      w.app,
      `/api/Properties/${w.propertyId}/members/${id}/resend`,
      undefined,
      w.session,
    );
    assert.equal(res.status, 200, await res.clone().text());
    const resent = await res.json();
    assert.equal(resent.status, "Pending");
    assert.equal(resent.expiresAt, new Date(NOW.getTime() + 7 * DAY_MS).toISOString());
    assert.equal(await invitationEvents(w.db, id), 2, "the worker is asked to e-mail it again");

    // The earlier link no longer works.
    await createHost(w.app, w.db, { email: "marko@example.com" });
    const marko = (await signIn(w.app, "marko@example.com")).accessToken;
    const stale = await postWith(
      w.app,
      "/api/Properties/members/accept",
      { code: oldCode },
      marko,
    );
    assert.equal(stale.status, 400);

    // Once accepted there is nothing to resend.
    const code = await issueInvitationCode(w.db, id, NOW);
    const accepted = await postWith(w.app, "/api/Properties/members/accept", { code }, marko);
    assert.equal(accepted.status, 200);
    const again = await postWith(
      w.app,
      `/api/Properties/${w.propertyId}/members/${id}/resend`,
      undefined,
      w.session,
    );
    assert.equal(again.status, 409);
    assert.equal((await again.json()).code, "MemberAlreadyInvited");
  });
});

Deno.test("an expired invitation resent takes a place again, within the plan's users", async () => {
  await withAna(async (w) => {
    // Premium: 5 users, the owner included, so 4 places.
    const expired = await invite(w, "first@example.com");
    await w.db.update(propertyMembers).set({ expiresAt: new Date(NOW.getTime() - 1000) })
      .where(eq(propertyMembers.id, expired));
    for (const n of [2, 3, 4, 5]) await invite(w, `helper${n}@example.com`);

    const full = await postWith(
      w.app,
      `/api/Properties/${w.propertyId}/members/${expired}/resend`,
      undefined,
      w.session,
    );
    assert.equal(full.status, 403, await full.clone().text());
    assert.equal((await full.json()).code, "SubscriptionLimitReached");
    const [row] = await w.db.select().from(propertyMembers)
      .where(and(eq(propertyMembers.id, expired)));
    assert.ok(row.expiresAt.getTime() < NOW.getTime(), "left expired");

    // A place freed, the resend goes through.
    const [other] = await w.db.select().from(propertyMembers)
      .where(eq(propertyMembers.email, "helper5@example.com"));
    const removed = await w.app.request(`/api/Properties/${w.propertyId}/members/${other.id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${w.session}` },
    });
    assert.equal(removed.status, 204);
    const res = await postWith(
      w.app,
      `/api/Properties/${w.propertyId}/members/${expired}/resend`,
      undefined,
      w.session,
    );
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal((await res.json()).status, "Pending");
  });
});
