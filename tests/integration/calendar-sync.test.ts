import assert from "node:assert/strict";
import { count, eq, isNull } from "drizzle-orm";
import { jetstream, type JetStreamManager, jetstreamManager } from "@nats-io/jetstream";
import { addDays, todayIn } from "@shared/local-date.ts";
import { calendarFeeds } from "@core/db/schema/calendar-feeds.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { userNotifications } from "@core/db/schema/user-notifications.ts";
import { connectNatsInBackground } from "@core/platform/nats.ts";
import { scheduleDueUnits } from "../../workers/scheduler/jobs/calendar-due.ts";
import { USER_AGENT } from "../../workers/calendar-sync/fetch-feed.ts";
import { MAX_FEED_BYTES } from "../../workers/calendar-sync/feed-text.ts";
import { waitForNats } from "../../workers/runner/wait-for-nats.ts";
import { ensureStreams } from "../../workers/runner/streams.ts";
import type { CalendarWorkerOptions } from "../../workers/start-workers.ts";
import { bearer, createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { startNatsServer, type TestNatsServer } from "../support/nats-server.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { seedMirroredAccount } from "../support/properties.ts";
import { waitFor } from "../support/wait.ts";
import { startTestWorkers } from "../support/workers.ts";

const FIXTURES = new URL("../../../shared/fixtures/ical/", import.meta.url);
const fixture = (name: string) => Deno.readFile(new URL(name, FIXTURES));
const expectations = async (name: string) =>
  JSON.parse(await Deno.readTextFile(new URL(name, FIXTURES)));

/**
 * The workers run on the real clock, so feeds made here are dated from today in Zagreb. The
 * fixtures are dated around their reference day (20 November 2026); every event of a
 * non-recurring feed is imported whatever today is, so their counts hold on any day.
 */
const today = () => todayIn("Europe/Zagreb");
const FETCH_TIMEOUT_MS = 300;

// ---------------------------------------------------------------------------------------------
// A calendar server the test controls, as Airbnb or Booking.com would answer.

type Answer =
  | { kind: "calendar"; body: string | Uint8Array<ArrayBuffer>; etag?: string }
  | { kind: "status"; status: number }
  | { kind: "html" }
  /** Answers only when the server stops: long after the client has given up. */
  | { kind: "slow" };

interface FeedServer {
  url(path: string): string;
  answer(path: string, answer: Answer): void;
  /** Request headers received for a path, oldest first. */
  requests(path: string): Headers[];
  stop(): Promise<void>;
}

function startFeedServer(): FeedServer {
  const answers = new Map<string, Answer>();
  const seen: { path: string; headers: Headers }[] = [];
  let release!: () => void;
  const stopped = new Promise<void>((resolve) => (release = resolve));

  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      const { pathname } = new URL(request.url);
      seen.push({ path: pathname, headers: request.headers });
      const answer = answers.get(pathname) ?? { kind: "status", status: 404 };
      switch (answer.kind) {
        case "status":
          return new Response("Something went wrong", { status: answer.status });
        case "html":
          return new Response("<!doctype html><title>Log in</title><p>Please sign in</p>", {
            headers: { "Content-Type": "text/html; charset=utf-8" },
          });
        case "slow":
          await stopped;
          return new Response("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
        case "calendar": {
          const etag = answer.etag ? { "ETag": answer.etag } : undefined;
          if (answer.etag && request.headers.get("If-None-Match") === answer.etag) {
            return new Response(null, { status: 304, headers: etag });
          }
          return new Response(answer.body, {
            headers: { "Content-Type": "text/calendar; charset=utf-8", ...etag },
          });
        }
      }
    },
  );
  const { port } = server.addr as Deno.NetAddr;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    answer: (path, answer) => void answers.set(path, answer),
    requests: (path) => seen.filter((r) => r.path === path).map((r) => r.headers),
    stop: async () => {
      release();
      await server.shutdown();
    },
  };
}

interface Stay {
  uid: string;
  start: string;
  end: string;
  summary?: string;
}

