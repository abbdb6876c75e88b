import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { subscriptions } from "@core/db/schema/billing.ts";
import { properties } from "@core/db/schema/properties.ts";
import { propertyMembers } from "@core/db/schema/property-members.ts";
import type { Database } from "@core/db/client.ts";
import { issueInvitationCode } from "@core/services/property-members/invitation-code.ts";
import { bearer, createHost, getWith, PASSWORD, postWith, signIn } from "../support/accounts.ts";
import { createTestApp, postJson, type TestApp, TestClock } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";

/** 10 August 2026, 09:00 in Zagreb. */
const NOW = new Date("2026-08-10T07:00:00Z");

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

/** A host on `plan` with one mirrored facility, signed in, and that property's id. */
async function host(w: World, email: string, plan: "pro" | "premium" = "premium") {
  const userId = await createHost(w.app, w.db, { email });
  await w.db.update(subscriptions).set({ packageId: plan }).where(eq(subscriptions.userId, userId));
  await seedMirroredAccount(w.db, userId, [demoFacility(`fac-${email}`, "0034643")]);
  const [property] = await w.db.select().from(properties).where(eq(properties.userId, userId));
  const session = (await signIn(w.app, email)).accessToken;
  return { userId, session, propertyId: property.id, propertyName: property.name };
}

/** Someone with an account of their own (no property), signed in. */
async function person(w: World, email: string) {
  const userId = await createHost(w.app, w.db, { email });
  return { userId, session: (await signIn(w.app, email)).accessToken };
}

const membersPath = (propertyId: string) => `/api/Properties/${propertyId}/members`;

async function invite(w: World, session: string, propertyId: string, email: string, role: string) {
  return await postWith(w.app, membersPath(propertyId), { email, role }, session);
}

/** Invites `email`; the code is the one the notifications worker would e-mail (same function). */
async function invited(
  w: World,
  session: string,
  propertyId: string,
  email: string,
  role = "CoHost",
) {
  const res = await invite(w, session, propertyId, email, role);
  assert.equal(res.status, 201, await res.clone().text());
  const member = await res.json() as { id: string; status: string; role: string };
  const code = await issueInvitationCode(w.db, member.id, w.clock.now());
  assert.ok(code);
  return { ...member, code };
}

async function accept(w: World, session: string, code: string) {
  return await postWith(w.app, "/api/Properties/members/accept", { code }, session);
}

async function members(w: World, session: string, propertyId: string) {
  const res = await getWith(w.app, membersPath(propertyId), session);
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json() as {
    items: { id: string; email: string; role: string; status: string }[];
    maxUsers: number | null;
  };
}

async function problemOf(res: Response, status: number) {
  assert.equal(res.status, status, await res.clone().text());
  assert.match(res.headers.get("Content-Type") ?? "", /application\/problem\+json/);
  return await res.json() as { code: string; detail: string; errors?: Record<string, string[]> };
}

