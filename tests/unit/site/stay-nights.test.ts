import assert from "node:assert/strict";
import {
  canCheckIn,
  canCheckOut,
  holdsTakenNight,
  latestCheckOut,
  nightsOf,
} from "../../../site/src/features/reservations/stay-nights.ts";

// One stay [10 Jun, 13 Jun): the nights of the 10th, 11th and 12th are taken.
const taken = new Set(nightsOf("2027-06-10", "2027-06-13"));

Deno.test("a stay takes its nights, not its check-out day", () => {
  assert.deepEqual([...taken], ["2027-06-10", "2027-06-11", "2027-06-12"]);
});

Deno.test("the check-out day of one stay is a check-in day for the next", () => {
  assert.equal(canCheckIn("2027-06-12", taken), false);
  assert.equal(canCheckIn("2027-06-13", taken), true);
  assert.equal(canCheckIn("2027-06-09", taken), true);
  assert.equal(canCheckIn("2027-06-13", taken, "2027-06-14"), false, "not before the earliest day");
});

Deno.test("a stay can end on the day the next one arrives, not later", () => {
  assert.equal(latestCheckOut("2027-06-05", taken), "2027-06-10");
  assert.equal(canCheckOut("2027-06-05", "2027-06-10", taken), true);
  assert.equal(canCheckOut("2027-06-05", "2027-06-11", taken), false);
  assert.equal(canCheckOut("2027-06-05", "2027-06-05", taken), false, "at least one night");
  assert.equal(canCheckOut("2027-06-13", "2027-06-20", taken), true, "nothing taken after it");
  assert.equal(canCheckOut("2027-06-11", "2027-06-14", taken), false, "arrival night taken");
});

Deno.test("a range holds a taken night only when it shares a night", () => {
  assert.equal(holdsTakenNight("2027-06-05", "2027-06-10", taken), false);
  assert.equal(holdsTakenNight("2027-06-13", "2027-06-15", taken), false);
  assert.equal(holdsTakenNight("2027-06-12", "2027-06-15", taken), true);
});
