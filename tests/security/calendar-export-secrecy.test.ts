/**
 * Issue 30, N1: the exported calendar gives nothing away. Its address goes to Airbnb, Booking.com,
 * channel managers and whoever else the host once gave it to; a stay's code opens the guests'
 * check-in page (post guests, read the WiFi password and the address), so the feed must not carry
 * it. Each event's UID is random and kept with the stay (the same on every fetch), no text names a
 * code or links to a guest page, and the address can be replaced (the old one answering 404 at
 * once) by the owner and co-hosts, alone or while removing a team member.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { subscriptions } from "@core/db/schema/billing.ts";
import { properties } from "@core/db/schema/properties.ts";
import { propertyMembers } from "@core/db/schema/property-members.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import type { Database } from "@core/db/client.ts";
import { issueInvitationCode } from "@core/services/property-members/invitation-code.ts";
import { bearer, createHost, postWith, signIn } from "../support/accounts.ts";
import { TEST_PUBLIC_URL, type TestApp, withTestApp } from "../support/app.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";

const NOW = new Date("2026-11-20T10:00:00Z");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Host {
  session: string;
  propertyId: string;
  unit: typeof accommodationUnits.$inferSelect;
}

async function host(app: TestApp, db: Database, email: string, code: string): Promise<Host> {
  const userId = await createHost(app, db, { email });
  await db.update(subscriptions).set({ packageId: "premium" })
    .where(eq(subscriptions.userId, userId));
  await seedMirroredAccount(db, userId, [demoFacility(`fac-${code}`, code)]);
  const [property] = await db.select().from(properties).where(eq(properties.userId, userId));
  const [unit] = await db.select().from(accommodationUnits)
    .where(eq(accommodationUnits.propertyId, property.id));
  return { session: (await signIn(app, email)).accessToken, propertyId: property.id, unit };
}

/** The owner invites `email` with `role`; they sign up and accept. Answers their session. */
async function member(app: TestApp, db: Database, owner: Host, email: string, role: string) {
  const res = await postWith(
    app,
    `/api/Properties/${owner.propertyId}/members`,
    { email, role },
    owner.session,
  );
  assert.equal(res.status, 201, await res.clone().text());
  const code = await issueInvitationCode(db, (await res.json()).id, NOW);
  await createHost(app, db, { email });
  const session = (await signIn(app, email)).accessToken;
  const accepted = await postWith(app, "/api/Properties/members/accept", { code }, session);
  assert.equal(accepted.status, 200, await accepted.clone().text());
  return session;
}

async function book(app: TestApp, owner: Host, start: string, end: string): Promise<string> {
  const res = await postWith(app, "/api/Reservations", {
    accommodationUnitId: owner.unit.id,
    startDateUTC: `${start}T14:00:00Z`,
    endDateUTC: `${end}T09:00:00Z`,
  }, owner.session);
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()).code;
}

function call(app: TestApp, method: string, path: string, session: string) {
  return app.request(path, { method, headers: bearer(session) });
}

async function exportUrlOf(app: TestApp, owner: Host): Promise<string> {
  const res = await call(app, "POST", `/api/Calendars/Export/${owner.unit.code}`, owner.session);
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()).exportUrl;
}

async function fetchFeed(app: TestApp, url: string): Promise<Response> {
  return await app.request(new URL(url).pathname);
}

async function feedOf(app: TestApp, url: string): Promise<string> {
  const res = await fetchFeed(app, url);
  assert.equal(res.status, 200, url);
  return await res.text();
}

const uidsOf = (body: string) =>
  new ICAL.Component(ICAL.parse(body)).getAllSubcomponents("vevent")
    .map((event) => String(event.getFirstPropertyValue("uid")));

async function renew(app: TestApp, owner: Host, session: string) {
  return await call(app, "POST", `/api/Calendars/Export/${owner.unit.code}/renew`, session);
}

