import assert from "node:assert/strict";
import type { FeedEvent } from "../../../workers/calendar-sync/feed-types.ts";
import { addDays } from "@shared/local-date.ts";
import { OWN_EXPORT_UID_SUFFIX } from "@shared/own-export-uid.ts";
import { parseFeed, unreadableEventKeys } from "../../../workers/calendar-sync/parse-feed.ts";
import {
  rangesOverlap,
  reconcile,
  type StoredReservation,
} from "../../../workers/calendar-sync/reconcile.ts";
import { parseFixture, REFERENCE_DATE, storedFrom } from "./fixtures.ts";

const TODAY = "2026-11-20";
const FEED = "airbnb-feed";
const OTHER_FEED = "booking-feed";

function event(uid: string, start: string, end: string, extra: Partial<FeedEvent> = {}): FeedEvent {
  const nights = (Date.parse(end) - Date.parse(start)) / 86_400_000;
  return {
    uid,
    recurrenceId: null,
    start,
    end,
    nights,
    kind: "booking",
    summary: "Reserved",
    ...extra,
  };
}

function manual(id: string, start: string, end: string): StoredReservation {
  return { id, start, end, source: null, kind: null };
}

function imported(
  id: string,
  start: string,
  end: string,
  feedId = FEED,
  kind: StoredReservation["kind"] = "booking",
): StoredReservation {
  return { id, start, end, source: { feedId, uid: `${id}@airbnb.com`, recurrenceId: null }, kind };
}

Deno.test("rangesOverlap: half-open ranges, a same-day turnover is not an overlap", () => {
  const stay = { start: "2026-12-10", end: "2026-12-15" };
  assert.equal(rangesOverlap(stay, { start: "2026-12-15", end: "2026-12-18" }), false);
  assert.equal(rangesOverlap({ start: "2026-12-05", end: "2026-12-10" }, stay), false);
  assert.equal(rangesOverlap(stay, { start: "2026-12-14", end: "2026-12-16" }), true);
  assert.equal(rangesOverlap(stay, { start: "2026-12-11", end: "2026-12-12" }), true);
  assert.equal(rangesOverlap(stay, { start: "2026-12-01", end: "2026-12-31" }), true);
  assert.equal(rangesOverlap(stay, stay), true);
});

Deno.test("a new stay is added when its check-in is another stay's check-out", () => {
  const result = reconcile({
    feedId: FEED,
    events: [event("in@airbnb.com", "2026-12-15", "2026-12-18")],
    stored: [manual("m1", "2026-12-10", "2026-12-15"), manual("m2", "2026-12-18", "2026-12-20")],
    today: TODAY,
  });
  assert.deepEqual(result.add.map((e) => e.uid), ["in@airbnb.com"]);
  assert.deepEqual(result.conflicts, []);
});

Deno.test("a new stay overlapping a hand-entered reservation is a conflict and not added", () => {
  const incoming = event("x@airbnb.com", "2026-12-14", "2026-12-19");
  const result = reconcile({
    feedId: FEED,
    events: [incoming],
    stored: [manual("m2", "2026-12-18", "2026-12-20"), manual("m1", "2026-12-10", "2026-12-15")],
    today: TODAY,
  });
  assert.deepEqual(result.add, []);
  assert.deepEqual(result.conflicts, [{ event: incoming, with: "m1", withAll: ["m1", "m2"] }]);
});

Deno.test("another feed's reservations and blocks occupy their nights too", () => {
  const booking = event("b@airbnb.com", "2027-01-03", "2027-01-06");
  const block = event("k@airbnb.com", "2027-02-01", "2027-02-03", {
    kind: "block",
    summary: "Airbnb (Not available)",
  });
  const result = reconcile({
    feedId: FEED,
    events: [booking, block],
    stored: [
      imported("closed", "2027-01-01", "2027-01-04", OTHER_FEED, null),
      imported("vrbo-block", "2027-01-05", "2027-01-08", "vrbo-feed", "block"),
      manual("m1", "2027-02-02", "2027-02-05"),
    ],
    today: TODAY,
  });
  assert.deepEqual(result.add, []);
  assert.deepEqual(result.conflicts, [
    { event: booking, with: "closed", withAll: ["closed", "vrbo-block"] },
    { event: block, with: "m1", withAll: ["m1"] },
  ]);
});

