import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { MESSAGES } from "@shared/messages.ts";
import { createHost, getWith, postWith, signIn, userIdOf } from "../support/accounts.ts";
import { withTestApp } from "../support/app.ts";
import { seedMirroredAccount } from "../support/properties.ts";

/** 20 November 2026, 11:00 in Zagreb: the fixtures' reference day. */
const NOW = new Date("2026-11-20T10:00:00Z");
const at = (date: string) => `${date}T12:00:00.000Z`;

type Ctx = Parameters<Parameters<typeof withTestApp>[0]>[0] & {
  token: string;
  other: string;
  units: { id: string; code: string; propertyId: string }[];
};

function withUnits(fn: (ctx: Ctx) => Promise<void>) {
  return withTestApp(async (ctx) => {
    const ana = await createHost(ctx.app, ctx.db, { email: "ana@example.com" });
    await createHost(ctx.app, ctx.db, { email: "bruno@example.com" });
    await seedMirroredAccount(ctx.db, ana);
    const token = (await signIn(ctx.app, "ana@example.com")).accessToken;
    const other = (await signIn(ctx.app, "bruno@example.com")).accessToken;
    const [property] =
      (await (await getWith(ctx.app, "/api/Properties?PageNumber=1&PageSize=5", token)).json())
        .items;
    await fn({ ...ctx, token, other, units: property.accommodationUnits });
  }, { now: NOW });
}

const book = (ctx: Ctx, unit: number, start: string, end: string, description?: string) =>
  postWith(ctx.app, "/api/Reservations", {
    accommodationUnitId: ctx.units[unit].id,
    startDateUTC: at(start),
    endDateUTC: at(end),
    description,
  }, ctx.token);

const listCodes = async (ctx: Ctx, query: string) =>
  (await (await getWith(ctx.app, `/api/Reservations?PageNumber=1&PageSize=50&${query}`, ctx.token))
    .json())
    .items.map((r: { description: string }) => r.description);

Deno.test("POST /api/Reservations enters a stay with a code, Zagreb times and a derived status", () =>
  withUnits(async (ctx) => {
    const res = await book(ctx, 0, "2026-12-01", "2026-12-05", "Obitelj iz Graza");
    assert.equal(res.status, 200);
    const stay = await res.json();
    assert.match(stay.code, /^[A-HJ-NP-Z2-9]{10}$/);
    assert.equal(stay.startDateUTC, "2026-12-01T13:00:00.000Z", "14:00 in Zagreb (CET)");
    assert.equal(stay.endDateUTC, "2026-12-05T09:00:00.000Z", "10:00 in Zagreb");
    assert.equal(stay.status, "Pending");
    assert.equal(stay.type, "Manual");
    assert.equal(stay.accommodationUnit.code, ctx.units[0].code);
    assert.deepEqual(stay.guests, []);
  }));

Deno.test("POST /api/Reservations refuses a taken night but allows a same-day turnover", () =>
  withUnits(async (ctx) => {
    assert.equal((await book(ctx, 0, "2026-12-01", "2026-12-05")).status, 200);
    const overlap = await book(ctx, 0, "2026-12-04", "2026-12-08");
    assert.equal(overlap.status, 409);
    assert.deepEqual((await overlap.json()).errors, {
      startDateUTC: ["There is already a reservation for this date"],
    });
    assert.equal(
      (await book(ctx, 0, "2026-12-05", "2026-12-08")).status,
      200,
      "check-out day = next check-in",
    );
    assert.equal(
      (await book(ctx, 0, "2026-11-28", "2026-12-01")).status,
      200,
      "check-in day = previous check-out",
    );
    assert.equal(
      (await book(ctx, 1, "2026-12-02", "2026-12-03")).status,
      200,
      "another unit is free",
    );
  }));

Deno.test("POST /api/Reservations explains a missing or empty date range", () =>
  withUnits(async (ctx) => {
    const empty = await postWith(ctx.app, "/api/Reservations", {
      accommodationUnitId: ctx.units[0].id,
    }, ctx.token);
    assert.deepEqual((await empty.json()).errors, {
      startDateUTC: ["Please select a date range"],
      endDateUTC: ["Please select a date range"],
    });
    const reversed = await book(ctx, 0, "2026-12-05", "2026-12-01");
    assert.equal(reversed.status, 400);
    assert.deepEqual((await reversed.json()).errors, {
      endDateUTC: ["Please select at least one day"],
    });
  }));