/** An Airbnb-style feed with all-day events. */
function airbnbFeed(stays: Stay[]): string {
  const compact = (date: string) => date.replaceAll("-", "");
  const lines = [
    "BEGIN:VCALENDAR",
    "PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 1.0//EN",
    "CALSCALE:GREGORIAN",
    "VERSION:2.0",
    ...stays.flatMap((s) => [
      "BEGIN:VEVENT",
      `DTEND;VALUE=DATE:${compact(s.end)}`,
      `DTSTART;VALUE=DATE:${compact(s.start)}`,
      `UID:${s.uid}@airbnb.com`,
      `SUMMARY:${s.summary ?? "Reserved"}`,
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ];
  return lines.join("\r\n") + "\r\n";
}

// ---------------------------------------------------------------------------------------------
// The pipeline: test database, nats-server, the relay and the calendar worker, the app.

interface Ctx {
  app: TestApp;
  database: TestDatabase;
  nats: TestNatsServer;
  jsm: JetStreamManager;
  feeds: FeedServer;
  token: string;
  userId: string;
  propertyId: string;
}

async function withCalendarSync(
  fn: (ctx: Ctx) => Promise<void>,
  { allowPrivateAddresses = true }: { allowPrivateAddresses?: boolean } = {},
) {
  const database = await createTestDatabase();
  const nats = await startNatsServer();
  const feeds = startFeedServer();
  const calendar: Partial<CalendarWorkerOptions> = {
    fetch: { timeoutMs: FETCH_TIMEOUT_MS, maxBytes: MAX_FEED_BYTES, allowPrivateAddresses },
  };
  const workers = await startTestWorkers({
    db: database.db,
    natsUrl: nats.urls.workers,
    smtpUrl: "smtp://127.0.0.1:9", // no e-mail in these tests: the notifications worker is off
    workers: ["relay", "calendar", "scheduler"],
    calendar,
  });
  try {
    const app = await createTestApp({ db: database.db });
    const userId = await createHost(app, database.db, { email: "ana@example.com" });
    await seedMirroredAccount(database.db, userId);
    const { accessToken: token } = await signIn(app, "ana@example.com");
    const [property] =
      (await (await getWith(app, "/api/Properties?PageNumber=1&PageSize=5", token)).json()).items;
    const jsm = await jetstreamManager(workers.nats.connection()!);
    await fn({ app, database, nats, jsm, feeds, token, userId, propertyId: property.id });
  } finally {
    await workers.stop();
    await feeds.stop();
    await nats.dispose();
    await database.dispose();
  }
}

/**
 * Waits until every sync asked for so far has been handled: the outbox is published and the
 * calendar consumer has acknowledged everything in the CALENDAR stream.
 */
async function settled(ctx: Ctx) {
  await waitFor(async () => {
    const [{ pending }] = await ctx.database.db.select({ pending: count() }).from(outbox)
      .where(isNull(outbox.publishedAt));
    if (pending > 0) return false;
    try {
      const stream = await ctx.jsm.streams.info("CALENDAR");
      const consumer = await ctx.jsm.consumers.info("CALENDAR", "calendar_sync");
      return consumer.num_pending === 0 && consumer.num_ack_pending === 0 &&
        consumer.ack_floor.stream_seq >= stream.state.last_seq;
    } catch {
      return false; // the stream or the consumer is still being created
    }
  }, { timeoutMs: 15_000, what: "the calendar worker to finish" });
}

async function createUnit(ctx: Ctx, name: string, externalCalendarLink?: string) {
  const res = await postWith(ctx.app, "/api/AccommodationUnits", {
    propertyId: ctx.propertyId,
    name,
    externalCalendarLink,
  }, ctx.token);
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json() as { id: string; code: string; name: string };
}

async function syncNow(ctx: Ctx, accommodationUnitCode: string) {
  const res = await postWith(ctx.app, "/api/Calendars/Sync", { accommodationUnitCode }, ctx.token);
  assert.equal(res.status, 202);
  assert.deepEqual(await res.json(), { units: 1 });
  await settled(ctx);
}

interface FeedView {
  id: string;
  url: string;
  lastFetchAt: string | null;
  lastSuccessAt: string | null;
  lastStatus: number | null;
  eventCount: number | null;
  lastError: string | null;
  failingSince: string | null;
  lastRun: {
    finishedAt: string;
    added: number;
    updated: number;
    removed: number;
    conflicts: {
      start: string;
      end: string;
      summary: string;
      withCode: string | null;
      registered: boolean;
    }[];
    error: string | null;
  } | null;
}

async function feedOf(ctx: Ctx, unitCode: string, url: string): Promise<FeedView> {
  const res = await getWith(
    ctx.app,
    `/api/Calendars?PageNumber=1&PageSize=10&AccommodationUnitCode=${unitCode}`,
    ctx.token,
  );
  assert.equal(res.status, 200);
  const [calendar] = (await res.json()).items;
  const feed = calendar.feeds.find((f: FeedView) => f.url === url);
  assert.ok(feed, `the unit lists the feed ${url}`);
  return feed;
}

interface StayView {
  code: string;
  startDate: string;
  endDate: string;
  kind: string;
  imported: boolean;
  type: string;
}

async function staysOf(ctx: Ctx, unitCode: string, { blocks = false } = {}): Promise<StayView[]> {
  const res = await getWith(
    ctx.app,
    `/api/Reservations?PageNumber=1&PageSize=100&AccommodationUnitCode=${unitCode}` +
      `&IncludeBlocks=${blocks}`,
    ctx.token,
  );
  assert.equal(res.status, 200);
  return (await res.json()).items.map((r: StayView) => ({
    code: r.code,
    startDate: r.startDate,
    endDate: r.endDate,
    kind: r.kind,
    imported: r.imported,
    type: r.type,
  }));
}

const notificationsOf = (ctx: Ctx, template: string) =>
  ctx.database.db.select().from(userNotifications)
    .where(eq(userNotifications.template, template));

// ---------------------------------------------------------------------------------------------

Deno.test({
  name:
    "a unit's calendar is imported by the worker, re-checked with its ETag, and failures delete nothing",
  ...REAL_SERVERS,
  fn: () =>
    withCalendarSync(async (ctx) => {
      const expected = await expectations("airbnb_listing.json");
      const path = "/calendar/ical/4815162342.ics";
      const url = ctx.feeds.url(path);
      ctx.feeds.answer(path, {
        kind: "calendar",
        body: await fixture("airbnb_listing.ics"),
        etag: '"listing-v1"',
      });

      const unit = await createUnit(ctx, "Apartman Lavanda", url);
      const all = await waitFor(async () => {
        const stays = await staysOf(ctx, unit.code, { blocks: true });
        return stays.length === expected.reservationCount && stays;
      }, { what: "the feed's stays to appear" });
      await settled(ctx);

      const kindName = { booking: "Booking", block: "Block" } as Record<string, string>;
      assert.deepEqual(
        all.map((s) => [s.startDate, s.endDate, s.kind]),
        expected.reservations
          .map((r: { start: string; end: string; kind: string }) => [
            r.start,
            r.end,
            kindName[r.kind],
          ])
          .sort((a: string[], b: string[]) => a[0].localeCompare(b[0])),
      );
      assert.ok(all.every((s) => s.imported && s.type === "Airbnb"));
      const bookings = await staysOf(ctx, unit.code);
      assert.equal(
        bookings.length,
        expected.reservations.filter((r: { kind: string }) => r.kind === "booking").length,
        "blocks are left out of the default list",
      );

      const fresh = await feedOf(ctx, unit.code, url);
      assert.equal(fresh.lastStatus, 200);
      assert.equal(fresh.eventCount, expected.reservationCount);
      assert.equal(fresh.lastError, null);
      assert.equal(fresh.failingSince, null);
      assert.deepEqual(
        { ...fresh.lastRun, finishedAt: undefined },
        {
          finishedAt: undefined,
          added: expected.reservationCount,
          updated: 0,
          removed: 0,
          conflicts: [],
          error: null,
        },
      );
      const [first] = ctx.feeds.requests(path);
      assert.equal(first.get("User-Agent"), USER_AGENT);
      assert.equal(first.get("If-None-Match"), null, "nothing to compare with the first time");

      // "Sync now": the platform is asked whether anything changed, says no, and nothing does.
      await syncNow(ctx, unit.code);
      const [, second] = ctx.feeds.requests(path);
      assert.equal(second.get("If-None-Match"), '"listing-v1"');
      const unchanged = await feedOf(ctx, unit.code, url);
      assert.equal(unchanged.lastStatus, 304);
      assert.equal(unchanged.lastError, null);
      assert.notEqual(unchanged.lastFetchAt, fresh.lastFetchAt);
      assert.deepEqual(unchanged.lastRun, fresh.lastRun, "a 304 is not a run");
      assert.deepEqual(await staysOf(ctx, unit.code, { blocks: true }), all);

      // The platform fails in every way it can: each is shown, and no stay is lost.
      const failures: [Answer, string, number | null][] = [
        [{ kind: "status", status: 500 }, "http-error", 500],
        [{ kind: "calendar", body: await fixture("malformed_truncated.ics") }, "malformed", 200],
        [{ kind: "html" }, "not-a-calendar", 200],
        [{ kind: "slow" }, "timeout", null],
        [{ kind: "status", status: 404 }, "http-error", 404],
      ];
      let failingSince: string | null = null;
      for (const [answer, error, status] of failures) {
        ctx.feeds.answer(path, answer);
        await syncNow(ctx, unit.code);
        const health = await feedOf(ctx, unit.code, url);
        assert.equal(health.lastError, error, `${answer.kind} is reported as ${error}`);
        assert.equal(health.lastStatus, status);
        assert.equal(health.lastRun?.error, error);
        assert.equal(health.lastSuccessAt, unchanged.lastSuccessAt);
        assert.ok(health.failingSince, "failing since the first failure");
        failingSince ??= health.failingSince;
        assert.equal(health.failingSince, failingSince, "one run of failures, one start");
        assert.deepEqual(
          await staysOf(ctx, unit.code, { blocks: true }),
          all,
          `nothing deleted after ${error}`,
        );
      }

      // The platform is back and the calendar has not changed: healthy again.
      ctx.feeds.answer(path, {
        kind: "calendar",
        body: await fixture("airbnb_listing.ics"),
        etag: '"listing-v1"',
      });
      await syncNow(ctx, unit.code);
      const recovered = await feedOf(ctx, unit.code, url);
      assert.deepEqual(
        [recovered.lastStatus, recovered.lastError, recovered.failingSince],
        [304, null, null],
      );
      assert.deepEqual(await staysOf(ctx, unit.code, { blocks: true }), all);
      assert.deepEqual(await notificationsOf(ctx, "CalendarFeedFailing"), [], "not a day yet");
    }),
});

Deno.test({
  name: "a unit's second calendar keeps syncing while its first one fails",
  ...REAL_SERVERS,
  fn: () =>
    withCalendarSync(async (ctx) => {
      const t = today();
      const broken = ctx.feeds.url("/broken.ics");
      const working = ctx.feeds.url("/working.ics");
      ctx.feeds.answer("/broken.ics", { kind: "status", status: 503 });
      const stays: Stay[] = [
        { uid: "w1", start: addDays(t, 10), end: addDays(t, 13) },
        { uid: "w2", start: addDays(t, 20), end: addDays(t, 22) },
      ];
      ctx.feeds.answer("/working.ics", { kind: "calendar", body: airbnbFeed(stays), etag: '"w1"' });

      const unit = await createUnit(ctx, "Apartman Ružmarin", `${broken}\n${working}`);
      await settled(ctx);
      assert.deepEqual(
        (await staysOf(ctx, unit.code)).map((s) => [s.startDate, s.endDate]),
        stays.map((s) => [s.start, s.end]),
      );
      assert.equal((await feedOf(ctx, unit.code, broken)).lastError, "http-error");
      assert.equal((await feedOf(ctx, unit.code, broken)).lastStatus, 503);
      assert.equal((await feedOf(ctx, unit.code, working)).lastError, null);
      assert.equal((await feedOf(ctx, unit.code, working)).lastRun?.added, 2);

      // A new booking on the working calendar arrives while the other still fails.
      stays.push({ uid: "w3", start: addDays(t, 30), end: addDays(t, 31) });
      ctx.feeds.answer("/working.ics", { kind: "calendar", body: airbnbFeed(stays), etag: '"w2"' });
      await syncNow(ctx, unit.code);
      assert.deepEqual(
        (await staysOf(ctx, unit.code)).map((s) => [s.startDate, s.endDate]),
        stays.map((s) => [s.start, s.end]),
      );
      assert.equal((await feedOf(ctx, unit.code, working)).lastRun?.added, 1);
      assert.equal((await feedOf(ctx, unit.code, broken)).lastError, "http-error");
      assert.equal(ctx.feeds.requests("/broken.ics").length, 2, "the broken one is tried too");
    }),
});

Deno.test({
  name:
    "a calendar event on nights a manual stay holds is a conflict: no second booking, one notification",
  ...REAL_SERVERS,
  fn: () =>
    withCalendarSync(async (ctx) => {
      const t = today();
      const unit = await createUnit(ctx, "Apartman Kadulja");
      const res = await postWith(ctx.app, "/api/Reservations", {
        accommodationUnitId: unit.id,
        startDateUTC: `${addDays(t, 10)}T12:00:00.000Z`,
        endDateUTC: `${addDays(t, 14)}T12:00:00.000Z`,
        description: "Obitelj Horvat",
      }, ctx.token);
      assert.equal(res.status, 200, await res.clone().text());
      const manual = await res.json();

      // No ETag: every sync downloads the whole calendar again (and, seeing the same body, ends
      // after hashing it: the conflict and its notification stay as they are).
      ctx.feeds.answer("/airbnb.ics", {
        kind: "calendar",
        body: airbnbFeed([
          { uid: "clash", start: addDays(t, 12), end: addDays(t, 15) },
          { uid: "free", start: addDays(t, 20), end: addDays(t, 23) },
        ]),
      });
      const url = ctx.feeds.url("/airbnb.ics");
      const put = await ctx.app.request(`/api/AccommodationUnits/${unit.id}`, {
        method: "PUT",
        headers: { ...bearer(ctx.token), "Content-Type": "application/json" },
        body: JSON.stringify({
          propertyId: ctx.propertyId,
          name: unit.name,
          externalCalendarLink: url,
        }),
      });
      assert.equal(put.status, 200);
      await settled(ctx);

      const expectedStays = [
        [manual.code, addDays(t, 10), addDays(t, 14), false],
        [undefined, addDays(t, 20), addDays(t, 23), true],
      ];
      const check = async () => {
        const stays = await staysOf(ctx, unit.code, { blocks: true });
        assert.deepEqual(
          stays.map((s) => [s.imported ? undefined : s.code, s.startDate, s.endDate, s.imported]),
          expectedStays,
          "the manual stay holds its nights; only the free event is added",
        );
        const feed = await feedOf(ctx, unit.code, url);
        assert.deepEqual(feed.lastRun?.conflicts, [
          {
            start: addDays(t, 12),
            end: addDays(t, 15),
            summary: "Reserved",
            withCode: manual.code,
            registered: false,
          },
        ]);
        const notifications = await notificationsOf(ctx, "CalendarConflict");
        assert.equal(notifications.length, 1, "the host is told once");
        assert.deepEqual(notifications[0].placeholders, {
          accommodationUnit: unit.name,
          start: addDays(t, 12),
          end: addDays(t, 15),
          code: manual.code,
        });
        assert.equal(notifications[0].notificationType, "warning");
        // What the host's app sees: one notification in all, unread.
        const seen = await getWith(
          ctx.app,
          "/api/UserNotifications?pageNumber=1&pageSize=20",
          ctx.token,
        );
        assert.equal(seen.status, 200);
        const sync = await seen.json();
        assert.deepEqual(
          sync.notifications.map((n: { template: string }) => n.template),
          ["CalendarConflict"],
        );
        assert.equal(sync.unreadCount, 1);
      };
      await check();
      const first = await feedOf(ctx, unit.code, url);

      await syncNow(ctx, unit.code);
      assert.equal(ctx.feeds.requests("/airbnb.ics").length, 2);
      const again = await feedOf(ctx, unit.code, url);
      assert.notEqual(again.lastFetchAt, first.lastFetchAt, "fetched again");
      assert.deepEqual(again.lastRun, first.lastRun, "the same body is not a new run");
      await check();
    }),
});

Deno.test({
  name: "a calendar failing for more than a day tells the host once",
  ...REAL_SERVERS,
  fn: () =>
    withCalendarSync(async (ctx) => {
      ctx.feeds.answer("/down.ics", { kind: "status", status: 500 });
      const url = ctx.feeds.url("/down.ics");
      const unit = await createUnit(ctx, "Apartman Smilje", url);
      await settled(ctx);
      assert.equal((await feedOf(ctx, unit.code, url)).lastError, "http-error");
      assert.deepEqual(await notificationsOf(ctx, "CalendarFeedFailing"), [], "not after minutes");

      const since = new Date(Date.now() - 25 * 60 * 60 * 1000);
      await ctx.database.db.update(calendarFeeds).set({ failingSince: since })
        .where(eq(calendarFeeds.url, url));
      await syncNow(ctx, unit.code);
      const notifications = await notificationsOf(ctx, "CalendarFeedFailing");
      assert.equal(notifications.length, 1);
      assert.equal(notifications[0].userId, ctx.userId);
      assert.equal(notifications[0].notificationType, "error");
      assert.deepEqual(notifications[0].placeholders, {
        accommodationUnit: unit.name,
        start: since.toISOString(),
      });
      assert.equal((await feedOf(ctx, unit.code, url)).failingSince, since.toISOString());

      await syncNow(ctx, unit.code);
      assert.equal(ctx.feeds.requests("/down.ics").length, 3);
      assert.equal((await notificationsOf(ctx, "CalendarFeedFailing")).length, 1, "still once");
    }),
});

Deno.test({
  name: "a calendar address on a private network is refused without a request",
  ...REAL_SERVERS,
  fn: () =>
    withCalendarSync(async (ctx) => {
      ctx.feeds.answer("/feed.ics", {
        kind: "calendar",
        body: airbnbFeed([{ uid: "x", start: addDays(today(), 5), end: addDays(today(), 7) }]),
      });
      const url = ctx.feeds.url("/feed.ics");
      const unit = await createUnit(ctx, "Apartman Lovor", url);
      await settled(ctx);
      const feed = await feedOf(ctx, unit.code, url);
      assert.equal(feed.lastError, "forbidden-address");
      assert.equal(feed.lastStatus, null);
      assert.deepEqual(ctx.feeds.requests("/feed.ics"), [], "127.0.0.1 was never contacted");
      assert.deepEqual(await staysOf(ctx, unit.code, { blocks: true }), []);
    }, { allowPrivateAddresses: false }),
});

Deno.test({
  name: "the schedule requests only units whose feeds are due, once per unit and slot",
  ...REAL_SERVERS,
  fn: async () => {
    const database = await createTestDatabase();
    const nats = await startNatsServer();
    // The scheduler publishes as the workers; the test reads the stream back as its own user
    // (the workers may not read messages by number).
    const handle = connectNatsInBackground(nats.urls.workers, "schedule-test");
    const inspector = connectNatsInBackground(nats.urls.test, "schedule-test-inspector");
    try {
      const nc = await waitForNats(handle, AbortSignal.timeout(10_000));
      await ensureStreams(await jetstreamManager(nc));
      const js = jetstream(nc);
      const jsm = await jetstreamManager(await waitForNats(inspector, AbortSignal.timeout(10_000)));

      const app = await createTestApp({ db: database.db });
      const userId = await createHost(app, database.db, { email: "ana@example.com" });
      await seedMirroredAccount(database.db, userId);
      const { accessToken: token } = await signIn(app, "ana@example.com");
      const [property] =
        (await (await getWith(app, "/api/Properties?PageNumber=1&PageSize=5", token)).json())
          .items;
      const unitWith = async (name: string, link: string) => {
        const res = await postWith(app, "/api/AccommodationUnits", {
          propertyId: property.id,
          name,
          externalCalendarLink: link,
        }, token);
        assert.equal(res.status, 200);
        return (await res.json()).id as string;
      };
      const recent = await unitWith("Fetched a minute ago", "https://www.airbnb.com/c/1.ics");
      const stale = await unitWith("Fetched two hours ago", "https://www.airbnb.com/c/2.ics");

      const NOW = new Date("2026-11-20T10:30:00Z");
      const HOUR = 60 * 60_000;
      const fetchedAt = async (unitId: string, at: Date) =>
        await database.db.update(calendarFeeds).set({ lastFetchAt: at })
          .where(eq(calendarFeeds.accommodationUnitId, unitId));
      await fetchedAt(recent, new Date(NOW.getTime() - 60_000));
      await fetchedAt(stale, new Date(NOW.getTime() - 2 * HOUR));

      const schedule = (now: Date) =>
        scheduleDueUnits({ db: database.db, js: () => js, clock: () => now, intervalMs: HOUR });
      const messages = async () => (await jsm.streams.info("CALENDAR")).state.messages;

      assert.equal(await schedule(NOW), 1);
      assert.equal(await messages(), 1);
      const message = await jsm.streams.getMessage("CALENDAR", { seq: 1 });
      const envelope = message!.json<{ subject: string; payload: unknown }>();
      assert.equal(envelope.subject, "calendar.sync.requested");
      assert.deepEqual(envelope.payload, { accommodationUnitId: stale, force: false });

      // Another copy of the workers (or the next tick) in the same slot adds nothing.
      assert.equal(await schedule(new Date(NOW.getTime() + 10 * 60_000)), 1);
      assert.equal(await messages(), 1, "JetStream dropped the duplicate");

      // An hour later both are due, each once.
      assert.equal(await schedule(new Date(NOW.getTime() + HOUR)), 2);
      assert.equal(await messages(), 3);
    } finally {
      await inspector.close();
      await handle.close();
      await nats.dispose();
      await database.dispose();
    }
  },
});
