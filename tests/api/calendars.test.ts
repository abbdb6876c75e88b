import assert from "node:assert/strict";
import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { calendarFeeds } from "@core/db/schema/calendar-feeds.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { guests } from "@core/db/schema/guests.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import type { Database } from "@core/db/client.ts";
import { bearer, createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { TEST_PUBLIC_URL, type TestApp, withTestApp } from "../support/app.ts";
import { BIRGITTE } from "../support/guests.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";

/** 20 November 2026, 11:00 in Zagreb: the fixtures' reference day. */
const NOW = new Date("2026-11-20T10:00:00Z");
const at = (date: string) => `${date}T12:00:00.000Z`;

const AIRBNB = "https://www.airbnb.com/calendar/ical/4815162342.ics?s=0a1b2c3d4e5f";
const BOOKING = "https://admin.booking.com/hotel/hoteladmin/ical.html?t=9f8e7d6c-5b4a";

interface Unit {
  id: string;
  code: string;
  name: string;
  propertyId: string;
}

interface Ctx {
  app: TestApp;
  db: Database;
  ana: string;
  token: string;
  other: string;
  property: { id: string; accommodationUnits: Unit[] };
}

/** Two hosts: Ana with a mirrored eVisitor property (four units), Bruno with nothing. */
function withHosts(fn: (ctx: Ctx) => Promise<void>, now = NOW) {
  return withTestApp(async ({ app, db }) => {
    const ana = await createHost(app, db, { email: "ana@example.com" });
    await createHost(app, db, { email: "bruno@example.com" });
    await seedMirroredAccount(db, ana);
    const token = (await signIn(app, "ana@example.com")).accessToken;
    const other = (await signIn(app, "bruno@example.com")).accessToken;
    const [property] =
      (await (await getWith(app, "/api/Properties?PageNumber=1&PageSize=5", token)).json()).items;
    await fn({ app, db, ana, token, other, property });
  }, { now });
}

const json = { "Content-Type": "application/json" };

async function createUnit(ctx: Ctx, name: string, externalCalendarLink?: string) {
  const res = await postWith(ctx.app, "/api/AccommodationUnits", {
    propertyId: ctx.property.id,
    name,
    externalCalendarLink,
  }, ctx.token);
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json() as Unit & { externalCalendarLink: string | null };
}

function putUnit(ctx: Ctx, unit: Unit, externalCalendarLink: string) {
  return ctx.app.request(`/api/AccommodationUnits/${unit.id}`, {
    method: "PUT",
    headers: { ...bearer(ctx.token), ...json },
    body: JSON.stringify({ propertyId: ctx.property.id, name: unit.name, externalCalendarLink }),
  });
}

const send = (ctx: Ctx, method: string, path: string, token = ctx.token) =>
  ctx.app.request(path, { method, headers: bearer(token) });

interface CalendarFeedView {
  id: string;
  url: string;
  platform: string | null;
  lastFetchAt: string | null;
}
interface UnitCalendarView {
  accommodationUnitCode: string;
  exportUrl: string | null;
  feeds: CalendarFeedView[];
}

async function calendarsOf(ctx: Ctx, token = ctx.token) {
  const res = await getWith(ctx.app, "/api/Calendars?PageNumber=1&PageSize=50", token);
  assert.equal(res.status, 200);
  return await res.json() as { totalCount: number; items: UnitCalendarView[] };
}

async function calendarOf(ctx: Ctx, unitCode: string): Promise<UnitCalendarView> {
  const calendar = (await calendarsOf(ctx)).items.find((c) => c.accommodationUnitCode === unitCode);
  assert.ok(calendar, `unit ${unitCode} is listed`);
  return calendar;
}

const syncRequests = async (db: Database) =>
  (await db.select().from(outbox).where(eq(outbox.subject, "calendar.sync.requested")))
    .map((row) => row.payload as { accommodationUnitId: string; force: boolean });

interface ReservationView {
  code: string;
  startDate: string;
  endDate: string;
  kind: string;
  imported: boolean;
  description: string | null;
  accommodationUnit: { code: string };
}

async function reservationsOf(ctx: Ctx, query = "") {
  const res = await getWith(
    ctx.app,
    `/api/Reservations?PageNumber=1&PageSize=50&SortBy=startDate${query}`,
    ctx.token,
  );
  assert.equal(res.status, 200);
  return (await res.json()).items as ReservationView[];
}

/** A stay as the calendar worker would have written it (or a manual one, without a feed). */
async function seedStay(
  ctx: Ctx,
  unit: Unit,
  { start, end, kind = "booking", feedId = null, code, description = null }: {
    start: string;
    end: string;
    kind?: "booking" | "block" | "unknown";
    feedId?: string | null;
    code: string;
    description?: string | null;
  },
) {
  await ctx.db.insert(reservations).values({
    id: crypto.randomUUID(),
    code,
    userId: ctx.ana,
    propertyId: unit.propertyId ?? ctx.property.id,
    accommodationUnitId: unit.id,
    startDate: start,
    endDate: end,
    kind,
    type: feedId ? "Airbnb" : "Manual",
    description,
    sourceFeedId: feedId,
    sourceUid: feedId ? `${code.toLowerCase()}@airbnb.com` : null,
    createdAt: NOW,
    updatedAt: NOW,
  });
}

async function book(ctx: Ctx, unit: Unit, start: string, end: string, description?: string) {
  const res = await postWith(ctx.app, "/api/Reservations", {
    accommodationUnitId: unit.id,
    startDateUTC: at(start),
    endDateUTC: at(end),
    description,
  }, ctx.token);
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json() as ReservationView;
}

Deno.test("a unit with an Airbnb and a Booking.com link gets two feeds and a sync right away", () =>
  withHosts(async (ctx) => {
    const unit = await createUnit(ctx, "Studio Lavanda", `${AIRBNB}\n${BOOKING}`);
    assert.equal(unit.externalCalendarLink, `${AIRBNB}\n${BOOKING}`);

    const calendar = await calendarOf(ctx, unit.code);
    assert.deepEqual(
      calendar.feeds.map((f) => [f.platform, f.url]).sort(),
      [["Airbnb", AIRBNB], ["Booking.com", BOOKING]],
    );
    assert.ok(calendar.feeds.every((f) => f.lastFetchAt === null), "not fetched yet");
    assert.equal(calendar.exportUrl, null, "no export address until the host asks for one");
    assert.deepEqual(await syncRequests(ctx.db), [{ accommodationUnitId: unit.id, force: true }]);

    // Links may also come separated by commas or spaces, with duplicates: one feed per address.
    const again = await createUnit(ctx, "Soba Ružmarin", ` ${AIRBNB}x, ${AIRBNB}x `);
    assert.equal(again.externalCalendarLink, `${AIRBNB}x`);
    assert.equal((await calendarOf(ctx, again.code)).feeds.length, 1);
  }));

Deno.test("dropping a link removes its feed and its future stays; past and current stays remain", () =>
  withHosts(async (ctx) => {
    const unit = await createUnit(ctx, "Apartman Kadulja", `${AIRBNB}\n${BOOKING}`);
    const airbnb = (await calendarOf(ctx, unit.code)).feeds.find((f) => f.platform === "Airbnb")!;
    const booking = (await calendarOf(ctx, unit.code)).feeds.find((f) =>
      f.platform === "Booking.com"
    )!;
    await seedStay(ctx, unit, {
      start: "2026-10-01",
      end: "2026-10-05",
      feedId: airbnb.id,
      code: "PASTAIRBNB",
    });
    await seedStay(ctx, unit, {
      start: "2026-11-18",
      end: "2026-11-23",
      feedId: airbnb.id,
      code: "NOWAIRBNB2",
    });
    await seedStay(ctx, unit, {
      start: "2026-12-10",
      end: "2026-12-14",
      feedId: airbnb.id,
      code: "NEXTAIRBNB",
    });
    await seedStay(ctx, unit, {
      start: "2026-12-15",
      end: "2026-12-18",
      feedId: airbnb.id,
      code: "HELDAIRBNB",
    });
    await seedStay(ctx, unit, {
      start: "2026-12-20",
      end: "2026-12-23",
      kind: "unknown",
      feedId: booking.id,
      code: "BOOKINGCOM",
    });
    // A guest of a stay ahead registered with eVisitor (early, as after a move): that stay stays.
    const checkin = await ctx.app.request("/api/Reservations/Guests", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ reservationCode: "HELDAIRBNB", reservationGuests: [BIRGITTE] }),
    });
    assert.equal(checkin.status, 200, await checkin.clone().text());
    await ctx.db.update(guests).set({ status: "CheckedIn" });
    const requestsBefore = (await syncRequests(ctx.db)).length;

    const res = await putUnit(ctx, unit, BOOKING);
    assert.equal(res.status, 200, await res.clone().text());

    const calendar = await calendarOf(ctx, unit.code);
    assert.deepEqual(calendar.feeds.map((f) => [f.id, f.platform]), [[booking.id, "Booking.com"]]);
    const stays = await reservationsOf(ctx);
    assert.deepEqual(
      stays.map((s) => [s.code, s.imported]),
      [
        ["PASTAIRBNB", false],
        ["NOWAIRBNB2", false],
        ["HELDAIRBNB", false],
        ["BOOKINGCOM", true],
      ],
      "the future Airbnb stay is gone, history and registered guests' stay remain (no longer tied to a feed), Booking.com's is untouched",
    );
    assert.equal((await syncRequests(ctx.db)).length, requestsBefore, "no new link, no new sync");

    // The stays it leaves behind came from Airbnb: the unit's own feed still does not carry them.
    const { exportUrl } = await (await send(ctx, "POST", `/api/Calendars/Export/${unit.code}`))
      .json();
    const exported = await (await ctx.app.request(new URL(exportUrl).pathname)).text();
    assert.deepEqual(
      new ICAL.Component(ICAL.parse(exported)).getAllSubcomponents("vevent")
        .map((e) => (e.getFirstPropertyValue("dtstart") as ICAL.Time).toString()),
      [],
      "no Airbnb stay is exported to Booking.com",
    );

    // Putting the link back is a new feed, synced at once.
    assert.equal((await putUnit(ctx, unit, `${BOOKING}\n${AIRBNB}`)).status, 200);
    assert.equal((await calendarOf(ctx, unit.code)).feeds.length, 2);
    assert.equal((await syncRequests(ctx.db)).length, requestsBefore + 1);
  }));

