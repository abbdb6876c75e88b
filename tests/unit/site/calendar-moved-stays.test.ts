/**
 * Stays with registered guests whose arrival a platform moved (a sync conflict flagged
 * `registered`) are no double bookings: "Sync now" and the dashboard count them apart, with the
 * way to the stay, instead of among the overlapping stays with the double-booking advice.
 */
import assert from "node:assert/strict";
import type { CalendarSyncRun, UnitCalendar } from "@shared/schemas/calendar.ts";
import { translatePlural, translator } from "../../../site/src/i18n/translate.ts";
import { outcomeOf } from "../../../site/src/features/calendars/use-calendar-sync.ts";
import { calendarIssuesOf } from "../../../site/src/features/dashboard/use-dashboard-data.ts";
import { stayPageUrl } from "../../../site/src/lib/navigation/routes.ts";

const FETCHED = "2026-11-26T07:40:00.000Z";
const conflict = (withCode: string, registered: boolean) => ({
  start: "2026-12-03",
  end: "2026-12-06",
  summary: "Reserved",
  withCode,
  registered,
});

function unitWith(conflicts: CalendarSyncRun["conflicts"]): UnitCalendar {
  return {
    accommodationUnitId: "u1",
    accommodationUnitCode: "APT1",
    accommodationUnitName: "Apartman 1",
    propertyId: "p1",
    propertyName: "Vila Ana",
    canManage: true,
    exportUrl: null,
    feeds: [{
      id: "f1",
      url: "https://www.airbnb.com/calendar/ical/77.ics?s=secret",
      platform: "Airbnb",
      lastFetchAt: FETCHED,
      lastSuccessAt: FETCHED,
      lastStatus: 200,
      eventCount: 3,
      lastError: null,
      failingSince: null,
      lastRun: { finishedAt: FETCHED, added: 0, updated: 0, removed: 0, conflicts, error: null },
    }],
  };
}

Deno.test("'Sync now' counts a moved registered stay apart from the conflicts, with its link", () => {
  const before = new Map([["f1", "2026-11-26T07:00:00.000Z"]]);
  const outcome = outcomeOf(
    [unitWith([conflict("K7X2P9", true), conflict("B4M8Q1", false)])],
    before,
  );
  assert.equal(outcome?.conflicts, 1, "only the overlapping stay is a conflict");
  assert.deepEqual(outcome?.moved, [{ code: "K7X2P9", propertyId: "p1", unitCode: "APT1" }]);
  assert.equal(
    stayPageUrl(outcome!.moved[0]),
    "/app/rezervacije?propertyId=p1&unit=APT1&stay=K7X2P9",
  );
  const onlyMoved = outcomeOf([unitWith([conflict("K7X2P9", true)])], before);
  assert.equal(onlyMoved?.conflicts, 0);
  assert.equal(onlyMoved?.moved.length, 1);
  assert.equal(
    translatePlural("en", "calendars.sync.moved", 1),
    "1 stay moved on the platform needs you:",
  );
  assert.equal(
    translatePlural("hr", "calendars.sync.moved", 1),
    "1 boravak pomaknut na platformi čeka vas:",
  );
  assert.equal(
    translatePlural("hr", "calendars.sync.moved", 3),
    "3 boravka pomaknuta na platformi čekaju vas:",
  );
  assert.equal(translator("en")("calendars.sync.movedStay", { code: "K7X2P9" }), "stay K7X2P9");
});

Deno.test("the dashboard lists a moved registered stay apart, leading to the stay", () => {
  const { issues } = calendarIssuesOf([
    unitWith([conflict("K7X2P9", true), conflict("B4M8Q1", false)]),
  ]);
  assert.deepEqual(
    issues.map(({ kind, conflicts, stayCode }) => ({ kind, conflicts, stayCode })),
    [
      { kind: "conflicts", conflicts: 1, stayCode: undefined },
      { kind: "moved", conflicts: 1, stayCode: "K7X2P9" },
    ],
  );
  assert.deepEqual(
    calendarIssuesOf([unitWith([conflict("K7X2P9", true)])]).issues.map((i) => i.kind),
    ["moved"],
    "no conflict row for a moved stay alone",
  );
  assert.equal(
    translatePlural("en", "dashboard.calendars.moved", 1, { feed: "Airbnb" }),
    "Airbnb: 1 moved stay needs you",
  );
  assert.equal(
    translatePlural("hr", "dashboard.calendars.moved", 1, { feed: "Airbnb" }),
    "Airbnb: 1 pomaknut boravak čeka vas",
  );
});