Deno.test("reservations belong to their host: another host's unit or code is unknown", () =>
  withUnits(async (ctx) => {
    const { code } = await (await book(ctx, 0, "2026-12-01", "2026-12-05", "Ključ kod susjeda"))
      .json();
    const foreignUnit = await postWith(ctx.app, "/api/Reservations", {
      accommodationUnitId: ctx.units[0].id,
      startDateUTC: at("2027-01-01"),
      endDateUTC: at("2027-01-03"),
    }, ctx.other);
    assert.equal(foreignUnit.status, 404);
    // The code is the check-in link's key: another host (like anyone) sees what a guest sees.
    const seen = await getWith(ctx.app, `/api/Reservations/${code}`, ctx.other);
    assert.equal(seen.status, 200);
    const publicView = await seen.json();
    assert.equal("description" in publicView, false, "no host notes");
    assert.equal("externalCalendarLink" in publicView.accommodationUnit, false);
    const del = await ctx.app.request(`/api/Reservations/${code}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${ctx.other}` },
    });
    assert.equal(del.status, 404);
    const list =
      await (await getWith(ctx.app, "/api/Reservations?PageNumber=1&PageSize=5", ctx.other)).json();
    assert.equal(list.totalCount, 0);
  }));

Deno.test("GET /api/Reservations filters by period, status, unit, property, dates and search", () =>
  withUnits(async (ctx) => {
    await book(ctx, 0, "2026-11-10", "2026-11-14", "past");
    await book(ctx, 0, "2026-11-18", "2026-11-20", "left-today");
    await book(ctx, 0, "2026-11-20", "2026-11-23", "arrives-today");
    await book(ctx, 1, "2026-11-19", "2026-11-25", "ongoing");
    await book(ctx, 1, "2026-12-24", "2026-12-27", "christmas");

    assert.deepEqual(await listCodes(ctx, "ReservationFilter=1"), ["christmas"]);
    assert.deepEqual(await listCodes(ctx, "ReservationFilter=2"), ["ongoing", "arrives-today"]);
    assert.deepEqual(await listCodes(ctx, "ReservationFilter=3"), ["past", "left-today"]);
    assert.deepEqual(
      await listCodes(ctx, "ReservationStatuses=Pending&ReservationStatuses=Expired"),
      ["past", "left-today", "christmas"],
    );
    assert.deepEqual(await listCodes(ctx, "ReservationStatuses=Active"), [
      "ongoing",
      "arrives-today",
    ]);
    assert.deepEqual(await listCodes(ctx, `AccommodationUnitCode=${ctx.units[1].code}`), [
      "ongoing",
      "christmas",
    ]);
    assert.equal((await listCodes(ctx, `PropertyId=${ctx.units[0].propertyId}`)).length, 5);
    assert.deepEqual(await listCodes(ctx, "StartDate=2026-11-21&EndDate=2026-11-24"), [
      "ongoing",
      "arrives-today",
    ]);
    assert.deepEqual(await listCodes(ctx, "SearchValue=christ"), ["christmas"]);
    const secondUnit = ctx.units[1] as { code: string; name?: string };
    const unitName = (await (await getWith(
      ctx.app,
      `/api/AccommodationUnits/${secondUnit.code}`,
      ctx.token,
    )).json()).name;
    assert.deepEqual(
      await listCodes(ctx, `SearchValue=${encodeURIComponent(unitName)}`),
      ["ongoing", "christmas"],
      "search finds stays by their unit's name",
    );
    assert.deepEqual(
      await listCodes(ctx, "ReservationFilter=3&SortDescending=true"),
      ["left-today", "past"],
      "stays that are over, most recent first",
    );
    const page =
      await (await getWith(ctx.app, "/api/Reservations?PageNumber=2&PageSize=2", ctx.token)).json();
    assert.deepEqual([page.totalCount, page.totalPages, page.hasPreviousPage, page.hasNextPage], [
      5,
      3,
      true,
      true,
    ]);
    const bad = await getWith(
      ctx.app,
      "/api/Reservations?PageNumber=1&PageSize=5&ReservationStatuses=Asleep",
      ctx.token,
    );
    assert.equal(bad.status, 400);
  }));

Deno.test("GET /api/Reservations/Current/{code} gives a guest today's stay of the unit, without the host's notes", () =>
  withUnits(async (ctx) => {
    await book(ctx, 0, "2026-11-17", "2026-11-20", "leaving today");
    const arriving = await (await book(ctx, 0, "2026-11-20", "2026-11-22", "private note")).json();
    const res = await ctx.app.request(`/api/Reservations/Current/${ctx.units[0].code}`);
    assert.equal(res.status, 200, "no sign-in: the guest only has the QR code");
    const current = await res.json();
    assert.equal(current.code, null, "the door code is the key; the stay's own is not handed out");
    assert.equal(
      current.startDate,
      "2026-11-20",
      "on a changeover day the arriving guests check in",
    );
    assert.equal(current.endDate, arriving.endDate);
    assert.equal("description" in current, false);
    assert.equal(current.accommodationUnit.wifiDetails, null);

    const none = await ctx.app.request(`/api/Reservations/Current/${ctx.units[1].code}`);
    assert.equal(none.status, 404);
    const noStay = await none.json();
    assert.equal(noStay.code, "NoStayToday");
    assert.equal(
      noStay.detail,
      "There is no stay in this unit today. Check-in by the door code opens at 18:00 the evening " +
        "before arrival.",
    );
    const unknown = await ctx.app.request("/api/Reservations/Current/no-such-unit");
    assert.equal(unknown.status, 404);
    assert.equal((await unknown.json()).code, "UnknownCode");
  }));

