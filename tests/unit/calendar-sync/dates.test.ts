import assert from "node:assert/strict";
import { newlyCovered, relativeToToday } from "@shared/date-range.ts";
import { addDays, daysBetween, instantOfWallTime, isIsoDate, todayIn } from "@shared/local-date.ts";
import { resolveTimeZoneName } from "../../../workers/calendar-sync/time-zone-names.ts";

Deno.test("calendar arithmetic crosses months, leap days and DST without drifting", () => {
  assert.equal(addDays("2026-12-31", 1), "2027-01-01");
  assert.equal(addDays("2028-02-28", 1), "2028-02-29");
  assert.equal(addDays("2027-03-27", 2), "2027-03-29");
  assert.equal(addDays("2026-11-20", -365), "2025-11-20");
  assert.equal(daysBetween("2027-10-20", "2028-04-12"), 175);
  assert.equal(daysBetween("2027-03-26", "2027-03-29"), 3);
  assert.equal(isIsoDate("2027-02-29"), false);
  assert.equal(isIsoDate("2028-02-29"), true);
});

Deno.test("today is the date in Zagreb, not on the server's clock", () => {
  // 23:30 UTC on 20 November is already 21 November in Croatia (UTC+1 in winter).
  assert.equal(todayIn("Europe/Zagreb", new Date("2026-11-20T23:30:00Z")), "2026-11-21");
  assert.equal(todayIn("Europe/Zagreb", new Date("2026-11-20T22:59:59Z")), "2026-11-20");
  // 22:30 UTC on 1 July is 00:30 on 2 July in summer (UTC+2).
  assert.equal(todayIn("Europe/Zagreb", new Date("2026-07-01T22:30:00Z")), "2026-07-02");
});

Deno.test("wall-clock times map to the right instants on both sides of a DST switch", () => {
  const wall = (day: number, hour: number) => ({
    year: 2027,
    month: 3,
    day,
    hour,
    minute: 0,
    second: 0,
  });
  assert.equal(
    new Date(instantOfWallTime(wall(26, 15), "Europe/Zagreb")).toISOString(),
    "2027-03-26T14:00:00.000Z",
  );
  assert.equal(
    new Date(instantOfWallTime(wall(28, 10), "Europe/Zagreb")).toISOString(),
    "2027-03-28T08:00:00.000Z",
  );
});

Deno.test("past, current and future relative to today (check-out day counts as past)", () => {
  const today = "2026-11-20";
  assert.equal(relativeToToday({ start: "2026-11-15", end: "2026-11-20" }, today), "past");
  assert.equal(relativeToToday({ start: "2026-11-20", end: "2026-11-21" }, today), "current");
  assert.equal(relativeToToday({ start: "2026-10-12", end: "2026-11-28" }, today), "current");
  assert.equal(relativeToToday({ start: "2026-11-21", end: "2026-11-22" }, today), "future");
});

Deno.test("only the nights a moved stay newly claims are checked for clashes", () => {
  const before = { start: "2027-01-10", end: "2027-01-14" };
  assert.deepEqual(newlyCovered(before, { start: "2027-01-08", end: "2027-01-16" }), [
    { start: "2027-01-08", end: "2027-01-10" },
    { start: "2027-01-14", end: "2027-01-16" },
  ]);
  assert.deepEqual(newlyCovered(before, { start: "2027-01-11", end: "2027-01-13" }), []);
  const elsewhere = { start: "2027-02-01", end: "2027-02-03" };
  assert.deepEqual(newlyCovered(before, elsewhere), [elsewhere]);
});

Deno.test("TZIDs without VTIMEZONE: IANA, prefixed, Windows and Outlook display names", () => {
  assert.equal(resolveTimeZoneName("Europe/Zagreb"), "Europe/Zagreb");
  assert.equal(resolveTimeZoneName('"Europe/Zagreb"'), "Europe/Zagreb");
  assert.equal(resolveTimeZoneName("/mozilla.org/20050126_1/Europe/Zagreb"), "Europe/Zagreb");
  assert.equal(resolveTimeZoneName("Central Europe Standard Time"), "Europe/Budapest");
  assert.equal(resolveTimeZoneName("Central European Standard Time"), "Europe/Warsaw");
  assert.equal(
    resolveTimeZoneName("(UTC+01:00) Sarajevo, Skopje, Warsaw, Zagreb"),
    "Europe/Warsaw",
  );
  assert.equal(resolveTimeZoneName("Customized Time Zone"), null);
});
