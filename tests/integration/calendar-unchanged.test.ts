/**
 * Issue 34: an unchanged calendar costs a hash, a changed one is applied as before, two workers
 * never sync one unit at once, and a platform that refuses is backed off. The worker's sync
 * (`syncUnitFeeds`) runs against a real database and a local calendar server.
 */
import assert from "node:assert/strict";
import { count, eq } from "drizzle-orm";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import { calendarFeeds, calendarSyncRuns } from "@core/db/schema/calendar-feeds.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import type { Database } from "@core/db/client.ts";
import { MAX_FEED_BYTES } from "../../workers/calendar-sync/feed-text.ts";
import { HostBackoff } from "../../workers/calendar-sync/host-backoff.ts";
import { syncUnitFeeds, type UnitSyncOptions } from "../../workers/calendar-sync/sync-unit.ts";
import { createHost, userIdOf } from "../support/accounts.ts";
import { withTestApp } from "../support/app.ts";
import { seedMirroredAccount } from "../support/properties.ts";
import { waitFor } from "../support/wait.ts";

const FETCH = { timeoutMs: 5_000, maxBytes: MAX_FEED_BYTES, allowPrivateAddresses: true };

/** The fixtures' reference day in Zagreb; every stay below is after it. */
const NOW = new Date("2026-11-20T10:00:00Z");

interface Event {
  uid: string;
  start: string;
  end: string;
  summary?: string;
  status?: string;
}