Deno.test("POST /api/Calendars/Sync queues one sync per unit with feeds, only the caller's", () =>
  withHosts(async (ctx) => {
    const first = await createUnit(ctx, "Apartman 1", AIRBNB);
    const second = await createUnit(ctx, "Apartman 2", `${AIRBNB}&u=2\n${BOOKING}`);
    await createUnit(ctx, "Apartman 3 (no calendar)");
    await ctx.db.delete(outbox);

    const all = await postWith(ctx.app, "/api/Calendars/Sync", {}, ctx.token);
    assert.equal(all.status, 202);
    assert.deepEqual(await all.json(), { units: 2 });
    assert.deepEqual(
      (await syncRequests(ctx.db)).map((r) => r.accommodationUnitId).sort(),
      [first.id, second.id].sort(),
      "one request per unit, however many feeds it has",
    );
    assert.ok((await syncRequests(ctx.db)).every((r) => r.force), "sync now skips nothing");

    await ctx.db.delete(outbox);
    const one = await postWith(ctx.app, "/api/Calendars/Sync", {
      accommodationUnitCode: second.code,
    }, ctx.token);
    assert.equal(one.status, 202);
    assert.deepEqual(await one.json(), { units: 1 });
    assert.deepEqual((await syncRequests(ctx.db)).map((r) => r.accommodationUnitId), [second.id]);

    await ctx.db.delete(outbox);
    const foreign = await postWith(ctx.app, "/api/Calendars/Sync", {
      accommodationUnitCode: first.code,
    }, ctx.other);
    assert.equal(foreign.status, 404);
    assert.equal(foreign.headers.get("Content-Type"), "application/problem+json");
    const nothing = await postWith(ctx.app, "/api/Calendars/Sync", {}, ctx.other);
    assert.deepEqual(await nothing.json(), { units: 0 });
    assert.deepEqual(await syncRequests(ctx.db), [], "another host queues nothing of Ana's");

    assert.equal(
      (await ctx.app.request(
        new Request("http://localhost/api/Calendars/Sync", {
          method: "POST",
          headers: json,
          body: "{}",
        }),
      )).status,
      401,
    );
  }));

