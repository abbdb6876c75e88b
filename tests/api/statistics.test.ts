import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { DocumentType, Gender, type GuestStatus } from "@shared/enums.ts";
import { guests } from "@core/db/schema/guests.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { postJson, withTestApp } from "../support/app.ts";
import { demoFacility, seedMirroredAccount } from "../support/properties.ts";

/**
 * 31 July 2026, 22:30 UTC: already 1 August, 00:30 in Zagreb. Today is 1 August and this month is
 * August for the host, while UTC still says 31 July: a stay arriving on 1 August is under way,
 * one leaving on 1 August is over, and the 12 months end with August.
 */
const NOW = new Date("2026-07-31T22:30:00Z");
/** A year earlier, before any of the stays below ended, so their guests could still check in. */
const BEFORE = new Date("2025-08-01T08:00:00Z");
const at = (date: string) => `${date}T12:00:00.000Z`;

/** The 12 months of the series, oldest first, ending with the Zagreb month of NOW. */
const MONTHS = [
  "2025-09",
  "2025-10",
  "2025-11",
  "2025-12",
  "2026-01",
  "2026-02",
  "2026-03",
  "2026-04",
  "2026-05",
  "2026-06",
  "2026-07",
  "2026-08",
];
const series = (counts: Record<string, number>) =>
  MONTHS.map((month) => ({ month, count: counts[month] ?? 0 }));

const guest = (firstName: string) => ({
  firstName,
  surname: "Novak",
  gender: Gender.Male,
  dateOfBirth: "1985-03-02",
  citizenship: "AUT",
  countryOfBirth: "AUT",
  cityOfBirth: "Graz",
  countryOfResidence: "AUT",
  cityOfResidence: "Graz",
  documentType: DocumentType.Passport,
  documentNumber: `P${firstName.toUpperCase()}1`,
});

type Ctx = Parameters<Parameters<typeof withTestApp>[0]>[0];
type Unit = { id: string; propertyId: string };

async function unitsOf(ctx: Ctx, token: string): Promise<Unit[]> {
  const res = await getWith(ctx.app, "/api/Properties?PageNumber=1&PageSize=5", token);
  assert.equal(res.status, 200);
  return (await res.json()).items[0].accommodationUnits;
}

/** A stay entered by its host, with its guests checked in through the public check-in. */
async function stay(
  ctx: Ctx,
  token: string,
  unit: Unit,
  start: string,
  end: string,
  names: string[],
): Promise<string> {
  const res = await postWith(ctx.app, "/api/Reservations", {
    accommodationUnitId: unit.id,
    startDateUTC: at(start),
    endDateUTC: at(end),
  }, token);
  assert.equal(res.status, 200, await res.clone().text());
  const { code } = await res.json();
  if (names.length > 0) {
    const checkIn = await ctx.app.request(postJson("/api/Reservations/Guests", {
      reservationCode: code,
      reservationGuests: names.map(guest),
    }));
    assert.equal(checkIn.status, 200, await checkIn.clone().text());
  }
  return code;
}

async function reservationId(ctx: Ctx, code: string): Promise<string> {
  const [row] = await ctx.db.select({ id: reservations.id }).from(reservations)
    .where(eq(reservations.code, code));
  return row.id;
}

async function setGuestStatus(ctx: Ctx, code: string, name: string, status: GuestStatus) {
  const updated = await ctx.db.update(guests).set({
    status,
    registrationState: "registered",
    registeredAt: NOW,
    checkedOutAt: status === "CheckedOut" ? NOW : null,
  }).where(and(eq(guests.reservationId, await reservationId(ctx, code)), eq(guests.name, name)))
    .returning({ id: guests.id });
  assert.equal(updated.length, 1, `${name} is a guest of ${code}`);
}

async function statisticsOf(ctx: Ctx, token: string) {
  const res = await getWith(ctx.app, "/api/Statistics", token);
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json();
}