Deno.test("overlaps within the same feed are imported as the feed says", () => {
  const outlook = parseFixture("outlook_host.ics");
  const result = reconcile({ feedId: "outlook", events: outlook.events, stored: [], today: TODAY });
  assert.equal(result.add.length, 5);
  assert.deepEqual(result.conflicts, []);
});

Deno.test("reservations entered by hand are never removed", () => {
  const result = reconcile({
    feedId: FEED,
    events: [],
    stored: [manual("m1", "2026-12-10", "2026-12-15"), manual("m2", "2027-05-01", "2027-05-09")],
    today: TODAY,
  });
  assert.deepEqual(result.remove, []);
  assert.deepEqual(result.retained, []);
});

Deno.test("past and in-progress stays gone from the feed are kept; future ones are removed", () => {
  const stored = [
    imported("past", "2026-08-27", "2026-09-01"),
    imported("checked-out-today", "2026-11-15", "2026-11-20"),
    imported("in-progress", "2026-11-16", "2026-11-21"),
    imported("arriving-today", "2026-11-20", "2026-11-23"),
    imported("future", "2026-12-28", "2027-01-01"),
  ];
  const result = reconcile({ feedId: FEED, events: [], stored, today: TODAY });
  assert.deepEqual(result.remove, ["future"]);
  assert.deepEqual(result.retained, [
    { id: "past", reason: "past" },
    { id: "checked-out-today", reason: "past" },
    { id: "in-progress", reason: "in-progress" },
    { id: "arriving-today", reason: "in-progress" },
  ]);
});

Deno.test("an empty but valid feed removes only this feed's future stays", () => {
  const empty = parseFeed(
    new TextEncoder().encode(
      "BEGIN:VCALENDAR\r\nPRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN\r\n" +
        "CALSCALE:GREGORIAN\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n",
    ),
    { today: TODAY },
  );
  assert.ok(empty.ok);
  assert.deepEqual(empty.events, []);
  const stored = [
    imported("mine-future", "2027-01-10", "2027-01-12"),
    imported("mine-current", "2026-11-18", "2026-11-22"),
    imported("mine-past", "2026-10-01", "2026-10-05"),
    imported("theirs-future", "2027-02-01", "2027-02-03", OTHER_FEED),
    manual("manual-future", "2027-03-01", "2027-03-04"),
  ];
  const result = reconcile({ feedId: FEED, events: empty.events, stored, today: TODAY });
  assert.deepEqual(result.remove, ["mine-future"]);
  assert.deepEqual(result.add, []);
  assert.deepEqual(result.update, []);
});

Deno.test("the airbnb_empty fixture removes every future stay imported from that feed", () => {
  const listing = parseFixture("airbnb_listing.ics");
  const stored = storedFrom(FEED, listing.events);
  const result = reconcile({
    feedId: FEED,
    events: parseFixture("airbnb_empty.ics").events,
    stored,
    today: REFERENCE_DATE,
  });
  // 11 stays: one past, one in progress, nine ahead.
  assert.equal(result.remove.length, 9);
  assert.deepEqual(result.retained.map((r) => r.reason).sort(), ["in-progress", "past"]);
});

Deno.test("changed dates of a known UID update the same reservation", () => {
  const stored = [imported("r1", "2027-01-18", "2027-01-19")];
  const moved = event("r1@airbnb.com", "2027-01-20", "2027-01-22");
  const result = reconcile({ feedId: FEED, events: [moved], stored, today: TODAY });
  assert.deepEqual(result.add, []);
  assert.deepEqual(result.remove, []);
  assert.equal(result.update.length, 1);
  assert.deepEqual(
    { id: result.update[0].id, start: result.update[0].start, end: result.update[0].end },
    { id: "r1", start: "2027-01-20", end: "2027-01-22" },
  );
  assert.equal(result.update[0].nights, 2);
  assert.deepEqual(result.update[0].previous, {
    start: "2027-01-18",
    end: "2027-01-19",
    kind: "booking",
  });
});

Deno.test("a move onto a hand-entered reservation is a conflict and keeps the old dates", () => {
  const stored = [
    imported("r1", "2027-01-10", "2027-01-12"),
    manual("m1", "2027-01-12", "2027-01-14"),
  ];
  const longer = event("r1@airbnb.com", "2027-01-10", "2027-01-13");
  const result = reconcile({ feedId: FEED, events: [longer], stored, today: TODAY });
  assert.deepEqual(result.update, []);
  assert.deepEqual(result.remove, []);
  assert.deepEqual(result.conflicts, [{
    event: longer,
    with: "m1",
    withAll: ["m1"],
    updateOf: "r1",
  }]);
});

