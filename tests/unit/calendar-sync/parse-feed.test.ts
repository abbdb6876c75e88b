import assert from "node:assert/strict";
import type { FeedError, ParsedFeed } from "../../../workers/calendar-sync/feed-types.ts";
import {
  MAX_FEED_BYTES,
  MAX_OCCURRENCES_PER_SERIES,
  MAX_RECURRENCE_STEPS,
  parseFeed,
  unreadableEventKeys,
} from "../../../workers/calendar-sync/parse-feed.ts";
import { fixtureBytes } from "./fixtures.ts";

const TODAY = "2026-11-20";

function calendar(body: string, header = "PRODID:-//Test//Feed//EN\r\n"): string {
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${header}${body}END:VCALENDAR\r\n`;
}

/** A VEVENT from lines written one per line in the test source. */
function vevent(lines: string): string {
  const props = lines.trim().split("\n").map((l) => l.trim()).join("\r\n");
  return `BEGIN:VEVENT\r\n${props}\r\nEND:VEVENT\r\n`;
}

function parsed(input: string | Uint8Array, options = {}): ParsedFeed {
  const result = parseFeed(input, { today: TODAY, ...options });
  assert.ok(result.ok, result.ok ? "" : `${result.kind}: ${result.message}`);
  return result;
}

function failed(input: string | Uint8Array): FeedError {
  const result = parseFeed(input, { today: TODAY });
  assert.equal(result.ok, false, "expected the feed to be refused");
  return result as FeedError;
}

function dates(feed: ParsedFeed): string[] {
  return feed.events.map((e) => `${e.start}/${e.end}`);
}

Deno.test("an HTML page instead of a calendar is refused as not-a-calendar", () => {
  const login = "<!DOCTYPE html>\n<html><head><title>Log in</title></head><body></body></html>";
  const error = failed(new TextEncoder().encode(login));
  assert.equal(error.kind, "not-a-calendar");
  assert.match(error.message, /HTML/);
  assert.equal(failed("\r\n  <html>oops</html>").kind, "not-a-calendar");
});

Deno.test("JSON or a vCard is not a calendar either", () => {
  assert.equal(failed('{"error":"token expired"}').kind, "not-a-calendar");
  assert.equal(failed("BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD\r\n").kind, "not-a-calendar");
});

Deno.test("an empty body is an error, not an empty calendar", () => {
  assert.equal(failed("").kind, "empty");
  assert.equal(failed(new Uint8Array()).kind, "empty");
  assert.equal(failed(" \r\n\r\n").kind, "empty");
  assert.equal(failed(new Uint8Array([0xef, 0xbb, 0xbf])).kind, "empty");
});

Deno.test("an 11 MB feed is refused as too-large before it is read", () => {
  assert.equal(MAX_FEED_BYTES, 10 * 1024 * 1024);
  const event = vevent(`UID:x@airbnb.com
    DTSTART;VALUE=DATE:20270101
    DTEND;VALUE=DATE:20270102
    SUMMARY:Reserved`);
  const text = calendar(event.repeat(Math.ceil((11 * 1024 * 1024) / event.length)));
  assert.ok(text.length > 11 * 1024 * 1024 - 1);
  const asText = failed(text);
  assert.equal(asText.kind, "too-large");
  assert.match(asText.message, /10 MB/);
  assert.equal(failed(new TextEncoder().encode(text)).kind, "too-large");
});

Deno.test("the size limit counts bytes: multi-byte text just under the limit in characters is refused", () => {
  const padding = "Š".repeat(MAX_FEED_BYTES / 2 + 10); // 2 bytes each
  const text = calendar(`X-PADDING:${padding}\r\n`);
  assert.ok(text.length < MAX_FEED_BYTES);
  assert.equal(failed(text).kind, "too-large");
});

Deno.test("a truncated download names what is missing", () => {
  const cut = calendar(vevent(`UID:a@airbnb.com
    DTSTART;VALUE=DATE:20261201
    DTEND;VALUE=DATE:20261203
    SUMMARY:Reserved`)).slice(0, -40);
  const error = failed(cut);
  assert.equal(error.kind, "malformed");
  assert.match(error.message, /END:VEVENT and END:VCALENDAR missing/);
});

Deno.test("unbalanced components and lines that are not properties are malformed", () => {
  const crossed = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\nEND:VEVENT\r\n";
  const error = failed(crossed);
  assert.equal(error.kind, "malformed");
  assert.equal(error.line, 3);
  assert.equal(failed(calendar("this is not a property\r\n")).kind, "malformed");
  assert.equal(failed(calendar("") + "trailing garbage\r\n").kind, "malformed");
});

Deno.test("a fold inside a UTF-8 character is repaired only when the bytes are unfolded first", () => {
  const bytes = fixtureBytes("outlook_host.ics");
  const summary = "Rezervacija preko prijatelja – gošća Đurđa Šimić, 2 odrasla + 1 dijete";
  assert.ok(parsed(bytes).events.some((e) => e.summary === summary));
  // What a worker that decoded the response first would get: the character is lost.
  const decodedFirst = new TextDecoder().decode(bytes);
  const damaged = parsed(decodedFirst).events.find((e) => e.summary.startsWith("Rezervacija"));
  assert.ok(damaged?.summary.includes("\uFFFD"));
  assert.deepEqual(parsed(decodedFirst).warnings, []);
});

Deno.test("bytes that are not UTF-8 are replaced with a feed-wide warning, the feed still syncs", () => {
  const latin1 = new TextEncoder().encode(calendar(vevent(`UID:a@x
    DTSTART;VALUE=DATE:20261201
    DTEND;VALUE=DATE:20261203
    SUMMARY:Gost ?`)));
  latin1[latin1.indexOf(0x3f)] = 0xe6; // "æ" in Latin-1
  const feed = parsed(latin1);
  assert.equal(feed.events.length, 1);
  assert.deepEqual(feed.warnings.map((w) => w.code), ["invalid-utf8"]);
});

Deno.test("a BOM in a string and bare LF line endings (Booking.com) are accepted", () => {
  const crlf = new TextDecoder().decode(fixtureBytes("booking_room.ics"));
  const reference = parsed(crlf).events;
  assert.deepEqual(parsed("\uFEFF" + crlf).events, reference);
  assert.deepEqual(parsed(crlf.replaceAll("\r\n", "\n")).events, reference);
  const folded = crlf.replaceAll("\r\n", "\n").replace(
    "SUMMARY:CLOSED - Not",
    "SUMMARY:CLOSED -\n  Not",
  );
  assert.deepEqual(parsed(folded).events, reference);
});

Deno.test("reversed dates skip that event with a warning; the rest of the feed syncs", () => {
  const feed = parsed(calendar(
    vevent(`UID:rev@airbnb.com
      DTSTART;VALUE=DATE:20261210
      DTEND;VALUE=DATE:20261205
      SUMMARY:Reserved`) +
      vevent(`UID:ok@airbnb.com
      DTSTART;VALUE=DATE:20261212
      DTEND;VALUE=DATE:20261214
      SUMMARY:Reserved`),
  ));
  assert.deepEqual(feed.events.map((e) => e.uid), ["ok@airbnb.com"]);
  assert.equal(feed.warnings.length, 1);
  assert.equal(feed.warnings[0].code, "dates-reversed");
  assert.equal(feed.warnings[0].uid, "rev@airbnb.com");
  assert.equal(feed.warnings[0].skipped, true);
  assert.deepEqual(unreadableEventKeys(feed), [{ uid: "rev@airbnb.com", recurrenceId: null }]);
});

Deno.test("impossible dates are not rolled over into other days", () => {
  const feed = parsed(calendar(
    vevent(`UID:feb30@x
      DTSTART;VALUE=DATE:20270230
      DTEND;VALUE=DATE:20270302`) +
      vevent(`UID:month13@x
      DTSTART;VALUE=DATE:20261301
      DTEND;VALUE=DATE:20270103`) +
      vevent(`UID:letters@x
      DTSTART;VALUE=DATE:2026XX01
      DTEND;VALUE=DATE:20270103`),
  ));
  assert.deepEqual(feed.events, []);
  assert.deepEqual(feed.warnings.map((w) => [w.uid, w.code, w.skipped]), [
    ["feb30@x", "unreadable-event", true],
    ["month13@x", "unreadable-event", true],
    ["letters@x", "unreadable-event", true],
  ]);
});

Deno.test("end rules: no DTEND, DURATION, DTEND equal to DTSTART, timed events within a day", () => {
  const feed = parsed(calendar(
    vevent(`UID:allday-no-end@x
      DTSTART;VALUE=DATE:20261201`) +
      vevent(`UID:duration@x
      DTSTART;TZID=Europe/Zagreb:20261205T150000
      DURATION:P2DT19H`) +
      vevent(`UID:same-day-allday@x
      DTSTART;VALUE=DATE:20261210
      DTEND;VALUE=DATE:20261210`) +
      vevent(`UID:day-use@x
      DTSTART:20261215T090000Z
      DTEND:20261215T120000Z`) +
      vevent(`UID:timed-no-end@x
      DTSTART:20261216T090000Z`),
  ));
  assert.deepEqual(feed.events.map((e) => [e.uid, e.start, e.end, e.nights]), [
    ["allday-no-end@x", "2026-12-01", "2026-12-02", 1],
    ["duration@x", "2026-12-05", "2026-12-08", 3],
    ["same-day-allday@x", "2026-12-10", "2026-12-11", 1],
  ]);
  assert.deepEqual(feed.warnings.map((w) => [w.uid, w.code, w.skipped]), [
    ["same-day-allday@x", "end-equals-start", false],
    ["day-use@x", "no-night", true],
    ["timed-no-end@x", "no-night", true],
  ]);
});

Deno.test("UTC, floating and zoned times give the date on the property's clock", () => {
  const feed = parsed(calendar(
    vevent(`UID:utc@x
      DTSTART:20260630T220000Z
      DTEND:20260702T215959Z`) +
      vevent(`UID:floating@x
      DTSTART:20261201T000000
      DTEND:20261203T000000`) +
      vevent(`UID:ny@x
      DTSTART;TZID=America/New_York:20261201T200000
      DTEND;TZID=America/New_York:20261203T100000`) +
      vevent(`UID:windows-no-vtimezone@x
      DTSTART;TZID="W. Europe Standard Time":20261210T003000
      DTEND;TZID="W. Europe Standard Time":20261212T003000`),
  ));
  assert.deepEqual(feed.events.map((e) => [e.uid, e.start, e.end]), [
    // 22:00Z on 30 June is midnight of 1 July in Zagreb (summer time).
    ["utc@x", "2026-07-01", "2026-07-02"],
    ["floating@x", "2026-12-01", "2026-12-03"],
    // 20:00 in New York is 02:00 next day in Zagreb.
    ["ny@x", "2026-12-02", "2026-12-03"],
    ["windows-no-vtimezone@x", "2026-12-10", "2026-12-12"],
  ]);
  assert.deepEqual(feed.warnings, []);
});

Deno.test("floating times follow X-WR-TIMEZONE when the calendar names one", () => {
  const feed = parsed(
    calendar(
      vevent(`UID:f@x
        DTSTART:20261201T200000
        DTEND:20261203T100000`),
      "PRODID:-//Test//EN\r\nX-WR-TIMEZONE:America/New_York\r\n",
    ),
  );
  assert.deepEqual(dates(feed), ["2026-12-02/2026-12-03"]);
});

Deno.test("an unknown TZID is read as local time with a warning", () => {
  const feed = parsed(calendar(vevent(`UID:mars@x
    DTSTART;TZID=Mars/Olympus_Mons:20261201T150000
    DTEND;TZID=Mars/Olympus_Mons:20261203T100000`)));
  assert.deepEqual(dates(feed), ["2026-12-01/2026-12-03"]);
  assert.deepEqual(feed.warnings.map((w) => [w.code, w.skipped]), [["unknown-timezone", false]]);
});

Deno.test("an endless RRULE is expanded only over the window around today", () => {
  const feed = parsed(
    calendar(vevent(`UID:weekly@x
      DTSTART;VALUE=DATE:20200106
      DTEND;VALUE=DATE:20200108
      RRULE:FREQ=WEEKLY`)),
    { windowDaysBefore: 14, windowDaysAfter: 21 },
  );
  // Mondays from 2020-01-06; the window is [2026-11-06, 2026-12-11).
  assert.deepEqual(feed.events.map((e) => e.recurrenceId), [
    "2026-11-09",
    "2026-11-16",
    "2026-11-23",
    "2026-11-30",
    "2026-12-07",
  ]);
  assert.ok(feed.events.every((e) => e.nights === 2 && e.start === e.recurrenceId));
});

Deno.test("the default window runs from a year back to two years ahead", () => {
  const feed = parsed(calendar(vevent(`UID:monthly@x
    DTSTART;VALUE=DATE:20200101
    DTEND;VALUE=DATE:20200102
    RRULE:FREQ=MONTHLY`)));
  assert.equal(feed.events[0].start, "2025-12-01");
  assert.equal(feed.events.at(-1)!.start, "2028-11-01");
  assert.equal(feed.events.length, 36);
});

Deno.test("a dense RRULE is cut off with one warning and yields one stay per day", () => {
  const feed = parsed(calendar(vevent(`UID:dense@x
    DTSTART:20261120T000000Z
    DTEND:20261121T000000Z
    RRULE:FREQ=MINUTELY`)));
  assert.ok(feed.events.length > 0 && feed.events.length < MAX_OCCURRENCES_PER_SERIES);
  assert.equal(new Set(feed.events.map((e) => e.recurrenceId)).size, feed.events.length);
  assert.deepEqual(feed.warnings.map((w) => [w.code, w.uid]), [[
    "recurrence-truncated",
    "dense@x",
  ]]);
  // Occurrences past the cut are still in the feed: reconcile must not remove them.
  assert.deepEqual(unreadableEventKeys(feed), [{ uid: "dense@x", recurrenceId: null }]);
});

Deno.test("a daily series keeps at most the occurrence limit", () => {
  const feed = parsed(
    calendar(vevent(`UID:daily@x
      DTSTART;VALUE=DATE:20261120
      RRULE:FREQ=DAILY`)),
    { windowDaysAfter: 5000 },
  );
  assert.equal(feed.events.length, MAX_OCCURRENCES_PER_SERIES);
  assert.deepEqual(feed.warnings.map((w) => [w.code, w.uid]), [[
    "recurrence-truncated",
    "daily@x",
  ]]);
});

Deno.test("problems of a series' occurrences are reported once, for the whole series", () => {
  const feed = parsed(calendar(vevent(`UID:hourly-chores@x
    DTSTART;TZID=Europe/Zagreb:20261201T090000
    DTEND;TZID=Europe/Zagreb:20261201T100000
    RRULE:FREQ=DAILY;COUNT=30`)));
  assert.deepEqual(feed.events, []);
  assert.deepEqual(feed.warnings.map((w) => [w.code, w.uid, w.recurrenceId, w.skipped]), [
    ["no-night", "hourly-chores@x", null, true],
  ]);
});

Deno.test("an old daily series still reaches today's window in full", () => {
  const feed = parsed(
    calendar(vevent(`UID:daily@x
      DTSTART;VALUE=DATE:19900101
      RRULE:FREQ=DAILY`)),
    { windowDaysBefore: 7, windowDaysAfter: 7 },
  );
  assert.deepEqual(feed.warnings, []);
  assert.equal(feed.events.length, 14);
  assert.equal(feed.events[0].start, "2026-11-13");
});

Deno.test("the step budget is shared by the whole feed, so many endless series cannot stall it", () => {
  let body = "";
  for (let i = 0; i < 10; i++) {
    body += vevent(`UID:hourly-${i}@x
      DTSTART:19900101T000000Z
      DTEND:19900101T010000Z
      RRULE:FREQ=HOURLY`);
  }
  const started = performance.now();
  const feed = parsed(calendar(body));
  assert.ok(performance.now() - started < 5_000);
  assert.equal(feed.warnings.filter((w) => w.code === "recurrence-truncated").length, 10);
  assert.ok(MAX_RECURRENCE_STEPS <= 100_000);
});

Deno.test("RECURRENCE-ID overrides move one occurrence, and a cancelled one is ignored", () => {
  const feed = parsed(calendar(
    vevent(`UID:series@x
      DTSTART;TZID=Europe/Zagreb:20270105T150000
      DTEND;TZID=Europe/Zagreb:20270107T100000
      RRULE:FREQ=WEEKLY;COUNT=4
      SUMMARY:Vlasnici`) +
      vevent(`UID:series@x
      RECURRENCE-ID;TZID=Europe/Zagreb:20270112T150000
      DTSTART;TZID=Europe/Zagreb:20270113T150000
      DTEND;TZID=Europe/Zagreb:20270116T100000
      SUMMARY:Vlasnici (produljeno)`) +
      vevent(`UID:series@x
      RECURRENCE-ID;TZID=Europe/Zagreb:20270119T150000
      DTSTART;TZID=Europe/Zagreb:20270119T150000
      DTEND;TZID=Europe/Zagreb:20270121T100000
      STATUS:CANCELLED
      SUMMARY:Vlasnici`) +
      vevent(`UID:other@x
      RECURRENCE-ID;VALUE=DATE:20270301
      DTSTART;VALUE=DATE:20270302
      DTEND;VALUE=DATE:20270304
      SUMMARY:Lone override`),
  ));
  assert.deepEqual(feed.events.map((e) => [e.uid, e.recurrenceId, e.start, e.end, e.summary]), [
    ["series@x", "2027-01-05", "2027-01-05", "2027-01-07", "Vlasnici"],
    ["series@x", "2027-01-12", "2027-01-13", "2027-01-16", "Vlasnici (produljeno)"],
    ["series@x", "2027-01-26", "2027-01-26", "2027-01-28", "Vlasnici"],
    // An override whose series is missing still counts, keyed by its occurrence.
    ["other@x", "2027-03-01", "2027-03-02", "2027-03-04", "Lone override"],
  ]);
  assert.deepEqual(feed.ignored, [
    {
      uid: "series@x",
      recurrenceId: "2027-01-19",
      summary: "Vlasnici",
      reason: "STATUS:CANCELLED",
    },
  ]);
});

Deno.test("events without UID or DTSTART, and repeated UIDs, are reported per event", () => {
  const feed = parsed(calendar(
    vevent(`DTSTART;VALUE=DATE:20261201
      DTEND;VALUE=DATE:20261203
      SUMMARY:No identity`) +
      vevent(`UID:nostart@x
      SUMMARY:No start`) +
      vevent(`UID:twice@x
      DTSTART;VALUE=DATE:20261205
      DTEND;VALUE=DATE:20261207`) +
      vevent(`UID:twice@x
      DTSTART;VALUE=DATE:20261210
      DTEND;VALUE=DATE:20261212`),
  ));
  assert.deepEqual(dates(feed), ["2026-12-05/2026-12-07"]);
  assert.deepEqual(feed.warnings.map((w) => [w.code, w.uid, w.skipped]), [
    ["missing-uid", null, true],
    ["missing-start", "nostart@x", true],
    ["duplicate-uid", "twice@x", true],
  ]);
});

Deno.test("property names and components are read case-insensitively; VALARMs are ignored", () => {
  const feed = parsed(
    "begin:vcalendar\r\nversion:2.0\r\nprodid:-//Test//EN\r\nbegin:vevent\r\nuid:lower@x\r\n" +
      "dtstart;value=date:20261201\r\ndtend;value=date:20261203\r\nsummary:lower case\r\n" +
      "begin:valarm\r\naction:DISPLAY\r\ntrigger:-PT15M\r\nend:valarm\r\nend:vevent\r\n" +
      "end:vcalendar\r\n",
  );
  assert.deepEqual(feed.events.map((e) => [e.uid, e.start, e.end, e.summary]), [
    ["lower@x", "2026-12-01", "2026-12-03", "lower case"],
  ]);
});

Deno.test("the calendar's name is reported for labelling the feed", () => {
  assert.equal(
    parsed(fixtureBytes("outlook_host.ics")).calendarName,
    "Apartman Đurđa – rezervacije",
  );
  assert.equal(parsed(fixtureBytes("airbnb_empty.ics")).calendarName, null);
});

Deno.test("options are checked: today must be a date and the zone must exist", () => {
  assert.throws(() => parseFeed(calendar(""), { today: "20.11.2026" }), TypeError);
  assert.throws(
    () => parseFeed(calendar(""), { today: TODAY, timezone: "Europe/Atlantis" }),
    TypeError,
  );
});