Deno.test("another host sees none of a host's calendars and cannot touch its export link", () =>
  withHosts(async (ctx) => {
    const unit = await createUnit(ctx, "Apartman Smilje", AIRBNB);
    const { exportUrl } = await (await send(ctx, "POST", `/api/Calendars/Export/${unit.code}`))
      .json();

    const theirs = await calendarsOf(ctx, ctx.other);
    assert.equal(theirs.totalCount, 0);
    assert.deepEqual(theirs.items, []);
    const byCode = await getWith(
      ctx.app,
      `/api/Calendars?PageNumber=1&PageSize=10&AccommodationUnitCode=${unit.code}`,
      ctx.other,
    );
    assert.deepEqual((await byCode.json()).items, []);

    const create = await send(ctx, "POST", `/api/Calendars/Export/${unit.code}`, ctx.other);
    assert.equal(create.status, 404);
    const revoke = await send(ctx, "DELETE", `/api/Calendars/Export/${unit.code}`, ctx.other);
    assert.equal(revoke.status, 404);
    assert.equal(
      (await ctx.app.request(new URL(exportUrl).pathname)).status,
      200,
      "Ana's address still works",
    );
    assert.equal((await calendarOf(ctx, unit.code)).exportUrl, exportUrl);
  }));

Deno.test("the export feed carries only stays made here, as anonymous all-day events", () =>
  withHosts(async (ctx) => {
    const unit = await createUnit(ctx, "Apartman Maslina", AIRBNB);
    const [feed] = (await calendarOf(ctx, unit.code)).feeds;
    const manual = await book(
      ctx,
      unit,
      "2026-12-01",
      "2026-12-05",
      "Obitelj Horvat, tel. 091 555 1234, kasni dolazak",
    );
    await seedStay(ctx, unit, {
      start: "2026-12-10",
      end: "2026-12-14",
      feedId: feed.id,
      code: "FROMAIRBNB",
      description: "Reserved",
    });

    const created = await send(ctx, "POST", `/api/Calendars/Export/${unit.code}`);
    assert.equal(created.status, 200);
    const { exportUrl } = await created.json();
    assert.ok(exportUrl.startsWith(`${TEST_PUBLIC_URL}/api/Calendars/Export/`), exportUrl);
    assert.match(exportUrl, /\/[A-Za-z0-9_-]{20,}\.ics$/);
    const again = await (await send(ctx, "POST", `/api/Calendars/Export/${unit.code}`)).json();
    assert.equal(again.exportUrl, exportUrl, "the same address every time");
    assert.equal((await calendarOf(ctx, unit.code)).exportUrl, exportUrl);

    // Booking platforms fetch it without signing in.
    const path = new URL(exportUrl).pathname;
    const res = await ctx.app.request(path);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("Content-Type") ?? "", /^text\/calendar/);
    const etag = res.headers.get("ETag");
    assert.ok(etag);
    const body = await res.text();
    const calendar = new ICAL.Component(ICAL.parse(body));
    const events = calendar.getAllSubcomponents("vevent");
    assert.equal(events.length, 1, "the imported Airbnb stay is not exported back");
    const [event] = events;
    assert.ok(String(event.getFirstPropertyValue("uid")).endsWith("@prijavko.hr"));
    assert.equal(event.getFirstPropertyValue("summary"), "Reserved");
    const start = event.getFirstPropertyValue("dtstart") as ICAL.Time;
    const end = event.getFirstPropertyValue("dtend") as ICAL.Time;
    assert.ok(start.isDate && end.isDate, "all-day dates");
    assert.deepEqual([start.toString(), end.toString()], [manual.startDate, manual.endDate]);
    assert.equal(event.getFirstProperty("description"), null);
    for (const secret of ["Horvat", "091", "kasni", "FROMAIRBNB", "20261210"]) {
      assert.ok(!body.includes(secret), `the feed does not contain ${secret}`);
    }

    // A platform asking again with the ETag gets 304; a new stay changes the feed.
    const cached = await ctx.app.request(path, { headers: { "If-None-Match": etag } });
    assert.equal(cached.status, 304);
    assert.equal(await cached.text(), "");
    const later = await book(ctx, unit, "2027-01-02", "2027-01-04");
    const changed = await ctx.app.request(path, { headers: { "If-None-Match": etag } });
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.get("ETag"), etag);
    const dates = new ICAL.Component(ICAL.parse(await changed.text()))
      .getAllSubcomponents("vevent")
      .map((e) => (e.getFirstPropertyValue("dtstart") as ICAL.Time).toString());
    assert.deepEqual(dates.sort(), [manual.startDate, later.startDate]);

    // Revoking: the old address is dead, and a new one is different.
    assert.equal((await send(ctx, "DELETE", `/api/Calendars/Export/${unit.code}`)).status, 204);
    assert.equal((await ctx.app.request(path)).status, 404);
    assert.equal((await calendarOf(ctx, unit.code)).exportUrl, null);
    const renewed = await (await send(ctx, "POST", `/api/Calendars/Export/${unit.code}`)).json();
    assert.notEqual(renewed.exportUrl, exportUrl);
    assert.equal((await ctx.app.request(new URL(renewed.exportUrl).pathname)).status, 200);
    assert.equal((await ctx.app.request(path)).status, 404, "the old one stays dead");
    assert.equal(
      (await ctx.app.request("/api/Calendars/Export/not-a-real-token-000000000.ics")).status,
      404,
    );
  }));