Deno.test("a move that only touches the next stay's check-in day is no conflict", () => {
  const stored = [
    imported("r1", "2027-01-08", "2027-01-10"),
    manual("m1", "2027-01-12", "2027-01-14"),
  ];
  const result = reconcile({
    feedId: FEED,
    events: [event("r1@airbnb.com", "2027-01-09", "2027-01-12")],
    stored,
    today: TODAY,
  });
  assert.deepEqual(result.conflicts, []);
  assert.equal(result.update[0].end, "2027-01-12");
});

Deno.test("a kind change (Vrbo hold confirmed) is an update", () => {
  const stored = [imported("v1", "2027-01-08", "2027-01-10", FEED, null)];
  const result = reconcile({
    feedId: FEED,
    events: [event("v1@airbnb.com", "2027-01-08", "2027-01-10")],
    stored,
    today: TODAY,
  });
  assert.equal(result.update.length, 1);
  assert.equal(result.update[0].kind, "booking");
  assert.equal(result.update[0].previous.kind, null);
});

Deno.test("a finished stay is not moved by the feed", () => {
  const stored = [imported("old", "2026-10-01", "2026-10-05")];
  const result = reconcile({
    feedId: FEED,
    events: [event("old@airbnb.com", "2026-10-02", "2026-10-06")],
    stored,
    today: TODAY,
  });
  assert.deepEqual(result.update, []);
  assert.deepEqual(result.unchanged, ["old"]);
});

Deno.test("a stay under way re-emitted from today keeps its check-in date; a new check-out applies", () => {
  const stored = [imported("now", "2026-11-16", "2026-11-21")];
  const same = reconcile({
    feedId: FEED,
    events: [event("now@airbnb.com", TODAY, "2026-11-21")],
    stored,
    today: TODAY,
  });
  assert.deepEqual(same.update, []);
  assert.deepEqual(same.unchanged, ["now"]);

  const extended = reconcile({
    feedId: FEED,
    events: [event("now@airbnb.com", TODAY, "2026-11-23")],
    stored,
    today: TODAY,
  });
  assert.equal(extended.update.length, 1);
  assert.deepEqual([extended.update[0].start, extended.update[0].end], [
    "2026-11-16",
    "2026-11-23",
  ]);
});

Deno.test("a stay under way re-issued under a new UID is rebound, not added twice", () => {
  // Booking.com (reported): on day 2 the stay reappears with a new UID starting today.
  const stored = [imported("now", "2026-11-18", "2026-11-22", OTHER_FEED, null)];
  const reissued = event("new-uid@booking.com", TODAY, "2026-11-22", {
    kind: null,
    summary: "CLOSED - Not available",
  });
  const result = reconcile({ feedId: OTHER_FEED, events: [reissued], stored, today: TODAY });
  assert.deepEqual(result.add, []);
  assert.deepEqual(result.remove, []);
  assert.equal(result.update.length, 1);
  assert.equal(result.update[0].id, "now");
  assert.equal(result.update[0].start, "2026-11-18");
  assert.deepEqual(result.update[0].source, {
    feedId: OTHER_FEED,
    uid: "new-uid@booking.com",
    recurrenceId: null,
  });
});

Deno.test("a future stay re-appearing under a new UID is added and the old one removed", () => {
  const stored = [imported("gone", "2026-12-21", "2026-12-22", OTHER_FEED, null)];
  const result = reconcile({
    feedId: OTHER_FEED,
    events: [event("b36@booking.com", "2026-12-21", "2026-12-22", { kind: null })],
    stored,
    today: TODAY,
  });
  assert.deepEqual(result.add.map((e) => e.uid), ["b36@booking.com"]);
  assert.deepEqual(result.remove, ["gone"]);
});

