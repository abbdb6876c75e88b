/**
 * A platform's calendar changes a stay whose guest is registered with eVisitor (issue 19 item 3),
 * through the real pipeline (calendar sync → outbox → relay → NATS → evisitor worker) against the
 * simulator, which refuses a changed arrival of a registration as eVisitor does: a new departure
 * is sent to eVisitor as the host's own move would be; a new arrival is not applied (the stay
 * keeps its registered arrival, the host is told and moves it in one action, cancelling and
 * registering again); a stay with guests that leaves the feed is kept (registered) or removed
 * with the host told (checked in, not registered); a stay the feed turns into a block stays a
 * stay while its guests are registered, the host told.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { addDays } from "@shared/local-date.ts";
import { todayInStayZone } from "@shared/time-zone.ts";
import { calendarFeeds } from "@core/db/schema/calendar-feeds.ts";
import { guests } from "@core/db/schema/guests.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { userNotifications } from "@core/db/schema/user-notifications.ts";
import { MAX_FEED_BYTES } from "../../workers/calendar-sync/feed-text.ts";
import { syncUnitFeeds } from "../../workers/calendar-sync/sync-unit.ts";
import { bearer, getWith, postWith } from "../support/accounts.ts";
import { type EVisitorPipeline, withEVisitorPipeline } from "../support/evisitor-pipeline.ts";
import { BIRGITTE } from "../support/guests.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { waitFor } from "../support/wait.ts";
import { guestOf, hostView, registeredStay } from "../support/registered-guest.ts";

const FEED_URL = "https://www.airbnb.com/calendar/ical/4242.ics?s=secret";
const noon = (date: string) => `${date}T12:00:00.000Z`;
const compact = (date: string) => date.replaceAll("-", "");

/** An Airbnb-style calendar with one reserved stay (or, with its summary, a block) per entry. */
const calendarOf = (stays: { uid: string; start: string; end: string; summary?: string }[]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN",
    ...stays.flatMap((s) => [
      "BEGIN:VEVENT",
      `DTSTART;VALUE=DATE:${compact(s.start)}`,
      `DTEND;VALUE=DATE:${compact(s.end)}`,
      `UID:${s.uid}`,
      `SUMMARY:${s.summary ?? "Reserved"}`,
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
    "",
  ].join("\r\n");

/** Gives the unit an Airbnb feed and returns a sync of it that serves `body()`. */
async function feedFor(ctx: EVisitorPipeline, unitId: string, body: () => string) {
  const db = ctx.database.db;
  const [{ userId }] = await db.select({ userId: reservations.userId }).from(reservations)
    .limit(1);
  const [feed] = await db.insert(calendarFeeds).values({
    id: crypto.randomUUID(),
    userId,
    accommodationUnitId: unitId,
    url: FEED_URL,
    createdAt: new Date(),
  }).returning();
  const sync = () =>
    syncUnitFeeds(db, unitId, { force: true }, {
      fetch: {
        timeoutMs: 5_000,
        maxBytes: MAX_FEED_BYTES,
        allowPrivateAddresses: true,
        fetch: () =>
          Promise.resolve(
            new Response(body(), { headers: { "Content-Type": "text/calendar; charset=utf-8" } }),
          ),
      },
      minAgeMs: 0,
      clock: () => new Date(),
    });
  return { feed, sync };
}

/** Makes a stay entered through the API look as if the feed had brought it under `uid`. */
const importAs = (ctx: EVisitorPipeline, code: string, feedId: string, uid: string) =>
  ctx.database.db.update(reservations)
    .set({ sourceFeedId: feedId, sourceUid: uid, type: "Airbnb" })
    .where(eq(reservations.code, code));

const notificationsOf = (ctx: EVisitorPipeline, template: string) =>
  ctx.database.db.select().from(userNotifications)
    .where(eq(userNotifications.template, template));

const simRegistrations = async (ctx: EVisitorPipeline) =>
  (await ctx.sim.control.state()).registrations;

Deno.test({
  name: "a feed that extends a registered stay edits ForeseenStayUntil under the same registration",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, unitId, guest } = await registeredStay(ctx);
      const arrival = addDays(todayInStayZone(), -1);
      const later = addDays(todayInStayZone(), 5);
      const { feed, sync } = await feedFor(
        ctx,
        unitId,
        () => calendarOf([{ uid: "stay-1@airbnb.com", start: arrival, end: later }]),
      );
      await importAs(ctx, code, feed.id, "stay-1@airbnb.com");

      const [outcome] = await sync();
      assert.ok(typeof outcome === "object");
      assert.equal(outcome.updated, 1);
      assert.deepEqual(outcome.conflicts, []);
      assert.equal((await hostView(ctx, code)).endDate, later);

      const registration = await waitFor(async () => {
        const [r] = await simRegistrations(ctx);
        return r?.fields.ForeseenStayUntil === later && r;
      }, { what: "the platform's new departure in eVisitor", timeoutMs: 20_000 });
      assert.equal(registration.id, guest.guid, "the same registration, edited");
      assert.equal(registration.status, "active");
      assert.equal(registration.fields.StayFrom, arrival);
      assert.equal((await simRegistrations(ctx)).length, 1);
      const settled = await guestOf(
        ctx,
        code,
        (g) => g.registrationError === null && g.status === "CheckedIn",
        "still registered",
      );
      assert.equal(settled.guid, guest.guid);
      const [row] = await waitFor(async () => {
        const rows = await ctx.database.db.select().from(guests).where(eq(guests.id, guest.id));
        return rows[0]?.departureUpdateRequestedAt === null && rows;
      }, { what: "the update answered" });
      assert.equal(row.registrationFailure, null);
    }),
});