Deno.test("deleting a unit or a property with stays and feeds removes them", () =>
  withHosts(async (ctx) => {
    const unit = await createUnit(ctx, "Apartman Vrijesak", `${AIRBNB}\n${BOOKING}`);
    const [feed] = (await calendarOf(ctx, unit.code)).feeds;
    await book(ctx, unit, "2026-12-01", "2026-12-05");
    await seedStay(ctx, unit, {
      start: "2026-12-10",
      end: "2026-12-14",
      feedId: feed.id,
      code: "FROMAIRBNB",
    });
    const seeded = ctx.property.accommodationUnits[0];
    await book(ctx, seeded, "2026-12-01", "2026-12-03", "stays");

    const res = await send(ctx, "DELETE", `/api/AccommodationUnits/${unit.code}`);
    assert.equal(res.status, 204, await res.clone().text());
    assert.equal(
      (await getWith(ctx.app, `/api/AccommodationUnits/${unit.code}`, ctx.token)).status,
      404,
    );
    assert.deepEqual(
      (await reservationsOf(ctx, "&IncludeBlocks=true")).map((r) => r.accommodationUnit.code),
      [seeded.code],
      "only the other unit's stay is left",
    );
    assert.ok(!(await calendarsOf(ctx)).items.some((c) => c.accommodationUnitCode === unit.code));
    assert.deepEqual(
      await ctx.db.select().from(calendarFeeds).where(
        eq(calendarFeeds.accommodationUnitId, unit.id),
      ),
      [],
    );

    // The whole property, with a unit that has a feed and stays.
    await putUnit(ctx, seeded, BOOKING);
    const gone = await send(ctx, "DELETE", `/api/Properties/${ctx.property.id}`);
    assert.equal(gone.status, 204, await gone.clone().text());
    assert.deepEqual(await reservationsOf(ctx, "&IncludeBlocks=true"), []);
    assert.equal((await calendarsOf(ctx)).totalCount, 0);
    assert.deepEqual(await ctx.db.select().from(calendarFeeds), []);
  }));