Deno.test(`our own exported events (${OWN_EXPORT_UID_SUFFIX}) are skipped`, () => {
  const echo = event(`r-123${OWN_EXPORT_UID_SUFFIX}`, "2027-01-10", "2027-01-12");
  const upper = event(`R-124${OWN_EXPORT_UID_SUFFIX.toUpperCase()}`, "2027-01-14", "2027-01-15");
  const result = reconcile({
    feedId: FEED,
    events: [echo, upper],
    stored: [manual("m1", "2027-01-10", "2027-01-12")],
    today: TODAY,
  });
  assert.deepEqual(result.add, []);
  assert.deepEqual(result.conflicts, []);
  assert.deepEqual(result.skipped, [
    { event: echo, reason: "own-export" },
    { event: upper, reason: "own-export" },
  ]);
});

Deno.test("events with reversed dates are skipped and their stored stay is kept", () => {
  const stored = [imported("r1", "2027-01-10", "2027-01-12")];
  const reversed = event("r1@airbnb.com", "2027-01-12", "2027-01-10");
  const result = reconcile({ feedId: FEED, events: [reversed], stored, today: TODAY });
  assert.deepEqual(result.skipped, [{ event: reversed, reason: "invalid-dates" }]);
  assert.deepEqual(result.remove, []);
  assert.deepEqual(result.update, []);
});

Deno.test("a stay the parser had to skip is not removed as if it were cancelled", () => {
  const feed = parseFeed(
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN\r\n" +
      "BEGIN:VEVENT\r\nUID:r1@airbnb.com\r\nDTSTART;VALUE=DATE:20270112\r\n" +
      "DTEND;VALUE=DATE:20270110\r\nSUMMARY:Reserved\r\nEND:VEVENT\r\n" +
      "BEGIN:VEVENT\r\nUID:r2@airbnb.com\r\nDTSTART;VALUE=DATE:20270120\r\n" +
      "DTEND;VALUE=DATE:20270122\r\nSUMMARY:Reserved\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
    { today: TODAY },
  );
  assert.ok(feed.ok);
  assert.deepEqual(feed.events.map((e) => e.uid), ["r2@airbnb.com"]);
  const stored = [
    imported("r1", "2027-01-10", "2027-01-12"),
    imported("r2", "2027-01-20", "2027-01-22"),
  ];
  const result = reconcile({
    feedId: FEED,
    events: feed.events,
    stored,
    today: TODAY,
    unreadable: unreadableEventKeys(feed),
  });
  assert.deepEqual(result.remove, []);
  assert.deepEqual(result.retained, [{ id: "r1", reason: "unreadable-in-feed" }]);
  assert.deepEqual(result.unchanged, ["r2"]);
});

Deno.test("the same UID twice in one fetch is imported once", () => {
  const first = event("d@airbnb.com", "2027-01-10", "2027-01-12");
  const second = event("d@airbnb.com", "2027-01-20", "2027-01-22");
  const result = reconcile({ feedId: FEED, events: [first, second], stored: [], today: TODAY });
  assert.deepEqual(result.add, [first]);
  assert.deepEqual(result.skipped, [{ event: second, reason: "duplicate" }]);
});

Deno.test("occurrences of a recurring event are matched by UID and recurrenceId", () => {
  const google = parseFixture("google_owner.ics");
  const stored = storedFrom("google", google.events);
  const withoutOne = google.events.filter((e) => e.recurrenceId !== "2027-03-26");
  const result = reconcile({ feedId: "google", events: withoutOne, stored, today: REFERENCE_DATE });
  assert.deepEqual(result.remove, ["google:6jvrcf1a46v2lrcatq7ogreugb@google.com#2027-03-26"]);
  assert.equal(result.unchanged.length, google.events.length - 1);
});

Deno.test("an unreadable series keeps every stored occurrence the feed no longer shows", () => {
  const stored: StoredReservation[] = ["2027-01-05", "2027-01-12"].map((date) => ({
    id: `s-${date}`,
    start: date,
    end: addDays(date, 2),
    source: { feedId: "google", uid: "series@google.com", recurrenceId: date },
    kind: null,
  }));
  const result = reconcile({
    feedId: "google",
    events: [],
    stored,
    today: TODAY,
    unreadable: [{ uid: "series@google.com", recurrenceId: null }],
  });
  assert.deepEqual(result.remove, []);
  assert.deepEqual(result.retained.map((r) => r.reason), [
    "unreadable-in-feed",
    "unreadable-in-feed",
  ]);
});

// Guests registered with eVisitor (issue 19 item 3): eVisitor refuses a changed arrival.

const registered = (stay: StoredReservation): StoredReservation => ({ ...stay, registered: true });

