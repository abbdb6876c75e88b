import assert from "node:assert/strict";
import {
  backupFileName,
  backupsToDelete,
  backupTakenAt,
  isoWeekOf,
} from "@core/db/backup/retention.ts";

const at = (iso: string) => backupFileName(new Date(iso));

Deno.test("a backup's name says when it was taken, to the second, in UTC", () => {
  const name = at("2026-11-29T17:42:05.123Z");
  assert.equal(name, "prijavko-20261129T174205Z.db.enc");
  assert.equal(backupTakenAt(name)?.toISOString(), "2026-11-29T17:42:05.000Z");
  assert.equal(backupTakenAt(".prijavko-20261129T174205Z.db.enc.partial"), undefined);
  assert.equal(backupTakenAt("notes.txt"), undefined);
});

Deno.test("ISO weeks start on Monday and the first holds the year's first Thursday", () => {
  assert.equal(isoWeekOf(new Date("2026-11-29T12:00:00Z")), "2026-W48"); // a Sunday
  assert.equal(isoWeekOf(new Date("2026-11-30T00:00:00Z")), "2026-W49"); // Monday
  assert.equal(isoWeekOf(new Date("2027-01-01T00:00:00Z")), "2026-W53");
  assert.equal(isoWeekOf(new Date("2025-12-29T00:00:00Z")), "2026-W01");
});

Deno.test("retention keeps the newest N, the newest per day and per week, and nothing else", () => {
  // Hourly backups for 30 days, 1 November to 30 November 2026 (a Monday).
  const names: string[] = [];
  for (let h = 0; h < 30 * 24; h++) {
    names.push(backupFileName(new Date(Date.UTC(2026, 10, 1, h))));
  }
  names.push("README.txt", ".prijavko-20261130T235959Z.db.enc.partial");
  const doomed = new Set(backupsToDelete(names, { last: 3, daily: 7, weekly: 4 }));
  const kept = names.filter((n) => !doomed.has(n) && backupTakenAt(n)).sort();
  assert.deepEqual(kept, [
    // weekly: the newest of W46 (9–15 Nov) and W47 (16–22 Nov); W48 and W49 already kept daily
    at("2026-11-15T23:00:00Z"),
    at("2026-11-22T23:00:00Z"),
    // daily: the newest of each of the last 7 days (24–30 Nov)
    at("2026-11-24T23:00:00Z"),
    at("2026-11-25T23:00:00Z"),
    at("2026-11-26T23:00:00Z"),
    at("2026-11-27T23:00:00Z"),
    at("2026-11-28T23:00:00Z"),
    at("2026-11-29T23:00:00Z"),
    // last 3 (the newest of 30 Nov among them)
    at("2026-11-30T21:00:00Z"),
    at("2026-11-30T22:00:00Z"),
    at("2026-11-30T23:00:00Z"),
  ]);
  assert.ok(!doomed.has("README.txt") && ![...doomed].some((n) => n.endsWith(".partial")));
});

Deno.test("retention counts days and weeks that have a backup, not calendar days", () => {
  // A month-long gap: the last backups before it are still the daily ones.
  const names = [
    at("2026-09-01T10:00:00Z"),
    at("2026-09-01T11:00:00Z"),
    at("2026-09-02T10:00:00Z"),
    at("2026-10-15T10:00:00Z"),
  ];
  assert.deepEqual(backupsToDelete(names, { last: 1, daily: 3, weekly: 0 }), [
    at("2026-09-01T10:00:00Z"),
  ]);
  assert.deepEqual(backupsToDelete(names, { last: 10, daily: 0, weekly: 0 }), []);
});
