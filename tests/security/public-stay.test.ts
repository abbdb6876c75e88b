/**
 * Issue 20 items 2 and 3: what the check-in page's public answers (by a stay's code, by a unit's
 * door code, after a check-in) may and may not hold, the check-in receipt that shows one device
 * the WiFi and its own guests, the door's window and a renewed door code.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { postJson, type TestApp, TestClock, withTestApp } from "../support/app.ts";
import { BIRGITTE } from "../support/guests.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { guests } from "@core/db/schema/guests.ts";
import { properties } from "@core/db/schema/properties.ts";
import type { Database } from "@core/db/client.ts";

/** 11:00 in Zagreb. */
const NOW = new Date("2026-11-20T10:00:00Z");
const KARL = {
  ...BIRGITTE,
  firstName: "Karl",
  surname: "Nielsen",
  dateOfBirth: "1979-03-14",
  documentNumber: "208811345",
};
const RECEIPT = "Checkin-Receipt";

interface Door {
  app: TestApp;
  db: Database;
  clock: TestClock;
  token: string;
  units: (typeof accommodationUnits.$inferSelect)[];
}

/**
 * Ana's property with two units, WiFi, house notes, an address and a contact for guests. It checks
 * guests in automatically: with that off a receipt shows the house only once the host approved its
 * guests (approval-receipt.test.ts).
 */
async function withDoor(fn: (door: Door) => Promise<void>) {
  await withTestApp(async ({ app, db, clock }) => {
    const userId = await createHost(app, db, { email: "ana@example.com" });
    await seedMirroredAccount(db, userId, [demoFacility()], { automaticCheckIn: true });
    await db.update(properties).set({
      address: "Obala 7, Split",
      wifiName: "Kuca-Sunce",
      wifiPassword: "lozinka-123",
      wifiEncryptionType: 2,
      guestContactPhone: "+385 91 234 5678",
      guestContactWhatsApp: "+385 91 234 5678",
      guestContactEmail: "ana.domacica@example.com",
    });
    await db.update(accommodationUnits).set({ description: "Ključ je ispod otirača." });
    const units = await db.select().from(accommodationUnits).orderBy(accommodationUnits.name);
    assert.ok(units.length >= 2, "two units");
    const token = (await signIn(app, "ana@example.com")).accessToken;
    await fn({ app, db, clock, token, units });
  }, { now: NOW });
}

async function book(door: Door, unit: number, start: string, end: string): Promise<string> {
  const created = await postWith(door.app, "/api/Reservations", {
    accommodationUnitId: door.units[unit].id,
    startDateUTC: `${start}T14:00:00Z`,
    endDateUTC: `${end}T09:00:00Z`,
    description: "Plaća gotovinom",
  }, door.token);
  assert.equal(created.status, 200, await created.clone().text());
  return (await created.json()).code;
}

async function checkIn(app: TestApp, key: Record<string, string>, guest: unknown) {
  const res = await app.request(postJson("/api/Reservations/Guests", {
    ...key,
    reservationGuests: [guest],
  }));
  const text = await res.text();
  assert.equal(res.status, 200, text);
  assert.match(res.headers.get("Cache-Control") ?? "", /no-store/, "the receipt is never cached");
  return JSON.parse(text);
}

const read = (app: TestApp, path: string, receipt?: string) =>
  app.request(path, receipt ? { headers: { [RECEIPT]: receipt } } : {});

/** Nothing a person at the door should not learn, whatever the answer. */
function assertNothingPrivate(text: string, unitCode: string, what: string) {
  for (
    const secret of [
      unitCode,
      "1961-10-25",
      "109957822",
      "208811345",
      "Plaća gotovinom",
      "København",
      "externalCalendarLink",
    ]
  ) {
    assert.ok(!text.includes(secret), `${what} holds ${secret}`);
  }
}