Deno.test({
  name:
    "a feed that moves a registered stay's arrival leaves it for the host, who moves it in one action",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, unitId, guest } = await registeredStay(ctx);
      const arrival = addDays(todayInStayZone(), -1);
      const departure = addDays(todayInStayZone(), 2);
      // Earlier (a later one up to today would read as a stay under way re-issued from today,
      // which keeps its arrival: reconcile.ts).
      const platform = {
        start: addDays(todayInStayZone(), -2),
        end: addDays(todayInStayZone(), 4),
      };
      const { feed, sync } = await feedFor(
        ctx,
        unitId,
        () => calendarOf([{ uid: "stay-1@airbnb.com", ...platform }]),
      );
      await importAs(ctx, code, feed.id, "stay-1@airbnb.com");
      const before = await ctx.sim.control.state();

      const [outcome] = await sync();
      assert.ok(typeof outcome === "object");
      assert.equal(outcome.updated, 0, "not moved");
      const stay = await hostView(ctx, code);
      assert.deepEqual([stay.startDate, stay.endDate], [arrival, departure], "registered dates");
      assert.deepEqual(stay.platformMove, { startDate: platform.start, endDate: platform.end });

      // Reported with the sync, as a conflict naming the stay, on the calendars page.
      const listed = await getWith(ctx.app, "/api/Calendars?PageNumber=1&PageSize=50", ctx.token);
      assert.equal(listed.status, 200);
      const feeds = (await listed.json()).items
        .flatMap((c: { feeds: { url: string }[] }) => c.feeds)
        .filter((f: { url: string }) => f.url === FEED_URL);
      assert.deepEqual(feeds[0].lastRun.conflicts, [{
        start: platform.start,
        end: platform.end,
        summary: "Reserved",
        withCode: code,
        registered: true,
      }]);

      // The host is told once, naming the stay and the platform's new dates.
      const [told, ...more] = await notificationsOf(ctx, "CalendarStayNeedsHost");
      assert.equal(more.length, 0);
      assert.equal(told.notificationType, "warning");
      assert.deepEqual(told.placeholders, {
        accommodationUnit: told.placeholders.accommodationUnit,
        reservationList: "arrival-locked",
        code,
        start: platform.start,
        end: platform.end,
      });
      assert.equal((await notificationsOf(ctx, "CalendarConflict")).length, 0);

      // Syncing again changes nothing and tells nobody twice; eVisitor heard nothing.
      await sync();
      assert.equal((await notificationsOf(ctx, "CalendarStayNeedsHost")).length, 1);
      assert.deepEqual([(await hostView(ctx, code)).startDate], [arrival]);
      const after = await ctx.sim.control.state();
      assert.deepEqual(after.registrations, before.registrations, "eVisitor is unchanged");
      // (Reads, such as the refresh opening the stay asks for, change nothing there.)
      const writes = (state: typeof after) =>
        state.requests.filter((r) => /CheckInTourist|CancelTourist|CheckOutTourist/.test(r.path));
      assert.equal(writes(after).length, writes(before).length, "nothing was sent");

      // Only the platform's dates may be taken, and only with the choice to register again.
      const put = (body: Record<string, unknown>) =>
        ctx.app.request(`/api/Reservations/${code}`, {
          method: "PUT",
          headers: { "Content-Type": "application/json", ...bearer(ctx.token) },
          body: JSON.stringify({ accommodationUnitId: unitId, ...body }),
        });
      const elsewhere = await put({
        startDateUTC: noon(platform.start),
        endDateUTC: noon(addDays(platform.end, 1)),
        reRegisterGuests: true,
      });
      assert.equal(elsewhere.status, 409);
      assert.equal((await elsewhere.json()).code, "ImportedReservation");
      const unchosen = await put({
        startDateUTC: noon(platform.start),
        endDateUTC: noon(platform.end),
      });
      assert.equal(unchosen.status, 409);
      assert.equal((await unchosen.json()).code, "RegisteredArrivalLocked");

      const moved = await put({
        startDateUTC: noon(platform.start),
        endDateUTC: noon(platform.end),
        reRegisterGuests: true,
      });
      assert.equal(moved.status, 200, await moved.clone().text());
      const body = await moved.json();
      assert.deepEqual([body.startDate, body.endDate], [platform.start, platform.end]);
      assert.equal(body.platformMove, null);

      const again = await guestOf(
        ctx,
        code,
        (g) => g.status === "CheckedIn" && g.guid !== guest.guid,
        "registered again with the platform's dates",
      );
      assert.equal(again.registrationError, null, "eVisitor refused nothing");
      const registrations = await simRegistrations(ctx);
      assert.equal(registrations.length, 2);
      assert.equal(registrations.find((r) => r.id === guest.guid)!.status, "cancelled");
      const fresh = registrations.find((r) => r.id === again.guid)!;
      assert.equal(fresh.status, "active");
      assert.equal(fresh.fields.StayFrom, platform.start);
      assert.equal(fresh.fields.ForeseenStayUntil, platform.end);

      // The feed now agrees with the stay: the next sync leaves it and tells nobody.
      const [next] = await sync();
      assert.ok(typeof next === "object");
      assert.equal(next.updated, 0);
      assert.deepEqual(next.conflicts, []);
      assert.equal((await hostView(ctx, code)).platformMove, null);
      assert.equal((await notificationsOf(ctx, "CalendarStayNeedsHost")).length, 1);
    }),
});

