/**
 * Issue 32 item 3: the e-mailed "approve guests" page lists each guest it would approve (name,
 * citizenship, when they came in) and lets the host say "not my guest" of one before the tap; the
 * tap approves only the guests the page showed and the host kept. A declined guest is not deleted
 * and not registered: it stays held in the stay, where the host can delete or approve it later.
 * The in-app approval approves the guests the host chose, never one who came in after the page was
 * drawn. Whoever holds the link sees no document number, birth date or address.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { guests } from "@core/db/schema/guests.ts";
import type { Database } from "@core/db/client.ts";
import { newApprovalToken } from "@core/services/guests/approve-guests.ts";
import { createHost, postWith, signIn } from "../support/accounts.ts";
import { postJson, type TestApp, withTestApp } from "../support/app.ts";
import { BIRGITTE } from "../support/guests.ts";
import { seedMirroredAccount } from "../support/properties.ts";

/** 20 November 2026, 11:00 in Zagreb: the stay below began yesterday. */
const NOW = new Date("2026-11-20T10:00:00Z");

const IVO = { ...BIRGITTE, firstName: "Ivo", surname: "Bašić", documentNumber: "AB1234567" };
const MALLORY = {
  ...BIRGITTE,
  firstName: "Mallory",
  surname: "Intruder",
  documentNumber: "ZZ9999999",
};

async function stayOf(app: TestApp, db: Database) {
  const userId = await createHost(app, db, { email: "ana@example.com" });
  await seedMirroredAccount(db, userId);
  const [unit] = await db.select().from(accommodationUnits).limit(1);
  const { accessToken } = await signIn(app, "ana@example.com");
  const booked = await postWith(app, "/api/Reservations", {
    accommodationUnitId: unit.id,
    startDateUTC: "2026-11-19T14:00:00Z",
    endDateUTC: "2026-11-23T09:00:00Z",
  }, accessToken);
  assert.equal(booked.status, 200, await booked.clone().text());
  return { code: (await booked.json()).code as string, token: accessToken };
}

async function checkIn(app: TestApp, code: string, ...forms: typeof BIRGITTE[]) {
  const res = await app.request(postJson("/api/Reservations/Guests", {
    reservationCode: code,
    reservationGuests: forms,
  }));
  assert.equal(res.status, 200, await res.clone().text());
  const { guests: seen } = await res.json();
  return forms.map((form) =>
    seen.find((g: { name: string | null }) => g.name === form.firstName).id as string
  );
}

async function linkFor(db: Database, guestId: string) {
  const made = await db.transaction((tx) => newApprovalToken(tx, guestId, NOW));
  assert.ok(made);
  return made.token;
}

const post = (app: TestApp, path: string, body: unknown) =>
  app.request(postJson(`/api/Reservations/approveGuests${path}`, body));

async function rowOf(db: Database, id: string) {
  const [row] = await db.select().from(guests).where(eq(guests.id, id));
  return row;
}

Deno.test("the approval page shows each guest's country and arrival, and nothing more", () =>
  withTestApp(async ({ app, db }) => {
    const { code } = await stayOf(app, db);
    const [birgitte] = await checkIn(app, code, BIRGITTE);
    const token = await linkFor(db, birgitte);
    const res = await post(app, "/preview", { token });
    assert.equal(res.status, 200, await res.clone().text());
    const { guests: listed } = await res.json();
    assert.deepEqual(listed, [{
      id: birgitte,
      name: "Birgitte",
      surname: "Rasmussen",
      citizenship: BIRGITTE.citizenship,
      arrivedAt: NOW.toISOString(),
      declined: false,
    }]);
  }, { now: NOW }));