Deno.test("GET /api/Statistics counts the caller's stays and guests in Zagreb days and months", () =>
  withTestApp(async (ctx) => {
    const ana = await createHost(ctx.app, ctx.db, { email: "ana@example.com" });
    const bruno = await createHost(ctx.app, ctx.db, { email: "bruno@example.com" });
    await seedMirroredAccount(ctx.db, ana);
    await seedMirroredAccount(ctx.db, bruno, [demoFacility("fac-bruno", "0099001")]);

    // A year back: every stay is still ahead, so the guests can check in on the public page.
    ctx.clock.advanceMinutes((BEFORE.getTime() - NOW.getTime()) / 60_000);
    const anaToken = (await signIn(ctx.app, "ana@example.com")).accessToken;
    const brunoToken = (await signIn(ctx.app, "bruno@example.com")).accessToken;
    const [apt1, apt2, apt3, room] = await unitsOf(ctx, anaToken);
    const [brunoApt] = await unitsOf(ctx, brunoToken);

    // Before the 12 months shown: counted in the totals only.
    await stay(ctx, anaToken, apt1, "2025-08-20", "2025-08-25", ["Ana", "Ivo"]);
    // One night, 30 September: September only (the check-out day is not a night).
    await stay(ctx, anaToken, apt2, "2025-09-30", "2025-10-01", ["Lea"]);
    // Nights in June and in July: counted in both months.
    await stay(ctx, anaToken, apt1, "2026-06-28", "2026-07-03", ["Eva", "Jan", "Max", "Noa"]);
    // Leaves today (1 August in Zagreb): over, and no night in August.
    const leftToday = await stay(ctx, anaToken, apt1, "2026-07-27", "2026-08-01", ["Tea", "Vid"]);
    // Under way since 29 July; one of its guests has checked out already.
    const ongoing = await stay(ctx, anaToken, apt3, "2026-07-29", "2026-08-05", [
      "Ema",
      "Luka",
      "Mia",
    ]);
    // Arrives today in Zagreb (still 31 July in UTC): under way, not checked in yet.
    await stay(ctx, anaToken, apt2, "2026-08-01", "2026-08-04", ["Ena", "Tin"]);
    // Ahead: counted in the totals, in no month shown.
    await stay(ctx, anaToken, room, "2026-09-10", "2026-09-15", ["Rea", "Leo"]);
    // Cancelled later: counted nowhere.
    const cancelled = await stay(ctx, anaToken, room, "2026-07-10", "2026-07-12", ["Ira", "Ante"]);
    // Bruno's stays, one under way today: never in Ana's figures.
    const brunoNow = await stay(ctx, brunoToken, brunoApt, "2026-07-30", "2026-08-02", [
      "Oto",
      "Ida",
    ]);
    await stay(ctx, brunoToken, brunoApt, "2026-03-01", "2026-03-04", ["Pia"]);

    ctx.clock.advanceMinutes((NOW.getTime() - BEFORE.getTime()) / 60_000);
    assert.equal(ctx.clock.now().toISOString(), NOW.toISOString());

    for (const name of ["Ema", "Luka"]) await setGuestStatus(ctx, ongoing, name, "CheckedIn");
    await setGuestStatus(ctx, ongoing, "Mia", "CheckedOut");
    // Still checked in after leaving (eVisitor check-out pending): the stay is over all the same.
    for (const name of ["Tea", "Vid"]) await setGuestStatus(ctx, leftToday, name, "CheckedIn");
    for (const name of ["Oto", "Ida"]) await setGuestStatus(ctx, brunoNow, name, "CheckedIn");
    await ctx.db.update(reservations).set({ canceledAt: NOW })
      .where(eq(reservations.code, cancelled));
    // A block under way today (dates closed, nobody arrives): neither a stay nor hosting.
    await ctx.db.insert(reservations).values({
      id: crypto.randomUUID(),
      code: "BLOCK00001",
      userId: ana,
      propertyId: room.propertyId,
      accommodationUnitId: room.id,
      startDate: "2026-07-30",
      endDate: "2026-08-03",
      kind: "block",
      type: "Airbnb",
      createdAt: NOW,
      updatedAt: NOW,
    });

    const anaStats = await statisticsOf(
      ctx,
      (await signIn(ctx.app, "ana@example.com")).accessToken,
    );
    assert.deepEqual(anaStats, {
      // 2 + 1 + 4 + 2 + 3 + 2 + 2: every live stay's guests, past and future.
      totalGuests: 16,
      // Ema and Luka (Mia has checked out), Ena and Tin (arrived today).
      guestsCurrentlyHosting: 4,
      // Seven stays: not the cancelled one, not the block.
      totalReservations: 7,
      // The stay since 29 July and the one arriving today; not the one that left today.
      reservationsCurrentlyHosting: 2,
      guestsPerMonth: series({
        "2025-09": 1,
        "2026-06": 4,
        "2026-07": 4 + 2 + 3,
        "2026-08": 3 + 2,
      }),
      reservationsPerMonth: series({ "2025-09": 1, "2026-06": 1, "2026-07": 3, "2026-08": 2 }),
    });

    const brunoStats = await statisticsOf(
      ctx,
      (await signIn(ctx.app, "bruno@example.com")).accessToken,
    );
    assert.deepEqual(brunoStats, {
      totalGuests: 3,
      guestsCurrentlyHosting: 2,
      totalReservations: 2,
      reservationsCurrentlyHosting: 1,
      guestsPerMonth: series({ "2026-03": 1, "2026-07": 2, "2026-08": 2 }),
      reservationsPerMonth: series({ "2026-03": 1, "2026-07": 1, "2026-08": 1 }),
    });
  }, { now: NOW }));

Deno.test("GET /api/Statistics for a new host is all zeros with twelve empty months", () =>
  withTestApp(async (ctx) => {
    await createHost(ctx.app, ctx.db, { email: "ana@example.com" });
    const token = (await signIn(ctx.app, "ana@example.com")).accessToken;
    assert.deepEqual(await statisticsOf(ctx, token), {
      totalGuests: 0,
      guestsCurrentlyHosting: 0,
      totalReservations: 0,
      reservationsCurrentlyHosting: 0,
      guestsPerMonth: series({}),
      reservationsPerMonth: series({}),
    });
  }, { now: NOW }));

Deno.test("GET /api/Statistics needs a signed-in host", () =>
  withTestApp(async (ctx) => {
    const res = await ctx.app.request("/api/Statistics");
    assert.equal(res.status, 401);
  }, { now: NOW }));