Deno.test("a new arrival for a stay with registered guests is held back for the host, not applied", () => {
  // Under way since the 18th; the platform now says the 19th to the 24th.
  const stay = registered(imported("r1", "2026-11-18", "2026-11-23"));
  const moved = event("r1@airbnb.com", "2026-11-17", "2026-11-24");
  const result = reconcile({ feedId: FEED, events: [moved], stored: [stay], today: TODAY });
  assert.deepEqual(result.update, [], "the stay keeps its registered dates");
  assert.deepEqual(result.arrivalLocked, [
    { id: "r1", event: moved, start: "2026-11-17", end: "2026-11-24" },
  ]);
  assert.deepEqual(result.conflicts, []);
  assert.deepEqual(result.remove, []);

  // The same feed for a stay nobody registered moves it as before.
  const free = reconcile({
    feedId: FEED,
    events: [moved],
    stored: [{ ...stay, registered: false }],
    today: TODAY,
  });
  assert.deepEqual(free.arrivalLocked, []);
  assert.deepEqual([free.update[0].start, free.update[0].end], ["2026-11-17", "2026-11-24"]);
});

Deno.test("a new departure for a stay with registered guests is applied (sent to eVisitor by the caller)", () => {
  const stay = registered(imported("r1", "2026-11-18", "2026-11-23"));
  const result = reconcile({
    feedId: FEED,
    events: [event("r1@airbnb.com", "2026-11-18", "2026-11-25")],
    stored: [stay],
    today: TODAY,
  });
  assert.deepEqual(result.arrivalLocked, []);
  assert.deepEqual(
    result.update.map((u) => [u.id, u.start, u.end, u.previous.end]),
    [["r1", "2026-11-18", "2026-11-25", "2026-11-23"]],
  );
});

Deno.test("a stay under way re-emitted from today keeps its arrival, so its registered guests only see the departure move", () => {
  const stay = registered(imported("r1", "2026-11-18", "2026-11-23"));
  const result = reconcile({
    feedId: FEED,
    events: [event("r1@airbnb.com", TODAY, "2026-11-22")],
    stored: [stay],
    today: TODAY,
  });
  assert.deepEqual(result.arrivalLocked, []);
  assert.deepEqual([result.update[0].start, result.update[0].end], ["2026-11-18", "2026-11-22"]);
});

Deno.test("a stay ahead with registered guests that leaves the feed is kept, not deleted under them", () => {
  const stays = [
    registered(imported("r1", "2026-12-01", "2026-12-05")),
    imported("r2", "2026-12-10", "2026-12-12"),
  ];
  const result = reconcile({ feedId: FEED, events: [], stored: stays, today: TODAY });
  assert.deepEqual(result.remove, ["r2"]);
  assert.deepEqual(result.retained, [{ id: "r1", reason: "registered" }]);
});

Deno.test("a stay with registered guests the feed turns into a block stays a stay, for the host", () => {
  const stay = registered(imported("r1", "2026-12-01", "2026-12-05"));
  const blocked = event("r1@airbnb.com", "2026-12-01", "2026-12-05", {
    kind: "block",
    summary: "Airbnb (Not available)",
  });
  const result = reconcile({ feedId: FEED, events: [blocked], stored: [stay], today: TODAY });
  assert.deepEqual(result.update, [], "kind, dates and title kept");
  assert.deepEqual(result.blockLocked, [{ id: "r1", event: blocked }]);
  assert.deepEqual(result.arrivalLocked, []);
  assert.deepEqual(result.remove, []);

  // Moved as well as blocked: still one thing for the host, the block.
  const movedBlock = { ...blocked, start: "2026-12-02", end: "2026-12-06" };
  const both = reconcile({ feedId: FEED, events: [movedBlock], stored: [stay], today: TODAY });
  assert.deepEqual(both.blockLocked.map((b) => b.id), ["r1"]);
  assert.deepEqual([both.update, both.arrivalLocked], [[], []]);

  // Without registered guests (none, or their registrations cancelled) it becomes the block.
  const free = reconcile({
    feedId: FEED,
    events: [blocked],
    stored: [{ ...stay, registered: false }],
    today: TODAY,
  });
  assert.deepEqual(free.blockLocked, []);
  assert.deepEqual(free.update.map((u) => [u.id, u.kind, u.previous.kind]), [
    ["r1", "block", "booking"],
  ]);
});