Deno.test("'not my guest' on the page keeps that guest out of the tap, unregistered but kept", () =>
  withTestApp(async ({ app, db }) => {
    const { code } = await stayOf(app, db);
    const [birgitte, mallory] = await checkIn(app, code, BIRGITTE, MALLORY);
    const token = await linkFor(db, birgitte);

    // Two taps at once (two tabs, a double tap): one decline, both answer the same list.
    const both = await Promise.all([
      post(app, "/decline", { token, guestId: mallory }),
      post(app, "/decline", { token, guestId: mallory }),
    ]);
    for (const res of both) {
      assert.equal(res.status, 200, await res.clone().text());
      const { guests: listed } = await res.json();
      // Guests of one check-in came in at the same moment: their order is not the point.
      assert.deepEqual(
        listed.map((g: { name: string; declined: boolean }) => [g.name, g.declined]).sort(),
        [["Birgitte", false], ["Mallory", true]],
      );
    }
    const declinedAt = (await rowOf(db, mallory)).approvalDeclinedAt;
    assert.ok(declinedAt, "declined once");

    const approved = await post(app, "", { token });
    assert.equal(approved.status, 200, await approved.clone().text());
    assert.deepEqual(await approved.json(), { approved: 1 });
    assert.ok((await rowOf(db, birgitte)).approvedAt);
    const kept = await rowOf(db, mallory);
    assert.ok(kept, "the declined guest is not deleted");
    assert.equal(kept.approvedAt, null, "nor approved");
    assert.equal(kept.registrationState, "waiting", "nor sent to eVisitor");
  }, { now: NOW }));

Deno.test("the page declines only a waiting guest its link names, and only while it works", () =>
  withTestApp(async ({ app, db }) => {
    const { code } = await stayOf(app, db);
    const [birgitte] = await checkIn(app, code, BIRGITTE);
    const token = await linkFor(db, birgitte);
    const [mallory] = await checkIn(app, code, MALLORY);
    const unnamed = await post(app, "/decline", { token, guestId: mallory });
    assert.equal(unnamed.status, 404, await unnamed.clone().text());
    assert.equal((await rowOf(db, mallory)).approvalDeclinedAt, null);
    const bad = await post(app, "/decline", { token: "not-a-token", guestId: birgitte });
    assert.equal(bad.status, 400);
    assert.equal((await post(app, "", { token })).status, 200);
    const spent = await post(app, "/decline", { token, guestId: birgitte });
    assert.equal(spent.status, 400, "a used link declines nobody");
  }, { now: NOW }));

Deno.test("the page's tap approves only the guests it showed", () =>
  withTestApp(async ({ app, db }) => {
    const { code } = await stayOf(app, db);
    const [birgitte, ivo] = await checkIn(app, code, BIRGITTE, IVO);
    const token = await linkFor(db, birgitte);
    const res = await post(app, "", { token, guestIds: [ivo] });
    assert.deepEqual(await res.json(), { approved: 1 });
    assert.ok((await rowOf(db, ivo)).approvedAt);
    assert.equal((await rowOf(db, birgitte)).approvedAt, null);
  }, { now: NOW }));

Deno.test("the app approves the guests the host chose, a declined one too, no one else", () =>
  withTestApp(async ({ app, db }) => {
    const { code, token: session } = await stayOf(app, db);
    const [birgitte, mallory] = await checkIn(app, code, BIRGITTE, MALLORY);
    const link = await linkFor(db, birgitte);
    await post(app, "/decline", { token: link, guestId: mallory });
    // A stranger checks in after the host's page was drawn.
    const [ivo] = await checkIn(app, code, IVO);

    const path = `/api/Reservations/${code}/approveGuests`;
    const none = await postWith(app, path, {}, session);
    assert.equal(none.status, 400, "the app names the guests it approves");
    assert.equal((await rowOf(db, ivo)).approvedAt, null);

    const res = await postWith(app, path, { guestIds: [birgitte, mallory] }, session);
    assert.equal(res.status, 200, await res.clone().text());
    assert.deepEqual(await res.json(), { approved: 2 });
    const after = await rowOf(db, mallory);
    assert.ok(after.approvedAt, "approved after all");
    assert.equal(after.approvalDeclinedAt, null);
    assert.equal((await rowOf(db, ivo)).approvedAt, null, "not listed, not approved");
  }, { now: NOW }));
