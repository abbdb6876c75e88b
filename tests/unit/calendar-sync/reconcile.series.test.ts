/**
 * Two fetches of the same feed (`*_series_v1.ics` → `*_series_v2.ics`): importing v1 and then
 * reconciling v2 against what v1 stored must give `*_series_diff.json`.
 */
import assert from "node:assert/strict";
import { reconcile } from "../../../workers/calendar-sync/reconcile.ts";
import {
  fixtureJson,
  manifest,
  parseFixture,
  REFERENCE_DATE,
  type SeriesDiff,
  storedFrom,
} from "./fixtures.ts";

const FEED = "feed-1";
const pairs = manifest.files.filter((f) => f.diffFrom && f.diff);

Deno.test("the fixtures hold both re-sync series", () => {
  assert.deepEqual(pairs.map((p) => p.diff).sort(), [
    "airbnb_series_diff.json",
    "booking_series_diff.json",
  ]);
});

for (const pair of pairs) {
  const diff = fixtureJson<SeriesDiff>(pair.diff!);

  Deno.test(`${pair.diffFrom} → ${pair.file}: added, removed, changed and unchanged`, () => {
    const first = parseFixture(pair.diffFrom!);
    const imported = reconcile({
      feedId: FEED,
      events: first.events,
      stored: [],
      today: REFERENCE_DATE,
    });
    assert.equal(imported.add.length, first.events.length);
    assert.deepEqual(imported.conflicts, []);

    const stored = storedFrom(FEED, imported.add);
    const uidOf = new Map(stored.map((s) => [s.id, s.source!.uid]));
    const second = parseFixture(pair.file);
    const result = reconcile({
      feedId: FEED,
      events: second.events,
      stored,
      today: REFERENCE_DATE,
    });

    assert.deepEqual(result.add.map((e) => e.uid).sort(), [...diff.added].sort());
    assert.deepEqual(result.remove.map((id) => uidOf.get(id)).sort(), [...diff.removed].sort());
    assert.deepEqual(
      result.update.map((u) => ({
        uid: u.source.uid,
        before: { start: u.previous.start, end: u.previous.end, summary: u.previous.summary },
        after: { start: u.start, end: u.end, summary: u.summary },
      })),
      diff.changed,
    );
    assert.deepEqual(
      result.unchanged.map((id) => uidOf.get(id)).sort(),
      [...diff.unchanged].sort(),
    );
    // Changed dates update in place: the same stored reservation, not a new one.
    for (const u of result.update) assert.equal(uidOf.get(u.id), u.source.uid);
    assert.deepEqual(result.conflicts, []);
    assert.deepEqual(result.skipped, []);
    assert.deepEqual(result.retained, []);
  });

  Deno.test(`${pair.file}: a second identical fetch changes nothing`, () => {
    const parsed = parseFixture(pair.file);
    const stored = storedFrom(FEED, parsed.events);
    const again = reconcile({ feedId: FEED, events: parsed.events, stored, today: REFERENCE_DATE });
    assert.deepEqual(again.add, []);
    assert.deepEqual(again.update, []);
    assert.deepEqual(again.remove, []);
    assert.equal(again.unchanged.length, stored.length);
  });
}
