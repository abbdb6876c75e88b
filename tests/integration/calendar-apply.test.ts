import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { calendarFeeds, calendarSyncRuns } from "@core/db/schema/calendar-feeds.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { applyFeed, recordFeedFailure } from "../../workers/calendar-sync/apply-feed.ts";
import { createHost, userIdOf } from "../support/accounts.ts";
import { withTestApp } from "../support/app.ts";
import { seedMirroredAccount } from "../support/properties.ts";

const FIXTURES = new URL("../../../shared/fixtures/ical/", import.meta.url);
const fixture = (name: string) => Deno.readFile(new URL(name, FIXTURES));
const diff = async (name: string) => JSON.parse(await Deno.readTextFile(new URL(name, FIXTURES)));
/** The fixtures' reference day, 20 November 2026, in Zagreb. */
const NOW = new Date("2026-11-20T10:00:00Z");

async function withFeed(
  fn: (
    ctx: Parameters<Parameters<typeof withTestApp>[0]>[0] & {
      feed: typeof calendarFeeds.$inferSelect;
    },
  ) => Promise<void>,
) {
  await withTestApp(async (ctx) => {
    await createHost(ctx.app, ctx.db, { email: "ana@example.com" });
    const userId = await userIdOf(ctx.db, "ana@example.com");
    await seedMirroredAccount(ctx.db, userId);
    const [unit] = await ctx.db.select().from(accommodationUnits).limit(1);
    const [feed] = await ctx.db.insert(calendarFeeds).values({
      id: crypto.randomUUID(),
      userId,
      accommodationUnitId: unit.id,
      url: "https://www.airbnb.com/calendar/ical/1.ics?s=secret",
      createdAt: NOW,
    }).returning();
    await fn({ ...ctx, feed });
  }, { now: NOW });
}

const fetched = (body: Uint8Array) => ({ body, status: 200, etag: '"v1"', lastModified: null });
const uidsOf = async (db: Parameters<typeof applyFeed>[0]) =>
  (await db.select().from(reservations)).map((r) => r.sourceUid).sort();

Deno.test("applying a feed and then its next version adds, moves and removes exactly what changed", () =>
  withFeed(async ({ db, feed }) => {
    const first = await applyFeed(db, feed, fetched(await fixture("airbnb_series_v1.ics")), NOW);
    assert.equal(first.added, 7);
    const expected = await diff("airbnb_series_diff.json");
    const [reloaded] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
    const second = await applyFeed(
      db,
      reloaded,
      fetched(await fixture("airbnb_series_v2.ics")),
      NOW,
    );
    assert.equal(second.added, expected.added.length);
    assert.equal(second.removed, expected.removed.length);
    assert.equal(second.updated, expected.changed.length);
    const uids = await uidsOf(db);
    for (const uid of expected.added) assert.ok(uids.includes(uid), uid);
    for (const uid of expected.removed) assert.ok(!uids.includes(uid), uid);
    const [moved] = await db.select().from(reservations).where(
      eq(reservations.sourceUid, expected.changed[0].uid),
    );
    assert.deepEqual([moved.startDate, moved.endDate], [
      expected.changed[0].after.start,
      expected.changed[0].after.end,
    ]);
    assert.equal(moved.type, "Airbnb");

    const [health] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
    assert.equal(health.lastStatus, 200);
    assert.equal(health.lastError, null);
    assert.equal((await db.select().from(calendarSyncRuns)).length, 2);
  }));

Deno.test("a stay entered by hand wins: an overlapping feed event is a conflict, not a second booking", () =>
  withFeed(async ({ db, feed }) => {
    const now = new Date();
    await applyFeed(db, feed, fetched(await fixture("airbnb_series_v1.ics")), NOW);
    const [first] = await db.select().from(reservations).limit(1);
    await db.delete(reservations).where(eq(reservations.id, first.id));
    await db.insert(reservations).values({
      id: crypto.randomUUID(),
      code: "MANUAL2345",
      userId: feed.userId,
      propertyId: first.propertyId,
      accommodationUnitId: feed.accommodationUnitId,
      startDate: first.startDate,
      endDate: first.endDate,
      kind: "booking",
      type: "Manual",
      createdAt: now,
      updatedAt: now,
    });
    const [reloaded] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
    const run = await applyFeed(db, reloaded, fetched(await fixture("airbnb_series_v1.ics")), NOW);
    assert.equal(run.added, 0);
    assert.equal(run.conflicts.length, 1);
    assert.equal(run.conflicts[0].withCode, "MANUAL2345");
    assert.ok(
      (await db.select().from(reservations)).some((r) => r.code === "MANUAL2345"),
      "manual stay kept",
    );
  }));

Deno.test("a broken or failed feed deletes nothing and is recorded with its error", () =>
  withFeed(async ({ db, feed }) => {
    await applyFeed(db, feed, fetched(await fixture("airbnb_series_v1.ics")), NOW);
    const before = await uidsOf(db);
    const [reloaded] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
    const broken = await applyFeed(
      db,
      reloaded,
      fetched(await fixture("malformed_truncated.ics")),
      NOW,
    );
    assert.equal(broken.error, "malformed");
    const html = await applyFeed(
      db,
      reloaded,
      fetched(new TextEncoder().encode("<!doctype html><p>Log in</p>")),
      NOW,
    );
    assert.equal(html.error, "not-a-calendar");
    await recordFeedFailure(db, reloaded, { status: 500, error: "http-error" }, NOW);
    assert.deepEqual(await uidsOf(db), before, "nothing lost");
    const [health] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
    assert.equal(health.lastError, "http-error");
    assert.ok(health.failingSince);
  }));
