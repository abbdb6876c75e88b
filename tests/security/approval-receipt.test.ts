/**
 * Issue 30, M4 of the third probe: a made-up guest at the door of a property that waits for the
 * host's approval (automatic check-in off) learns nothing of the house from the check-in's answer
 * or from any public read with its receipt: no WiFi, no address, no house notes and, by the door,
 * no stay code, until the host approves; then they come. A guest the host calls "not my guest"
 * never gets them. With automatic check-in on, the receipt shows them at once, as before.
 */
import assert from "node:assert/strict";
import { createHost, postWith, signIn } from "../support/accounts.ts";
import { postJson, type TestApp, withTestApp } from "../support/app.ts";
import { BIRGITTE } from "../support/guests.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { properties } from "@core/db/schema/properties.ts";
import type { Database } from "@core/db/client.ts";

/** 11:00 in Zagreb. */
const NOW = new Date("2026-11-20T10:00:00Z");
const RECEIPT = "Checkin-Receipt";
const MALLORY = {
  ...BIRGITTE,
  firstName: "Mallory",
  surname: "Intruder",
  documentNumber: "ZZ9999999",
};
const KARL = { ...BIRGITTE, firstName: "Karl", surname: "Nielsen", documentNumber: "208811345" };
/** What only the guests the host accepts may learn of the house. */
const HOUSE = ["lozinka-123", "Kuca-Sunce", "Obala 7", "Ključ je ispod"];

interface Stay {
  app: TestApp;
  token: string;
  code: string;
  unitCode: string;
}

/** Ana's stay from today, in a property with WiFi, an address and house notes. */
async function withStay(
  { automaticCheckIn }: { automaticCheckIn: boolean },
  fn: (stay: Stay) => Promise<void>,
) {
  await withTestApp(async ({ app, db }: { app: TestApp; db: Database }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    await seedMirroredAccount(db, userId, [demoFacility()], { automaticCheckIn });
    await db.update(properties).set({
      address: "Obala 7, Split",
      wifiName: "Kuca-Sunce",
      wifiPassword: "lozinka-123",
      wifiEncryptionType: 2,
    });
    await db.update(accommodationUnits).set({ description: "Ključ je ispod otirača." });
    const [unit] = await db.select().from(accommodationUnits).orderBy(accommodationUnits.name);
    const token = (await signIn(app, "ana@example.com")).accessToken;
    const booked = await postWith(app, "/api/Reservations", {
      accommodationUnitId: unit.id,
      startDateUTC: "2026-11-20T14:00:00Z",
      endDateUTC: "2026-11-23T09:00:00Z",
    }, token);
    assert.equal(booked.status, 200, await booked.clone().text());
    const { code } = await booked.json();
    await fn({ app, token, code, unitCode: unit.code });
  }, { now: NOW });
}

async function checkIn(app: TestApp, key: Record<string, string>, guest: unknown) {
  const res = await app.request(postJson("/api/Reservations/Guests", {
    ...key,
    reservationGuests: [guest],
  }));
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return { text, body: JSON.parse(text) };
}

async function read(app: TestApp, path: string, receipt: string) {
  const res = await app.request(path, { headers: { [RECEIPT]: receipt } });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return { text, body: JSON.parse(text) };
}

/** The answer says "sent to your host" and holds nothing of the house. */
function assertSentToHost(
  { text, body }: { text: string; body: Record<string, unknown> },
  what: string,
) {
  for (const secret of HOUSE) assert.ok(!text.includes(secret), `${what} holds ${secret}`);
  const unit = body.accommodationUnit as Record<string, unknown>;
  assert.equal(unit.wifiDetails, null, `${what}: WiFi`);
  assert.equal(unit.address, null, `${what}: address`);
  assert.equal(unit.description, null, `${what}: house notes`);
  assert.equal(body.awaitingHost, true, `${what}: says the host will confirm`);
}

/** The answer gives the house to the holder of the receipt. */
function assertHouse(body: Record<string, unknown>, code: string, what: string) {
  const unit = body.accommodationUnit as Record<string, Record<string, unknown> | string>;
  assert.equal((unit.wifiDetails as Record<string, unknown>)?.password, "lozinka-123", what);
  assert.equal(unit.address, "Obala 7, Split", what);
  assert.equal(unit.description, "Ključ je ispod otirača.", what);
  assert.equal(body.code, code, `${what}: the stay's own link`);
  assert.notEqual(body.awaitingHost, true, what);
}