Deno.test("public reads show initials, times and the host's contact; the WiFi only to a receipt", () =>
  withDoor(async (door) => {
    const { app, units } = door;
    const code = await book(door, 0, "2026-11-20", "2026-11-23");

    const byLink = await checkIn(app, { reservationCode: code }, BIRGITTE);
    assert.equal(byLink.code, code);
    assert.match(byLink.receipt.token, /^[\w-]{43}$/);
    assert.ok(byLink.receipt.expiresAt >= "2026-11-23T23:00:00.000Z", "lasts past check-out day");
    assert.equal(byLink.guests[0].name, "Birgitte", "the device that typed her sees her name");
    assert.equal(byLink.accommodationUnit.wifiDetails.password, "lozinka-123");

    const byDoor = await checkIn(app, { accommodationUnitCode: units[0].code }, KARL);
    assert.equal(byDoor.code, code, "the receipt holder learns the stay's own link");
    assert.deepEqual(
      byDoor.guests.map((g: { initials: string; name: string | null }) => [g.initials, g.name]),
      [["B. R.", null], ["K. N.", "Karl"]],
      "another device's guest is initials only",
    );

    const answers = {
      "by stay code": await read(app, `/api/Reservations/${code}`),
      "by door code": await read(app, `/api/Reservations/Current/${units[0].code}`),
    };
    for (const [what, res] of Object.entries(answers)) {
      assert.equal(res.status, 200, what);
      assert.match(res.headers.get("Cache-Control") ?? "", /no-store/, `${what}: not cached`);
      const text = await res.text();
      assertNothingPrivate(text, units[0].code, what);
      for (const name of ["Birgitte", "Rasmussen", "Karl", "Nielsen", "lozinka", "Kuca-Sunce"]) {
        assert.ok(!text.includes(name), `${what} holds ${name}`);
      }
      assert.ok(!text.includes("Ključ je ispod"), `${what}: house notes`);
      assert.ok(!text.includes("Obala 7"), `${what}: address`);
      const body = JSON.parse(text);
      assert.equal(body.guestCount, 2, what);
      assert.deepEqual(body.guests.map((g: { initials: string }) => g.initials), [
        "B. R.",
        "K. N.",
      ]);
      assert.equal(body.accommodationUnit.name, units[0].name, what);
      assert.equal(body.accommodationUnit.property.name, "Vila 0034643", what);
      assert.equal(body.accommodationUnit.defaultCheckInTime, "14:00", what);
      assert.equal(body.startDate, "2026-11-20", what);
      assert.deepEqual(body.hostContact, {
        phone: "+385 91 234 5678",
        whatsApp: "+385 91 234 5678",
        email: "ana.domacica@example.com",
      });
      assert.equal(body.receiptValid, false, what);
    }
    const doorText = await (await read(app, `/api/Reservations/Current/${units[0].code}`)).text();
    assert.ok(!doorText.includes(code), "a door read does not hand out the stay's link");

    // With Birgitte's receipt: the WiFi, the notes and the address, and only her name in full.
    for (
      const path of [`/api/Reservations/${code}`, `/api/Reservations/Current/${units[0].code}`]
    ) {
      const res = await read(app, path, byLink.receipt.token);
      assert.match(res.headers.get("Cache-Control") ?? "", /no-store/);
      const body = await res.json();
      assert.equal(body.receiptValid, true, path);
      assert.equal(body.code, code, path);
      assert.equal(body.accommodationUnit.wifiDetails.ssid, "Kuca-Sunce", path);
      assert.equal(body.accommodationUnit.description, "Ključ je ispod otirača.", path);
      assert.equal(body.accommodationUnit.address, "Obala 7, Split", path);
      assert.deepEqual(
        body.guests.map((g: { name: string | null }) => g.name),
        ["Birgitte", null],
        path,
      );
      assertNothingPrivate(JSON.stringify(body), units[0].code, path);
    }

    // A receipt of another stay opens nothing here; nor does a made-up one.
    const other = await book(door, 1, "2026-11-20", "2026-11-22");
    const elsewhere = await checkIn(app, { reservationCode: other }, {
      ...BIRGITTE,
      documentNumber: "555000111",
    });
    for (const receipt of [elsewhere.receipt.token, "x".repeat(43)]) {
      const body = await (await read(app, `/api/Reservations/${code}`, receipt)).json();
      assert.equal(body.receiptValid, false);
      assert.equal(body.accommodationUnit.wifiDetails, null);
    }

    // The receipt runs out after the check-out day.
    door.clock.advanceMinutes(5 * 24 * 60);
    const late = await (await read(app, `/api/Reservations/${code}`, byLink.receipt.token)).json();
    assert.equal(late.receiptValid, false);
    assert.equal(late.accommodationUnit.wifiDetails, null);
  }));