Deno.test("the exported feed's UIDs name no stay and stay the same from one fetch to the next", () =>
  withTestApp(async ({ app, db }) => {
    const ana = await host(app, db, "ana@example.com", "0034643");
    const codes = [
      await book(app, ana, "2026-12-01", "2026-12-04"),
      await book(app, ana, "2026-12-10", "2026-12-12"),
    ];
    const url = await exportUrlOf(app, ana);
    const first = await feedOf(app, url);
    const second = await feedOf(app, url);

    const uids = uidsOf(first);
    assert.equal(uids.length, 2, first);
    for (const uid of uids) {
      const [random, domain] = uid.split("@");
      assert.match(random, UUID, uid);
      assert.equal(domain, "prijavko.hr", "our own events stay recognisable when re-imported");
    }
    assert.notEqual(uids[0], uids[1]);
    assert.deepEqual(uidsOf(second), uids, "the same UIDs on the next fetch");
    // The UID is the one stored with the stay.
    const stored = await db.select({ exportUid: reservations.exportUid }).from(reservations);
    assert.deepEqual(
      new Set(stored.map((r) => `${r.exportUid}@prijavko.hr`)),
      new Set(uids),
    );

    // No stay code anywhere in the feed (UID, SUMMARY, DESCRIPTION, URL, …), in any case, and no
    // address of ours but the calendar's own name: no guest-page link, no unit code.
    const unfolded = first.replace(/\r\n[ \t]/g, "");
    for (const code of codes) {
      assert.ok(!unfolded.toUpperCase().includes(code.toUpperCase()), `${code} in the feed`);
    }
    assert.ok(!unfolded.includes(ana.unit.code), "the unit's door code in the feed");
    assert.ok(!unfolded.includes(new URL(TEST_PUBLIC_URL).host), "a link of ours in the feed");
    const names = new Set(
      unfolded.split("\r\n").filter(Boolean).map((line) => line.split(/[:;]/, 1)[0]),
    );
    assert.deepEqual(
      [...names].sort(),
      [
        "BEGIN",
        "CALSCALE",
        "DTEND",
        "DTSTAMP",
        "DTSTART",
        "END",
        "METHOD",
        "PRODID",
        "SUMMARY",
        "TRANSP",
        "UID",
        "VERSION",
        "X-WR-CALNAME",
      ],
      "only dates and fixed words: no DESCRIPTION, URL, LOCATION, ATTENDEE or the like",
    );
  }, { now: NOW }));

Deno.test("a stay an older release inserted without a UID gets one at the next export, kept", () =>
  withTestApp(async ({ app, db }) => {
    const ana = await host(app, db, "ana@example.com", "0034643");
    const code = await book(app, ana, "2026-12-01", "2026-12-04");
    await db.update(reservations).set({ exportUid: null }).where(eq(reservations.code, code));
    const url = await exportUrlOf(app, ana);
    const [uid] = uidsOf(await feedOf(app, url));
    assert.match(uid.split("@")[0], UUID);
    assert.deepEqual(uidsOf(await feedOf(app, url)), [uid]);
    const [row] = await db.select().from(reservations).where(eq(reservations.code, code));
    assert.equal(`${row.exportUid}@prijavko.hr`, uid);
  }, { now: NOW }));

Deno.test("renewing the export address: the old one answers 404 at once, the new one the same feed", () =>
  withTestApp(async ({ app, db }) => {
    const ana = await host(app, db, "ana@example.com", "0034643");
    await book(app, ana, "2026-12-01", "2026-12-04");
    const old = await exportUrlOf(app, ana);
    const before = uidsOf(await feedOf(app, old));

    const res = await renew(app, ana, ana.session);
    assert.equal(res.status, 200, await res.clone().text());
    const { exportUrl } = await res.json();
    assert.notEqual(exportUrl, old);
    assert.match(exportUrl, /\/api\/Calendars\/Export\/[A-Za-z0-9_-]{20,100}\.ics$/);

    const gone = await fetchFeed(app, old);
    await gone.body?.cancel();
    assert.equal(gone.status, 404, "the old address is dead");
    assert.deepEqual(uidsOf(await feedOf(app, exportUrl)), before, "the same events");
    // The calendars list and the create call now give the new address.
    assert.equal(await exportUrlOf(app, ana), exportUrl);
    const list = await call(app, "GET", "/api/Calendars?PageNumber=1&PageSize=10", ana.session);
    assert.equal((await list.json()).items[0].exportUrl, exportUrl);
  }, { now: NOW }));