Deno.test("approval required: the door's receipt shows nothing of the house until the host approves", () =>
  withStay({ automaticCheckIn: false }, async ({ app, token, code, unitCode }) => {
    const door = `/api/Reservations/Current/${unitCode}`;
    const byCode = `/api/Reservations/${code}`;

    // A made-up guest at the door: sent to the host, and nothing more.
    const mallory = await checkIn(app, { accommodationUnitCode: unitCode }, MALLORY);
    assertSentToHost(mallory, "the door check-in's answer");
    assert.equal(mallory.body.code, null, "the door check-in's answer: the stay's code");
    assert.ok(!mallory.text.includes(code), "the door check-in's answer holds the stay's code");
    assert.equal(mallory.body.guests[0].awaitingHost, true);
    assert.equal(mallory.body.guests[0].name, "Mallory", "the device sees its own guest");
    const malloryReceipt = mallory.body.receipt.token;
    const doorRead = await read(app, door, malloryReceipt);
    assertSentToHost(doorRead, "the door read with the receipt");
    assert.equal(doorRead.body.code, null, "the door read: the stay's code");
    assert.equal(doorRead.body.receiptValid, true);
    assertSentToHost(await read(app, byCode, malloryReceipt), "the link read with the receipt");

    // Someone holding the stay's link fares no better.
    const karl = await checkIn(app, { reservationCode: code }, KARL);
    assertSentToHost(karl, "the link check-in's answer");
    assertSentToHost(await read(app, byCode, karl.body.receipt.token), "the link read");

    // The host says "not my guest" of Mallory and approves the rest: Karl gets the house.
    const malloryId = mallory.body.guests[0].id;
    const disowned = await postWith(app, `/api/Guests/${malloryId}/notMine`, {}, token);
    assert.equal(disowned.status, 200, await disowned.clone().text());
    const approved = await postWith(app, `/api/Reservations/${code}/approveGuests`, {
      guestIds: [karl.body.guests.find((g: { name: string | null }) => g.name !== null).id],
    }, token);
    assert.equal(approved.status, 200, await approved.clone().text());
    assert.equal((await approved.json()).approved, 1);

    for (const path of [door, byCode]) {
      assertHouse((await read(app, path, karl.body.receipt.token)).body, code, path);
      const refused = await read(app, path, malloryReceipt);
      for (const secret of HOUSE) {
        assert.ok(!refused.text.includes(secret), `${path}: "not my guest" still learns ${secret}`);
      }
      assert.equal(refused.body.accommodationUnit.wifiDetails, null);
    }
    assert.equal((await read(app, door, malloryReceipt)).body.code, null);

    // A guest at the door approved by the host: the door read with its receipt gives the house.
    const birgitte = await checkIn(app, { accommodationUnitCode: unitCode }, BIRGITTE);
    assertSentToHost(birgitte, "a later door check-in's answer");
    assertSentToHost(await read(app, door, birgitte.body.receipt.token), "its door read");
    const again = await postWith(app, `/api/Reservations/${code}/approveGuests`, {
      guestIds: [birgitte.body.guests.find((g: { name: string | null }) => g.name !== null).id],
    }, token);
    assert.equal((await again.json()).approved, 1);
    assertHouse((await read(app, door, birgitte.body.receipt.token)).body, code, "door, approved");
  }));

Deno.test("automatic check-in on: the receipt shows the house at once, as before", () =>
  withStay({ automaticCheckIn: true }, async ({ app, code, unitCode }) => {
    const byDoor = await checkIn(app, { accommodationUnitCode: unitCode }, BIRGITTE);
    assertHouse(byDoor.body, code, "the door check-in's answer");
    assertHouse(
      (await read(app, `/api/Reservations/Current/${unitCode}`, byDoor.body.receipt.token)).body,
      code,
      "the door read",
    );
    const byLink = await checkIn(app, { reservationCode: code }, KARL);
    assertHouse(byLink.body, code, "the link check-in's answer");
  }));