function request(w: World, method: string, path: string, session: string, body?: unknown) {
  return w.app.request(path, {
    method,
    headers: { ...bearer(session), ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

Deno.test("an invited co-host signs up with the invited address, accepts once, and is a member", async () => {
  await withWorld(async (w) => {
    const ana = await host(w, "ana@example.com");
    const inv = await invited(w, ana.session, ana.propertyId, " Marko@Example.com ");
    assert.equal(inv.status, "Pending");
    assert.match(inv.code, /^[A-Za-z0-9_-]{43}$/);
    // The code is stored as its SHA-256 only.
    const [row] = await w.db.select().from(propertyMembers).where(eq(propertyMembers.id, inv.id));
    assert.equal(row.email, "marko@example.com");
    assert.equal(row.tokenHash?.length, 64);
    assert.notEqual(row.tokenHash, inv.code);

    const listed = await members(w, ana.session, ana.propertyId);
    assert.equal(listed.maxUsers, 5);
    assert.deepEqual(listed.items.map((m) => [m.email, m.role, m.status]), [
      ["marko@example.com", "CoHost", "Pending"],
    ]);

    // Someone else signed in cannot use Marko's link.
    const iva = await person(w, "iva@example.com");
    assert.equal(
      (await problemOf(await accept(w, iva.session, inv.code), 400)).code,
      "InvalidToken",
    );

    const marko = await person(w, "marko@example.com");
    const res = await accept(w, marko.session, inv.code);
    assert.equal(res.status, 200, await res.clone().text());
    assert.deepEqual(await res.json(), {
      propertyId: ana.propertyId,
      propertyName: ana.propertyName,
      role: "CoHost",
    });
    // Single use.
    assert.equal(
      (await problemOf(await accept(w, marko.session, inv.code), 400)).code,
      "InvalidToken",
    );

    // The co-host manages the team too; the owner sees the member as active.
    assert.deepEqual(
      (await members(w, marko.session, ana.propertyId)).items.map((m) => m.status),
      ["Active"],
    );
    // The owner's history says who did what.
    const history = await getWith(
      w.app,
      "/api/Users/manage/history?PageNumber=1&PageSize=10",
      ana.session,
    );
    assert.equal(history.status, 200);
    const entries = (await history.json() as {
      items: { kind: string; details: Record<string, string> }[];
    }).items.filter((e) => e.kind.startsWith("PropertyMember"));
    assert.deepEqual(entries.map((e) => [e.kind, e.details.memberEmail, e.details.byEmail]), [
      ["PropertyMemberJoined", "marko@example.com", "marko@example.com"],
      ["PropertyMemberInvited", "marko@example.com", undefined],
    ]);
  });
});

Deno.test("an invitation stops working after 7 days and the address can be invited again", async () => {
  await withWorld(async (w) => {
    const ana = await host(w, "ana@example.com");
    const first = await invited(w, ana.session, ana.propertyId, "marko@example.com", "Reception");
    // Pending: the same address cannot be invited twice.
    assert.equal(
      (await problemOf(
        await invite(w, ana.session, ana.propertyId, "marko@example.com", "CoHost"),
        409,
      )).code,
      "MemberAlreadyInvited",
    );
    w.clock.advanceMinutes(7 * 24 * 60 + 1);
    const anaAgain = (await signIn(w.app, "ana@example.com")).accessToken;
    assert.deepEqual((await members(w, anaAgain, ana.propertyId)).items.map((m) => m.status), [
      "Expired",
    ]);
    const marko = await person(w, "marko@example.com");
    assert.equal(
      (await problemOf(await accept(w, marko.session, first.code), 400)).code,
      "InvalidToken",
    );

    const second = await invited(w, anaAgain, ana.propertyId, "marko@example.com", "Reception");
    assert.equal((await members(w, anaAgain, ana.propertyId)).items.length, 1);
    assert.equal((await accept(w, marko.session, second.code)).status, 200);
    // The old link stays dead.
    assert.equal((await accept(w, marko.session, first.code)).status, 400);
  });
});

Deno.test("parallel invitations never exceed the plan's users per property; Pro has none to give", async () => {
  await withWorld(async (w) => {
    const ana = await host(w, "ana@example.com");
    const answers = await Promise.all(
      Array.from(
        { length: 9 },
        (_, i) => invite(w, ana.session, ana.propertyId, `helper${i}@example.com`, "Reception"),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    // Premium: 5 users per property, the owner included.
    assert.deepEqual(statuses, [201, 201, 201, 201, 403, 403, 403, 403, 403]);
    for (const res of answers.filter((r) => r.status === 403)) {
      const problem = await problemOf(res, 403);
      assert.equal(problem.code, "SubscriptionLimitReached");
      assert.equal(problem.detail, "Your plan allows 5 user(s) per property.");
    }
    assert.equal((await members(w, ana.session, ana.propertyId)).items.length, 4);

    // Removing one frees a place.
    const [first] = (await members(w, ana.session, ana.propertyId)).items;
    assert.equal(
      (await request(w, "DELETE", `${membersPath(ana.propertyId)}/${first.id}`, ana.session))
        .status,
      204,
    );
    assert.equal(
      (await invite(w, ana.session, ana.propertyId, "late@example.com", "CoHost")).status,
      201,
    );

    const pero = await host(w, "pero@example.com", "pro");
    const refused = await problemOf(
      await invite(w, pero.session, pero.propertyId, "x@example.com", "CoHost"),
      403,
    );
    assert.equal(refused.code, "SubscriptionLimitReached");
  });
});

Deno.test("roles: reception cannot manage the team until made co-host; a removed member loses access", async () => {
  await withWorld(async (w) => {
    const ana = await host(w, "ana@example.com");
    const inv = await invited(w, ana.session, ana.propertyId, "marko@example.com", "Reception");
    const marko = await person(w, "marko@example.com");
    assert.equal((await accept(w, marko.session, inv.code)).status, 200);

    const forbidden = await problemOf(
      await getWith(w.app, membersPath(ana.propertyId), marko.session),
      403,
    );
    assert.equal(forbidden.code, "Forbidden");
    assert.equal(
      (await invite(w, marko.session, ana.propertyId, "x@example.com", "CoHost")).status,
      403,
    );

    const changed = await request(
      w,
      "PUT",
      `${membersPath(ana.propertyId)}/${inv.id}`,
      ana.session,
      {
        role: "CoHost",
      },
    );
    assert.equal(changed.status, 200, await changed.clone().text());
    assert.equal((await changed.json()).role, "CoHost");
    assert.equal((await getWith(w.app, membersPath(ana.propertyId), marko.session)).status, 200);
    // A co-host cannot give the owner's place away, nor invite the owner.
    assert.equal(
      (await invite(w, marko.session, ana.propertyId, "ana@example.com", "CoHost")).status,
      400,
    );

    assert.equal(
      (await request(w, "DELETE", `${membersPath(ana.propertyId)}/${inv.id}`, ana.session)).status,
      204,
    );
    const gone = await problemOf(
      await getWith(w.app, membersPath(ana.propertyId), marko.session),
      404,
    );
    assert.equal(gone.code, "NotFound");
  });
});

Deno.test("another host, a stranger's member id and an API token get nothing", async () => {
  await withWorld(async (w) => {
    const ana = await host(w, "ana@example.com");
    const pero = await host(w, "pero@example.com");
    const inv = await invited(w, ana.session, ana.propertyId, "marko@example.com");

    assert.equal((await getWith(w.app, membersPath(ana.propertyId), pero.session)).status, 404);
    assert.equal(
      (await invite(w, pero.session, ana.propertyId, "x@example.com", "CoHost")).status,
      404,
    );
    assert.equal(
      (await request(w, "PUT", `${membersPath(ana.propertyId)}/${inv.id}`, pero.session, {
        role: "Reception",
      }))
        .status,
      404,
    );
    assert.equal(
      (await request(w, "DELETE", `${membersPath(ana.propertyId)}/${inv.id}`, pero.session)).status,
      404,
    );
    // Pero's own property does not reach Ana's member.
    assert.equal(
      (await request(w, "DELETE", `${membersPath(pero.propertyId)}/${inv.id}`, pero.session))
        .status,
      404,
    );
    assert.equal((await members(w, ana.session, ana.propertyId)).items.length, 1);

    // Anonymous and validation.
    assert.equal((await w.app.request(membersPath(ana.propertyId))).status, 401);
    const bad = await problemOf(
      await invite(w, ana.session, ana.propertyId, "not-an-address", "Owner"),
      400,
    );
    assert.ok(bad.errors?.email && bad.errors?.role);

    // The team is managed signed in, never with an API token.
    const tokenRes = await postWith(w.app, "/api/Users/manage/apiTokens", {
      name: "CM",
      scopes: ["read", "write"],
      password: PASSWORD,
    }, ana.session);
    const { token } = await tokenRes.json() as { token: string };
    assert.equal((await getWith(w.app, membersPath(ana.propertyId), token)).status, 403);
    const viaToken = await w.app.request(
      postJson("/api/Properties/members/accept", { code: "x" }, bearer(token)),
    );
    assert.equal(viaToken.status, 403);
  });
});