Deno.test("GET /api/Reservations/Current/{code} never offers a block as a stay to check in to", () =>
  withUnits(async (ctx) => {
    const now = new Date();
    await ctx.db.insert(reservations).values({
      id: crypto.randomUUID(),
      code: "BLOCK23456",
      userId: await userIdOf(ctx.db, "ana@example.com"),
      propertyId: ctx.units[2].propertyId,
      accommodationUnitId: ctx.units[2].id,
      startDate: "2026-11-15",
      endDate: "2026-12-15",
      kind: "block",
      type: "Airbnb",
      sourceFeedId: "feed-1",
      sourceUid: "block@airbnb.com",
      createdAt: now,
      updatedAt: now,
    });
    assert.equal(
      (await ctx.app.request(`/api/Reservations/Current/${ctx.units[2].code}`)).status,
      404,
    );
    const moved = await ctx.app.request("/api/Reservations/BLOCK23456", {
      method: "PUT",
      headers: { Authorization: `Bearer ${ctx.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        accommodationUnitId: ctx.units[2].id,
        startDateUTC: at("2026-11-16"),
        endDateUTC: at("2026-12-15"),
      }),
    });
    assert.equal(moved.status, 409);
    assert.equal((await moved.json()).code, "ImportedReservation");
  }));

Deno.test("PUT and DELETE /api/Reservations/{code} change and remove a manual stay", () =>
  withUnits(async (ctx) => {
    const { code } = await (await book(ctx, 0, "2026-12-01", "2026-12-05", "Ključ kod susjeda"))
      .json();
    await book(ctx, 0, "2026-12-10", "2026-12-12");
    const put = (start: string, end: string) =>
      ctx.app.request(`/api/Reservations/${code}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${ctx.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          accommodationUnitId: ctx.units[0].id,
          startDateUTC: at(start),
          endDateUTC: at(end),
          description: "produženo",
        }),
      });
    assert.equal((await put("2026-12-01", "2026-12-11")).status, 409, "would cover a taken night");
    const ok = await put("2026-12-02", "2026-12-10");
    assert.equal(ok.status, 200, "moving within its own nights is fine");
    const changed = await ok.json();
    assert.equal(changed.code, code);
    assert.equal(changed.description, "produženo");
    const del = await ctx.app.request(`/api/Reservations/${code}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${ctx.token}` },
    });
    assert.equal(del.status, 204);
    assert.equal((await getWith(ctx.app, `/api/Reservations/${code}`, ctx.token)).status, 404);
  }));

Deno.test("a stay entered by hand carries its guest count and lead guest, within the unit's beds", () =>
  withUnits(async (ctx) => {
    // Issue 32 item 11: the host had only the note for how many were coming and who booked.
    const entered = (body: Record<string, unknown>) =>
      postWith(ctx.app, "/api/Reservations", {
        accommodationUnitId: ctx.units[0].id,
        startDateUTC: at("2026-12-01"),
        endDateUTC: at("2026-12-05"),
        ...body,
      }, ctx.token);
    const res = await entered({ numberOfGuests: 2, leadGuestName: " Ana Horvat " });
    assert.equal(res.status, 200, await res.clone().text());
    const stay = await res.json();
    assert.deepEqual([stay.numberOfGuests, stay.leadGuestName], [2, "Ana Horvat"]);
    const read = await (await getWith(ctx.app, `/api/Reservations/${stay.code}`, ctx.token)).json();
    assert.deepEqual([read.numberOfGuests, read.leadGuestName], [2, "Ana Horvat"]);

    // More than the unit sleeps, or no number of people: refused, saying what to do.
    const [unit] = await ctx.db.select().from(accommodationUnits)
      .where(eq(accommodationUnits.id, ctx.units[0].id));
    const over = await entered({ numberOfGuests: (unit.capacity ?? 4) + 1 });
    assert.equal(over.status, 400);
    const problem = await over.json();
    assert.equal(problem.code, "TooManyGuests");
    assert.deepEqual(problem.errors.numberOfGuests, [MESSAGES.stayGuestsOverCapacity]);
    for (const numberOfGuests of [0, 2.5, "dva"]) {
      const bad = await entered({ numberOfGuests });
      assert.equal(bad.status, 400, String(numberOfGuests));
      assert.deepEqual((await bad.json()).errors.numberOfGuests, ["Please enter a valid number"]);
    }

    // Left out on a change, they are cleared; given, they change.
    const changed = await ctx.app.request(`/api/Reservations/${stay.code}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${ctx.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        accommodationUnitId: ctx.units[0].id,
        startDateUTC: at("2026-12-01"),
        endDateUTC: at("2026-12-05"),
        numberOfGuests: 3,
      }),
    });
    assert.equal(changed.status, 200);
    assert.deepEqual(
      [
        (await changed.json()).numberOfGuests,
        (await getWith(
          ctx.app,
          `/api/Reservations/${stay.code}`,
          ctx.token,
        ).then((r) => r.json())).leadGuestName,
      ],
      [3, null],
    );
  }));