Deno.test({
  name:
    "stays ahead with guests that leave the feed: kept when registered, else removed, host told",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { unitId } = await registeredStay(ctx);
      const stayAt = async (from: number, to: number, withGuest = true) => {
        const booked = await postWith(ctx.app, "/api/Reservations", {
          accommodationUnitId: unitId,
          startDateUTC: noon(addDays(todayInStayZone(), from)),
          endDateUTC: noon(addDays(todayInStayZone(), to)),
        }, ctx.token);
        assert.equal(booked.status, 200);
        const { code } = await booked.json();
        if (!withGuest) return code as string;
        const res = await ctx.app.request("/api/Reservations/Guests", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ reservationCode: code, reservationGuests: [BIRGITTE] }),
        });
        assert.equal(res.status, 200);
        return code as string;
      };
      const waiting = await stayAt(10, 12);
      const registered = await stayAt(20, 22);
      const empty = await stayAt(30, 32, false);
      const { feed, sync } = await feedFor(ctx, unitId, () => calendarOf([]));
      await importAs(ctx, waiting, feed.id, "waiting@airbnb.com");
      await importAs(ctx, registered, feed.id, "registered@airbnb.com");
      await importAs(ctx, empty, feed.id, "empty@airbnb.com");
      // As if registered early (the schedule registers from the arrival day on).
      const [{ id: registeredId }] = await ctx.database.db.select({ id: reservations.id })
        .from(reservations).where(eq(reservations.code, registered));
      await ctx.database.db.update(guests).set({ status: "CheckedIn" })
        .where(eq(guests.reservationId, registeredId));

      const [outcome] = await sync();
      assert.ok(typeof outcome === "object");
      assert.equal(outcome.removed, 2);
      const codes = (await ctx.database.db.select({ code: reservations.code }).from(reservations))
        .map((r) => r.code);
      assert.ok(codes.includes(registered), "kept under its registration");
      assert.ok(!codes.includes(waiting) && !codes.includes(empty));
      const rows = await ctx.database.db.select().from(guests)
        .where(and(eq(guests.reservationId, registeredId)));
      assert.equal(rows.length, 1);

      const told = (await notificationsOf(ctx, "CalendarStayNeedsHost"))
        .map((n) => [n.placeholders.code, n.placeholders.reservationList])
        .sort();
      assert.deepEqual(
        told,
        [[registered, "gone-kept"], [waiting, "gone-removed"]].sort(),
        "the host hears of the stays with guests, not of the empty one",
      );
      await sync();
      assert.equal((await notificationsOf(ctx, "CalendarStayNeedsHost")).length, 2, "once each");
    }),
});

Deno.test({
  name:
    "a feed that turns a registered stay into a block keeps the stay with its guests, host told",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, guest } = await registeredStay(ctx);
      const stayRow = async () =>
        (await ctx.database.db.select().from(reservations).where(eq(reservations.code, code)))[0];
      const before = await stayRow();
      const { feed, sync } = await feedFor(ctx, before.accommodationUnitId, () =>
        calendarOf([{
          uid: "stay-1@airbnb.com",
          start: before.startDate,
          end: before.endDate,
          summary: "Airbnb (Not available)",
        }]));
      await importAs(ctx, code, feed.id, "stay-1@airbnb.com");

      const [outcome] = await sync();
      assert.ok(typeof outcome === "object");
      assert.equal(outcome.updated, 0, "not made a block");
      const after = await stayRow();
      assert.deepEqual(
        [after.kind, after.startDate, after.endDate, after.canceledAt],
        [before.kind, before.startDate, before.endDate, null],
      );
      assert.notEqual(after.kind, "block");
      assert.equal(
        (await guestOf(ctx, code, (g) => g.status === "CheckedIn", "kept")).id,
        guest.id,
      );
      const told = (await notificationsOf(ctx, "CalendarStayNeedsHost"))
        .map((n) => [n.placeholders.code, n.placeholders.reservationList]);
      assert.deepEqual(told, [[code, "block-kept"]]);
      await sync();
      assert.equal((await notificationsOf(ctx, "CalendarStayNeedsHost")).length, 1, "told once");
    }),
});
