import assert from "node:assert/strict";
import {
  addDays,
  parseDotNetDate,
  toCompactDate,
  toDotNetDate,
  toEVisitorTime,
  zagrebInstant,
} from "@core/evisitor/dates.ts";

Deno.test("the wiki's example date is local midnight of 1 January 2017", () => {
  assert.deepEqual(parseDotNetDate("/Date(1483225200000+0100)/"), {
    date: "2017-01-01",
    time: "00:00",
  });
  assert.equal(toDotNetDate("2017-01-01"), "/Date(1483225200000+0100)/");
});

Deno.test("summer dates carry +0200 and keep their local date", () => {
  const value = toDotNetDate("2026-07-10", "23:30");
  assert.match(value, /\+0200\)\/$/);
  assert.deepEqual(parseDotNetDate(value), { date: "2026-07-10", time: "23:30" });
});

Deno.test("a .NET date without offset is shown in Croatian time", () => {
  // 2026-07-09T22:30Z is 00:30 on 10 July in Zagreb.
  assert.deepEqual(parseDotNetDate(`/Date(${Date.UTC(2026, 6, 9, 22, 30)})/`), {
    date: "2026-07-10",
    time: "00:30",
  });
});

Deno.test("anything but a .NET date parses to null", () => {
  for (const value of [null, 5, "2026-07-10", "/Date(abc)/", "Date(123)"]) {
    assert.equal(parseDotNetDate(value), null);
  }
});

Deno.test("wall-clock times across the DST switch map to the right instants", () => {
  assert.equal(
    new Date(zagrebInstant("2026-03-29", "01:00")).toISOString(),
    "2026-03-29T00:00:00.000Z",
  );
  assert.equal(
    new Date(zagrebInstant("2026-03-29", "04:00")).toISOString(),
    "2026-03-29T02:00:00.000Z",
  );
});

Deno.test("action dates and times are YYYYMMDD and hh:mm", () => {
  assert.equal(toCompactDate("2026-07-01"), "20260701");
  assert.equal(toEVisitorTime("9:42"), "09:42");
  assert.equal(toEVisitorTime("23:59"), "23:59");
  assert.throws(() => toCompactDate("2026-02-30"), TypeError);
  assert.throws(() => toCompactDate("20260701"), TypeError);
  assert.throws(() => toEVisitorTime("24:00"), TypeError);
  assert.throws(() => toEVisitorTime("9.42"), TypeError);
});

Deno.test("addDays crosses months and years", () => {
  assert.equal(addDays("2026-12-31", 1), "2027-01-01");
  assert.equal(addDays("2026-03-01", -1), "2026-02-28");
});