Deno.test("an unknown code says so, apart from a unit with no stay today (which names the host)", () =>
  withDoor(async ({ app, units }) => {
    for (
      const path of ["/api/Reservations/NOSUCHCODE", "/api/Reservations/Current/nosuchunit"]
    ) {
      const res = await app.request(path);
      assert.equal(res.status, 404);
      const body = await res.json();
      assert.equal(body.code, "UnknownCode", path);
      assert.equal(body.type, "/api/problems/UnknownCode");
      assert.equal(body.detail, "This code does not exist — check the link or ask your host.");
      assert.match(res.headers.get("Cache-Control") ?? "", /no-store/);
    }
    const empty = await app.request(`/api/Reservations/Current/${units[1].code}`);
    assert.equal(empty.status, 404);
    const body = await empty.json();
    assert.equal(body.code, "NoStayToday");
    assert.equal(body.hostContact.email, "ana.domacica@example.com");
  }));

Deno.test("the door admits tomorrow's guests only from 18:00 Zagreb the evening before", () =>
  withDoor(async (door) => {
    const { app, units, clock } = door;
    const code = await book(door, 0, "2026-11-21", "2026-11-24");
    const doorCheckIn = () =>
      app.request(postJson("/api/Reservations/Guests", {
        accommodationUnitCode: units[0].code,
        reservationGuests: [BIRGITTE],
      }));

    // 17:59 in Zagreb on the 20th (16:59 UTC): not yet.
    clock.advanceMinutes(6 * 60 + 59);
    const early = await app.request(`/api/Reservations/Current/${units[0].code}`);
    assert.equal(early.status, 404);
    assert.equal((await early.json()).code, "NoStayToday");
    const refused = await doorCheckIn();
    assert.equal(refused.status, 404);
    const refusal = await refused.json();
    assert.equal(refusal.code, "NoStayToday");
    assert.equal(
      refusal.detail,
      "There is no stay in this unit today. Check-in by the door code opens at 18:00 the evening " +
        "before arrival.",
    );
    assert.equal((await door.db.select().from(guests)).length, 0, "nobody was added");
    assert.ok(code);

    // 18:00: the evening before arrival.
    clock.advanceMinutes(1);
    const open = await app.request(`/api/Reservations/Current/${units[0].code}`);
    assert.equal(open.status, 200);
    const stay = await open.json();
    assert.equal(stay.startDate, "2026-11-21");
    assert.equal(stay.status, "Pending");
    const admitted = await doorCheckIn();
    assert.equal(admitted.status, 200, await admitted.clone().text());
    assert.equal((await admitted.json()).guests[0].registrationState, "waiting");
  }));

Deno.test("renewCode gives a unit a new door code: the old one is unknown, nothing else changes", () =>
  withDoor(async (door) => {
    const { app, units, token, db } = door;
    const code = await book(door, 0, "2026-11-20", "2026-11-22");
    const old = units[0].code;
    const before = await (await getWith(app, `/api/AccommodationUnits/${old}`, token)).json();

    const renewed = await postWith(
      app,
      `/api/AccommodationUnits/${units[0].id}/renewCode`,
      {},
      token,
    );
    assert.equal(renewed.status, 200);
    const unit = await renewed.json();
    assert.notEqual(unit.code, old);
    assert.match(unit.code, /^[a-z2-9]{12}$/);
    const { code: _old, checkInUrl: _url, ...kept } = before;
    const { code: _new, ...now } = unit;
    assert.deepEqual(now, kept, "name, WiFi, times, calendar and property stay");

    const gone = await app.request(`/api/Reservations/Current/${old}`);
    assert.equal(gone.status, 404);
    assert.equal((await gone.json()).code, "UnknownCode");
    const goneCheckIn = await app.request(postJson("/api/Reservations/Guests", {
      accommodationUnitCode: old,
      reservationGuests: [BIRGITTE],
    }));
    assert.equal(goneCheckIn.status, 404);
    assert.equal((await goneCheckIn.json()).code, "UnknownCode");
    assert.equal((await getWith(app, `/api/AccommodationUnits/${old}/qr.svg`, token)).status, 404);

    const fresh = await app.request(`/api/Reservations/Current/${unit.code}`);
    assert.equal(fresh.status, 200);
    assert.equal((await fresh.json()).startDate, "2026-11-20", "the same stay behind the new code");
    assert.equal((await app.request(`/api/Reservations/${code}`)).status, 200, "stay links stay");
    const [row] = await db.select().from(accommodationUnits)
      .where(eq(accommodationUnits.id, units[0].id));
    assert.equal(row.code, unit.code);

    const qr = await getWith(app, `/api/AccommodationUnits/${unit.code}`, token);
    assert.match((await qr.json()).checkInUrl, new RegExp(`/prijava/smjestaj/${unit.code}$`));
  }));