Deno.test("GET /api/Reservations leaves blocks out unless IncludeBlocks=true", () =>
  withHosts(async (ctx) => {
    const [unit] = ctx.property.accommodationUnits;
    const stay = await book(ctx, unit, "2026-12-01", "2026-12-05");
    await seedStay(ctx, unit, {
      start: "2027-01-06",
      end: "2027-01-08",
      kind: "block",
      feedId: "feed-airbnb",
      code: "BLOCKED234",
      description: "Airbnb (Not available)",
    });
    await seedStay(ctx, unit, {
      start: "2027-02-01",
      end: "2027-02-03",
      kind: "unknown",
      feedId: "feed-booking",
      code: "CLOSED2345",
    });

    assert.deepEqual(
      (await reservationsOf(ctx)).map((r) => [r.code, r.kind, r.imported]),
      [[stay.code, "Booking", false], ["CLOSED2345", "Unknown", true]],
    );
    const all = await reservationsOf(ctx, "&IncludeBlocks=true");
    assert.deepEqual(all.map((r) => [r.code, r.kind, r.startDate, r.endDate]), [
      [stay.code, "Booking", "2026-12-01", "2026-12-05"],
      ["BLOCKED234", "Block", "2027-01-06", "2027-01-08"],
      ["CLOSED2345", "Unknown", "2027-02-01", "2027-02-03"],
    ]);
    assert.deepEqual((await reservationsOf(ctx, "&IncludeBlocks=false")).length, 2);
  }));

