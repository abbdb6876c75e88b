/**
 * Every shared fixture parsed and held against its expectation JSON: the importer must give
 * exactly the platforms' dates, kinds and details listed there.
 */
import assert from "node:assert/strict";
import { relativeToToday } from "@shared/date-range.ts";
import type { FeedEvent } from "../../../workers/calendar-sync/feed-types.ts";
import { parseFeed } from "../../../workers/calendar-sync/parse-feed.ts";
import { rangesOverlap } from "../../../workers/calendar-sync/reconcile.ts";
import {
  eventLabel,
  type Expectation,
  fixtureBytes,
  fixtureJson,
  FIXTURES,
  manifest,
  REFERENCE_DATE,
} from "./fixtures.ts";

function byIdentity<T extends { uid: string; recurrenceId: string | null }>(list: T[]): T[] {
  return [...list].sort((a, b) => eventLabel(a).localeCompare(eventLabel(b)));
}

/** The fields the expectation JSON gives for a reservation, as the parser reports them. */
function asExpected(e: FeedEvent) {
  return {
    uid: e.uid,
    recurrenceId: e.recurrenceId,
    start: e.start,
    end: e.end,
    nights: e.nights,
    kind: e.kind,
    summary: e.summary,
    ...(e.details ? { details: e.details } : {}),
    relativeToReferenceDate: relativeToToday(e, REFERENCE_DATE),
  };
}

function pairsWhere(events: FeedEvent[], related: (a: FeedEvent, b: FeedEvent) => boolean) {
  const pairs: string[] = [];
  for (const a of events) {
    for (const b of events) {
      if (a !== b && related(a, b)) pairs.push(`${eventLabel(a)} → ${eventLabel(b)}`);
    }
  }
  return pairs.sort();
}

Deno.test("the manifest lists every fixture feed in the folder", () => {
  const icsFiles = [...Deno.readDirSync(FIXTURES)]
    .map((e) => e.name)
    .filter((n) => n.endsWith(".ics"))
    .sort();
  assert.deepEqual(icsFiles, manifest.files.map((f) => f.file).sort());
});

for (const entry of manifest.files) {
  const expected = fixtureJson<Expectation>(entry.expectations);

  if (!expected.valid) {
    Deno.test(`${entry.file}: rejected as a whole, nothing imported`, () => {
      const parsed = parseFeed(fixtureBytes(entry.file), { today: REFERENCE_DATE });
      assert.equal(parsed.ok, false);
      if (parsed.ok) return;
      assert.equal(parsed.kind, "malformed");
      // errorHint: "file ends in the middle of a VEVENT: END:VEVENT and END:VCALENDAR missing"
      assert.match(parsed.message, /ends inside VEVENT/);
      assert.match(parsed.message, /END:VEVENT and END:VCALENDAR missing/);
      assert.equal(expected.reservations, null);
    });
    continue;
  }

  Deno.test(`${entry.file}: reservations as the expectation JSON lists them`, () => {
    const parsed = parseFeed(fixtureBytes(entry.file), {
      today: expected.referenceDate ?? REFERENCE_DATE,
      timezone: expected.propertyTimezone,
    });
    assert.ok(parsed.ok, parsed.ok ? "" : parsed.message);
    assert.equal(parsed.events.length, expected.reservationCount);
    assert.equal(parsed.events.length, entry.reservations);
    assert.deepEqual(
      byIdentity(parsed.events.map(asExpected)),
      byIdentity(expected.reservations ?? []).map((r) => {
        const { notes: _notes, ...fields } = r as typeof r & { notes?: string[] };
        return fields;
      }),
    );
    assert.deepEqual(parsed.warnings, []);
  });

  Deno.test(`${entry.file}: style, ignored events, overlaps and turnovers`, () => {
    const parsed = parseFeed(fixtureBytes(entry.file), { today: REFERENCE_DATE });
    assert.ok(parsed.ok);
    assert.equal(parsed.style, expected.style);
    assert.equal(parsed.style, entry.style);
    assert.deepEqual(
      parsed.ignored.map(({ uid, summary, reason }) => ({ uid, summary, reason })),
      expected.ignored ?? [],
    );
    // Half-open ranges: only real double bookings overlap; same-day turnovers do not.
    assert.deepEqual(
      pairsWhere(parsed.events, (a, b) => eventLabel(a) < eventLabel(b) && rangesOverlap(a, b)),
      (expected.overlaps ?? []).map(([a, b]) => a < b ? `${a} → ${b}` : `${b} → ${a}`).sort(),
    );
    assert.deepEqual(
      pairsWhere(parsed.events, (a, b) => a.end === b.start),
      (expected.sameDayTurnovers ?? []).map(([out, into]) => `${out} → ${into}`).sort(),
    );
  });

  Deno.test(`${entry.file}: the stored bytes are as the expectation describes them`, () => {
    const bytes = fixtureBytes(entry.file);
    const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    assert.equal(hasBom, expected.hasBOM);
    let utf8 = true;
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      utf8 = false;
    }
    assert.equal(utf8, expected.validUtf8AsStored);
    const text = new TextDecoder().decode(bytes);
    const bareLf = /[^\r]\n/.test(text);
    assert.equal(bareLf ? "LF" : "CRLF", expected.lineEndings);
  });
}