/** A Booking.com-like feed: no validator, a DTSTAMP that can change on every request. */
function feed(events: Event[], { stamp = "20261120T100000Z" } = {}): string {
  const compact = (date: string) => date.replaceAll("-", "");
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Booking.com//Booking.com Calendar//EN",
    ...events.flatMap((e) => [
      "BEGIN:VEVENT",
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compact(e.start)}`,
      `DTEND;VALUE=DATE:${compact(e.end)}`,
      `UID:${e.uid}@booking.com`,
      `SUMMARY:${e.summary ?? "CLOSED - Not available"}`,
      ...(e.status ? [`STATUS:${e.status}`] : []),
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

const STAYS: Event[] = [
  { uid: "a", start: "2026-12-01", end: "2026-12-04" },
  { uid: "b", start: "2026-12-10", end: "2026-12-12" },
  { uid: "c", start: "2027-01-05", end: "2027-01-09" },
];

/** A calendar server answering what the test sets, per path, counting what it is asked. */
function startCalendarServer() {
  const bodies = new Map<string, string>();
  const statuses = new Map<string, { status: number; retryAfter?: string }>();
  const asked: string[] = [];
  let gate: Promise<void> | null = null;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const { pathname } = new URL(req.url);
    asked.push(pathname);
    if (gate) await gate;
    const refusal = statuses.get(pathname);
    if (refusal) {
      return new Response("busy", {
        status: refusal.status,
        headers: refusal.retryAfter ? { "Retry-After": refusal.retryAfter } : {},
      });
    }
    return new Response(bodies.get(pathname) ?? "", {
      headers: { "Content-Type": "text/calendar; charset=utf-8" },
    });
  });
  const { port } = server.addr as Deno.NetAddr;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    serve: (path: string, body: string) => {
      statuses.delete(path);
      bodies.set(path, body);
    },
    refuse: (path: string, status: number, retryAfter?: string) =>
      statuses.set(path, { status, retryAfter }),
    asked: (path: string) => asked.filter((p) => p === path).length,
    /** Holds every answer until the returned function is called. */
    hold: () => {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
    stop: () => server.shutdown(),
  };
}

type CalendarServer = ReturnType<typeof startCalendarServer>;

interface Ctx {
  db: Database;
  server: CalendarServer;
  /** The clock the sync reads; tests move it. */
  clock: { now: Date };
  /** A unit with one feed at `path`; returns the unit's id. */
  unitWithFeed(path: string): Promise<string>;
  sync(unitId: string, options?: Partial<UnitSyncOptions>): ReturnType<typeof syncUnitFeeds>;
}

function withCalendars(fn: (ctx: Ctx) => Promise<void>) {
  return withTestApp(async ({ app, db }) => {
    await createHost(app, db, { email: "ana@example.com" });
    const userId = await userIdOf(db, "ana@example.com");
    await seedMirroredAccount(db, userId);
    const [first] = await db.select().from(accommodationUnits).limit(1);
    const server = startCalendarServer();
    const clock = { now: NOW };
    let units = 0;
    try {
      await fn({
        db,
        server,
        clock,
        async unitWithFeed(path) {
          // The seeded unit first, then copies of it in the same property.
          const unitId = units++ === 0 ? first.id : crypto.randomUUID();
          if (unitId !== first.id) {
            await db.insert(accommodationUnits).values({
              ...first,
              id: unitId,
              code: `T${crypto.randomUUID().slice(0, 8)}`,
              name: `${first.name} ${units}`,
              externalUnitId: null,
              externalUnitIndex: null,
              calendarExportToken: null,
            });
          }
          await db.insert(calendarFeeds).values({
            id: crypto.randomUUID(),
            userId,
            accommodationUnitId: unitId,
            url: server.url(path),
            createdAt: NOW,
          });
          return unitId;
        },
        sync: (unitId, options = {}) =>
          syncUnitFeeds(db, unitId, { force: true }, {
            fetch: FETCH,
            minAgeMs: 0,
            clock: () => clock.now,
            ...options,
          }),
      });
    } finally {
      await server.stop();
    }
  }, { now: NOW });
}

const later = (ctx: Ctx, ms: number) => (ctx.clock.now = new Date(ctx.clock.now.getTime() + ms));

async function staysOf(db: Database) {
  return (await db.select().from(reservations).orderBy(reservations.startDate)).map((r) => ({
    uid: r.sourceUid,
    start: r.startDate,
    end: r.endDate,
    description: r.description,
    updatedAt: r.updatedAt.getTime(),
  }));
}

const runsOf = async (db: Database) =>
  (await db.select({ n: count() }).from(calendarSyncRuns))[0].n;

async function feedRow(db: Database) {
  const [row] = await db.select().from(calendarFeeds).limit(1);
  return row;
}

Deno.test("a calendar answered again with the same body writes nothing but the feed's health", () =>
  withCalendars(async (ctx) => {
    ctx.server.serve("/a.ics", feed(STAYS));
    const unit = await ctx.unitWithFeed("/a.ics");
    const [first] = await ctx.sync(unit);
    assert.equal(typeof first === "object" && first.added, 3);
    const stays = await staysOf(ctx.db);
    const runs = await runsOf(ctx.db);

    // A failure in between, then the same calendar again: healthy again, nothing rewritten.
    later(ctx, 15 * 60_000);
    ctx.server.refuse("/a.ics", 500);
    await ctx.sync(unit);
    assert.equal((await feedRow(ctx.db)).lastError, "http-error");
    later(ctx, 15 * 60_000);
    ctx.server.serve("/a.ics", feed(STAYS));
    assert.deepEqual(await ctx.sync(unit), ["unchanged"]);
    assert.equal(ctx.server.asked("/a.ics"), 3, "the platform is asked every time");
    assert.deepEqual(await staysOf(ctx.db), stays, "no stay written");
    assert.equal(await runsOf(ctx.db), runs + 1, "no run beside the failure's");
    const health = await feedRow(ctx.db);
    assert.equal(health.lastFetchAt?.getTime(), ctx.clock.now.getTime());
    assert.equal(health.lastSuccessAt?.getTime(), ctx.clock.now.getTime());
    assert.deepEqual([health.lastStatus, health.lastError, health.failingSince], [200, null, null]);
  }));

Deno.test("the same events in another order or with a new DTSTAMP write nothing", () =>
  withCalendars(async (ctx) => {
    ctx.server.serve("/b.ics", feed(STAYS));
    const unit = await ctx.unitWithFeed("/b.ics");
    await ctx.sync(unit);
    const stays = await staysOf(ctx.db);
    const runs = await runsOf(ctx.db);

    later(ctx, 15 * 60_000);
    ctx.server.serve("/b.ics", feed([...STAYS].reverse(), { stamp: "20261120T101500Z" }));
    assert.deepEqual(await ctx.sync(unit), ["unchanged"]);
    // A cancelled event the feed never listed as a stay is not a change either.
    later(ctx, 15 * 60_000);
    ctx.server.serve(
      "/b.ics",
      feed([...STAYS, { uid: "x", start: "2027-02-01", end: "2027-02-03", status: "CANCELLED" }], {
        stamp: "20261120T103000Z",
      }),
    );
    assert.deepEqual(await ctx.sync(unit), ["unchanged"]);
    assert.deepEqual(await staysOf(ctx.db), stays);
    assert.equal(await runsOf(ctx.db), runs);
    assert.equal((await feedRow(ctx.db)).lastFetchAt?.getTime(), ctx.clock.now.getTime());
  }));

Deno.test("a changed summary, date or cancellation is written; a stay the host deleted comes back", () =>
  withCalendars(async (ctx) => {
    ctx.server.serve("/c.ics", feed(STAYS));
    const unit = await ctx.unitWithFeed("/c.ics");
    await ctx.sync(unit);
    const runs = await runsOf(ctx.db);

    const changes: [string, Event[], (s: Awaited<ReturnType<typeof staysOf>>) => void][] = [
      ["a summary", [{ ...STAYS[0], summary: "Ana Horvat" }, STAYS[1], STAYS[2]], (s) => {
        assert.equal(s[0].description, "Ana Horvat");
      }],
      ["a date", [
        { ...STAYS[0], summary: "Ana Horvat" },
        { ...STAYS[1], end: "2026-12-13" },
        STAYS[2],
      ], (s) => {
        assert.equal(s[1].end, "2026-12-13");
      }],
      ["a cancellation", [
        { ...STAYS[0], summary: "Ana Horvat" },
        { ...STAYS[1], end: "2026-12-13" },
        { ...STAYS[2], status: "CANCELLED" },
      ], (s) => {
        assert.deepEqual(s.map((x) => x.uid), ["a@booking.com", "b@booking.com"]);
      }],
    ];
    let body = "";
    for (const [i, [what, events, check]] of changes.entries()) {
      later(ctx, 15 * 60_000);
      body = feed(events, { stamp: `20261120T1${i}0000Z` });
      ctx.server.serve("/c.ics", body);
      const [result] = await ctx.sync(unit);
      assert.equal(typeof result, "object", `${what} is applied`);
      check(await staysOf(ctx.db));
      assert.equal(await runsOf(ctx.db), runs + i + 1, `${what} is a run`);
    }

    // The host deletes an imported stay; the same body brings it back, as it always did.
    await ctx.db.delete(reservations).where(eq(reservations.sourceUid, "a@booking.com"));
    later(ctx, 15 * 60_000);
    const [back] = await ctx.sync(unit);
    assert.equal(typeof back === "object" && back.added, 1, "the same body, other stays: applied");
    assert.deepEqual((await staysOf(ctx.db)).map((s) => s.uid), ["a@booking.com", "b@booking.com"]);
    later(ctx, 15 * 60_000);
    assert.deepEqual(await ctx.sync(unit), ["unchanged"], "and then unchanged again");
  }));

Deno.test("two workers handed the same unit sync its calendar once, not at the same time", () =>
  withCalendars(async (ctx) => {
    ctx.server.serve("/d.ics", feed(STAYS));
    const unit = await ctx.unitWithFeed("/d.ics");
    const release = ctx.server.hold();
    const first = ctx.sync(unit); // worker one: fetching, held by the platform
    try {
      await waitFor(() => ctx.server.asked("/d.ics") === 1, { what: "the first fetch" });
      const second = await ctx.sync(unit, { fetch: { ...FETCH, timeoutMs: 500 } });
      assert.deepEqual(second, ["busy"], "the second worker leaves the unit to the first");
    } finally {
      release();
    }
    const [done] = await first;
    assert.equal(typeof done === "object" && done.added, 3);
    assert.equal(ctx.server.asked("/d.ics"), 1, "fetched once");
    assert.equal((await staysOf(ctx.db)).length, 3);
    // Once the first is done, the unit can be synced again.
    assert.deepEqual(await ctx.sync(unit), ["unchanged"]);
  }));

Deno.test("a platform answering 429 with Retry-After is left alone until then, for all its feeds", () =>
  withCalendars(async (ctx) => {
    const hosts = new HostBackoff();
    const intervalMs = 15 * 60_000;
    ctx.server.serve("/e1.ics", feed(STAYS));
    ctx.server.serve("/e2.ics", feed(STAYS.slice(0, 1)));
    const one = await ctx.unitWithFeed("/e1.ics");
    const two = await ctx.unitWithFeed("/e2.ics");
    ctx.server.refuse("/e1.ics", 429, "3600");

    const [refused] = await ctx.sync(one, { hosts, intervalMs });
    assert.equal(typeof refused === "object" && refused.error, "http-error");
    const [deferred] = await ctx.sync(two, { hosts, intervalMs });
    assert.equal(deferred, "skipped", "the same host is not asked again");
    assert.equal(ctx.server.asked("/e2.ics"), 0);
    const feeds = await ctx.db.select().from(calendarFeeds);
    for (const f of feeds) {
      assert.ok(
        f.nextSyncAt!.getTime() >= NOW.getTime() + 3600_000,
        "next sync after the Retry-After",
      );
    }
    const [untouched] = feeds.filter((f) => f.accommodationUnitId === two);
    assert.equal(untouched.lastError, null, "a deferred feed is not failing");

    later(ctx, 3600_000);
    ctx.server.serve("/e1.ics", feed(STAYS));
    const [back] = await ctx.sync(two, { hosts, intervalMs });
    assert.equal(typeof back === "object" && back.added, 1, "asked again after the hour");
    assert.equal(ctx.server.asked("/e2.ics"), 1);
  }));