Deno.test("only the owner and co-hosts may renew the export address; reception and others not", () =>
  withTestApp(async ({ app, db }) => {
    const ana = await host(app, db, "ana@example.com", "0034643");
    const pero = await host(app, db, "pero@example.com", "0099999");
    const coHost = await member(app, db, ana, "ivo@example.com", "CoHost");
    const reception = await member(app, db, ana, "rita@example.com", "Reception");
    let url = await exportUrlOf(app, ana);

    for (
      const [who, session, status] of [["reception", reception, 403], [
        "a stranger",
        pero.session,
        404,
      ]] as const
    ) {
      const res = await renew(app, ana, session);
      assert.equal(res.status, status, `${who}: ${await res.clone().text()}`);
      assert.equal((await fetchFeed(app, url)).status, 200, `${who} did not replace it`);
    }
    // Nor through removing a member (reception may leave, but not renew on the way).
    const [ritaRow] = await db.select().from(propertyMembers)
      .where(eq(propertyMembers.email, "rita@example.com"));
    const leave = await call(
      app,
      "DELETE",
      `/api/Properties/${ana.propertyId}/members/${ritaRow.id}?RenewCalendarExports=true`,
      reception,
    );
    assert.equal(leave.status, 403, await leave.clone().text());
    assert.equal((await fetchFeed(app, url)).status, 200);

    for (const session of [coHost, ana.session]) {
      const res = await renew(app, ana, session);
      assert.equal(res.status, 200, await res.clone().text());
      const next = (await res.json()).exportUrl;
      assert.equal((await fetchFeed(app, url)).status, 404);
      assert.equal((await fetchFeed(app, next)).status, 200);
      url = next;
    }
  }, { now: NOW }));

Deno.test("removing a co-host can renew every export address of the property in the same step", () =>
  withTestApp(async ({ app, db }) => {
    const ana = await host(app, db, "ana@example.com", "0034643");
    await member(app, db, ana, "ivo@example.com", "CoHost");
    await member(app, db, ana, "marko@example.com", "CoHost");
    const url = await exportUrlOf(app, ana);
    const memberId = async (email: string) =>
      (await db.select().from(propertyMembers).where(eq(propertyMembers.email, email)))[0].id;

    // Without the flag the address stays (removing reception, say).
    const plain = await call(
      app,
      "DELETE",
      `/api/Properties/${ana.propertyId}/members/${await memberId("marko@example.com")}`,
      ana.session,
    );
    assert.equal(plain.status, 204, await plain.clone().text());
    assert.equal((await fetchFeed(app, url)).status, 200);

    const removed = await call(
      app,
      "DELETE",
      `/api/Properties/${ana.propertyId}/members/${await memberId(
        "ivo@example.com",
      )}?RenewCalendarExports=true`,
      ana.session,
    );
    assert.equal(removed.status, 204, await removed.clone().text());
    const gone = await fetchFeed(app, url);
    await gone.body?.cancel();
    assert.equal(gone.status, 404, "the address the co-host saw is dead");
    const next = await exportUrlOf(app, ana);
    assert.notEqual(next, url);
    assert.equal((await fetchFeed(app, next)).status, 200);
    // A unit that had no address still has none.
    const units = await db.select().from(accommodationUnits)
      .where(eq(accommodationUnits.propertyId, ana.propertyId));
    assert.equal(units.filter((u) => u.calendarExportToken !== null).length, 1);
  }, { now: NOW }));

Deno.test("the migration gives every existing stay its own random export UID", async () => {
  const dir = await Deno.makeTempDir({ prefix: "export-uid-migration-" });
  const folder = new URL("../../core/db/migrations", import.meta.url).pathname;
  const before = `${dir}/before`;
  try {
    // The migrations up to the one before, as a database of the previous release has them.
    await Deno.mkdir(`${before}/meta`, { recursive: true });
    const journal = JSON.parse(await Deno.readTextFile(`${folder}/meta/_journal.json`));
    const at = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith("export_uid"));
    assert.ok(at > 0, "the migration is in the journal");
    journal.entries = journal.entries.slice(0, at);
    await Deno.writeTextFile(`${before}/meta/_journal.json`, JSON.stringify(journal));
    for (const entry of journal.entries) {
      await Deno.copyFile(`${folder}/${entry.tag}.sql`, `${before}/${entry.tag}.sql`);
    }
    const client = createClient({ url: `file:${dir}/app.db` });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      await client.execute("PRAGMA foreign_keys = OFF");
      for (let i = 0; i < 50; i++) {
        await client.execute({
          sql: `INSERT INTO reservations (id, code, user_id, property_id, accommodation_unit_id,
            start_date, end_date, kind, type, created_at, updated_at)
            VALUES (?, ?, 'u', 'p', 'a', '2026-12-01', '2026-12-04', 'booking', 'Manual', 0, 0)`,
          args: [`r-${i}`, `CODE${i}`],
        });
      }
      await migrate(db, { migrationsFolder: folder });
      const rows = (await client.execute("SELECT code, export_uid FROM reservations")).rows;
      assert.equal(rows.length, 50);
      for (const row of rows) assert.match(String(row.export_uid), UUID);
      assert.equal(new Set(rows.map((row) => row.export_uid)).size, 50, "all different");
    } finally {
      client.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