Deno.test("a calendar link that is not a link, or more than five, is refused with the field named", () =>
  withHosts(async (ctx) => {
    const refused = async (externalCalendarLink: string) => {
      const res = await postWith(ctx.app, "/api/AccommodationUnits", {
        propertyId: ctx.property.id,
        name: "Apartman",
        externalCalendarLink,
      }, ctx.token);
      assert.equal(res.status, 400);
      assert.equal(res.headers.get("Content-Type"), "application/problem+json");
      const problem = await res.json();
      assert.deepEqual(Object.keys(problem.errors), ["externalCalendarLink"]);
      return problem.errors.externalCalendarLink as string[];
    };
    assert.deepEqual(await refused("not a link"), ["Please enter valid calendar links"]);
    assert.deepEqual(await refused(`${AIRBNB}\nftp://example.com/cal.ics`), [
      "Please enter valid calendar links",
    ]);
    const six = Array.from({ length: 6 }, (_, i) => `${AIRBNB}&n=${i}`).join("\n");
    assert.deepEqual(await refused(six), ["At most 5 calendar links"]);

    const [unit] = ctx.property.accommodationUnits;
    const put = await putUnit(ctx, unit, "not a link");
    assert.equal(put.status, 400);
    assert.deepEqual(Object.keys((await put.json()).errors), ["externalCalendarLink"]);
    assert.deepEqual(await ctx.db.select().from(calendarFeeds), [], "nothing was saved");
  }));

Deno.test("the properties list shows occupancy over the next 30 nights, from today in Zagreb", () =>
  // 00:30 on 21 November in Zagreb, still the 20th in UTC.
  withTestApp(async ({ app, db }) => {
    const ana = await createHost(app, db, { email: "ana@example.com" });
    const oneUnit = (id: string, code: string) => {
      const facility = demoFacility(id, code);
      facility.units = [{ ...facility.units[0], numberOfEquivalentUnits: 1 }];
      return facility;
    };
    await seedMirroredAccount(db, ana, [oneUnit("fac-a", "0099001"), oneUnit("fac-b", "0099002")]);
    const token = (await signIn(app, "ana@example.com")).accessToken;
    const list = async () =>
      (await (await getWith(app, "/api/Properties?PageNumber=1&PageSize=5&SortBy=name", token))
        .json()).items;
    const [first, second] = await list();
    assert.deepEqual([first.name, second.name], ["Vila 0099001", "Vila 0099002"]);
    assert.equal(first.accommodationUnits.length, 1);
    assert.deepEqual(first.occupancy, {
      from: "2026-11-21",
      days: 30,
      bookedNights: 0,
      unitNights: 30,
      percent: 0,
    });

    const [unit] = first.accommodationUnits;
    const res = await postWith(app, "/api/Reservations", {
      accommodationUnitId: unit.id,
      startDateUTC: at("2026-11-22"),
      endDateUTC: at("2026-11-25"),
    }, token);
    assert.equal(res.status, 200, await res.clone().text());
    const stay = await res.json();
    assert.deepEqual([stay.startDate, stay.endDate], ["2026-11-22", "2026-11-25"]);
    // A stay that ended yesterday and one beyond the 30 nights do not count.
    for (const [start, end] of [["2026-11-18", "2026-11-21"], ["2026-12-21", "2026-12-24"]]) {
      const other = await postWith(app, "/api/Reservations", {
        accommodationUnitId: unit.id,
        startDateUTC: at(start),
        endDateUTC: at(end),
      }, token);
      assert.equal(other.status, 200);
    }
    const [after] = await list();
    assert.deepEqual(after.occupancy, {
      from: "2026-11-21",
      days: 30,
      bookedNights: 3,
      unitNights: 30,
      percent: 10,
    });

    // The unit moves to the other property, and its stays count there.
    const moved = await app.request(`/api/AccommodationUnits/${unit.id}`, {
      method: "PUT",
      headers: { ...bearer(token), ...json },
      body: JSON.stringify({ propertyId: second.id, name: unit.name }),
    });
    assert.equal(moved.status, 200);
    const [emptied, joined] = await list();
    assert.equal(emptied.occupancy, null, "a property without units has no occupancy");
    assert.deepEqual(joined.occupancy, {
      from: "2026-11-21",
      days: 30,
      bookedNights: 3,
      unitNights: 60,
      percent: 5,
    });
  }, { now: new Date("2026-11-20T23:30:00Z") }));
