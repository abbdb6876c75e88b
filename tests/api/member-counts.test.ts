/**
 * Issue 32 item 7: a team member's pages count what the member can see. Reception and a co-host
 * of Ana's property see her stays and guests in the dashboard's figures, and her units on the
 * calendars page; only those who manage the property's settings see its calendar links.
 */
import assert from "node:assert/strict";
import { calendarFeeds } from "@core/db/schema/calendar-feeds.ts";
import { getWith, postWith } from "../support/accounts.ts";
import { postJson } from "../support/app.ts";
import { BIRGITTE } from "../support/guests.ts";
import { premiumHost, teamMember, type TeamWorld, withTeamWorld } from "../support/team.ts";

/** 10 August 2026, 09:00 in Zagreb. */
const NOW = new Date("2026-08-10T07:00:00Z");
const FEED = "https://www.airbnb.com/calendar/ical/1234567.ics?s=secret-token";

type World = TeamWorld;
const withWorld = (fn: (w: World) => Promise<void>) => withTeamWorld(NOW, fn);
const host = premiumHost;
const member = teamMember;

async function json<T>(w: World, path: string, session: string): Promise<T> {
  const res = await getWith(w.app, path, session);
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json() as T;
}

interface StatisticsView {
  totalGuests: number;
  guestsCurrentlyHosting: number;
  totalReservations: number;
  reservationsCurrentlyHosting: number;
}
interface CalendarView {
  accommodationUnitCode: string;
  exportUrl: string | null;
  canManage: boolean;
  feeds: { url: string }[];
}

Deno.test("members count the shared property's stays and guests and see its units' calendars", async () => {
  await withWorld(async (w) => {
    const ana = await host(w, "ana@example.com", "0034643");
    const pero = await host(w, "pero@example.com", "0099999");
    const rita = await member(w, ana, "rita@example.com", "Reception");
    const ivo = await member(w, ana, "ivo@example.com", "CoHost");
    // A stay under way today with one guest checked in, and one next month.
    for (const [start, end] of [["2026-08-09", "2026-08-12"], ["2026-09-01", "2026-09-05"]]) {
      const created = await postWith(w.app, "/api/Reservations", {
        accommodationUnitId: ana.unit.id,
        startDateUTC: `${start}T12:00:00.000Z`,
        endDateUTC: `${end}T12:00:00.000Z`,
      }, ana.session);
      assert.equal(created.status, 200, await created.clone().text());
      if (start !== "2026-08-09") continue;
      const { code } = await created.json();
      const checkIn = await w.app.request(postJson("/api/Reservations/Guests", {
        reservationCode: code,
        reservationGuests: [{ ...BIRGITTE, documentNumber: "DK4815162342" }],
      }));
      assert.equal(checkIn.status, 200, await checkIn.clone().text());
    }
    await w.db.insert(calendarFeeds).values({
      id: crypto.randomUUID(),
      userId: ana.userId,
      accommodationUnitId: ana.unit.id,
      url: FEED,
      createdAt: NOW,
    });
    await postWith(w.app, `/api/Calendars/Export/${ana.unit.code}`, {}, ana.session);

    const owners = await json<StatisticsView>(w, "/api/Statistics", ana.session);
    assert.equal(owners.totalReservations, 2);
    assert.equal(owners.totalGuests, 1);
    for (const session of [rita, ivo]) {
      const theirs = await json<StatisticsView>(w, "/api/Statistics", session);
      assert.deepEqual(
        [theirs.totalReservations, theirs.totalGuests, theirs.reservationsCurrentlyHosting],
        [owners.totalReservations, owners.totalGuests, owners.reservationsCurrentlyHosting],
      );
    }
    // Pero, who shares nothing with Ana, counts none of hers.
    const peros = await json<StatisticsView>(w, "/api/Statistics", pero.session);
    assert.equal(peros.totalReservations, 0);

    const calendars = (session: string) =>
      json<{ items: CalendarView[] }>(w, "/api/Calendars?PageNumber=1&PageSize=50", session);
    const [ivos] = (await calendars(ivo)).items;
    assert.equal(ivos.accommodationUnitCode, ana.unit.code);
    assert.equal(ivos.canManage, true);
    assert.deepEqual(ivos.feeds.map((f) => f.url), [FEED]);
    assert.ok(ivos.exportUrl);
    // Reception sees the unit and its stays, not the links that carry the platforms' secrets.
    const [ritas] = (await calendars(rita)).items;
    assert.equal(ritas.accommodationUnitCode, ana.unit.code);
    assert.equal(ritas.canManage, false);
    assert.deepEqual(ritas.feeds, []);
    assert.equal(ritas.exportUrl, null);
    assert.equal(
      (await calendars(pero.session)).items.some((c) => c.accommodationUnitCode === ana.unit.code),
      false,
    );
  });
});
