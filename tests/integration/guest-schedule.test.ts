import assert from "node:assert/strict";
import { eq, ne } from "drizzle-orm";
import { guests } from "@core/db/schema/guests.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { properties } from "@core/db/schema/properties.ts";
import { userNotifications } from "@core/db/schema/user-notifications.ts";
import { queueArrivals, queueDepartures } from "@core/services/guests/registration/due-work.ts";
import { warnOfDeadlines } from "../../workers/evisitor/deadline-warnings.ts";
import { DAILY_JOB_LEASE_MS, runDailyJob, takeDailyLease } from "../../workers/runner/daily-job.ts";
import { runScheduler } from "../../workers/scheduler/scheduler.ts";
import { arrivalsJob } from "../../workers/scheduler/jobs/arrivals.ts";
import { departuresJob } from "../../workers/scheduler/jobs/departures.ts";
import { deadlineWarningsJob } from "../../workers/scheduler/jobs/deadline-warnings.ts";
import { unansweredRetriesJob } from "../../workers/scheduler/jobs/unanswered-retries.ts";
import { reconcileConsumer } from "../../workers/evisitor/reconciliation/reconcile-consumer.ts";
import { createEVisitorClient } from "@core/evisitor/client.ts";
import { createHost, getWith, postWith, signIn } from "../support/accounts.ts";
import { simulatorSessions, withTestApp } from "../support/app.ts";
import { DEMO_HOST } from "../support/evisitor-sim.ts";
import {
  connectDemoAccount,
  propertiesOf,
  withEVisitorPipeline,
} from "../support/evisitor-pipeline.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { seedMirroredAccount } from "../support/properties.ts";
import { waitFor } from "../support/wait.ts";
import { addDays, todayIn } from "@shared/local-date.ts";
import { BIRGITTE } from "../support/guests.ts";

/** 10 August 2026, 09:00 in Zagreb. */
const NOW = new Date("2026-08-10T07:00:00Z");
const at = (date: string, hourUtc = 12) =>
  new Date(`${date}T${String(hourUtc).padStart(2, "0")}:00:00Z`);

const guest = BIRGITTE;

async function stayWithGuest(
  ctx: Parameters<Parameters<typeof withTestApp>[0]>[0],
  start: string,
  end: string,
) {
  const ana = await createHost(ctx.app, ctx.db, { email: "ana@example.com" });
  await seedMirroredAccount(ctx.db, ana, undefined, { automaticCheckIn: true });
  const token = (await signIn(ctx.app, "ana@example.com")).accessToken;
  const [property] =
    (await (await getWith(ctx.app, "/api/Properties?PageNumber=1&PageSize=5", token)).json()).items;
  const stay = await (await postWith(ctx.app, "/api/Reservations", {
    accommodationUnitId: property.accommodationUnits[0].id,
    startDateUTC: `${start}T12:00:00Z`,
    endDateUTC: `${end}T12:00:00Z`,
  }, token)).json();
  const res = await ctx.app.request("/api/Reservations/Guests", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ reservationCode: stay.code, reservationGuests: [guest] }),
  });
  assert.equal(res.status, 200);
  return { propertyId: property.id as string, code: stay.code as string };
}

const eventsOf = async (db: Parameters<typeof queueArrivals>[0], subject: string) =>
  (await db.select().from(outbox)).filter((e) => e.subject === subject).length;

Deno.test("a guest who checked in early is queued on the arrival day when the property checks in automatically", () =>
  withTestApp(async (ctx) => {
    const { propertyId } = await stayWithGuest(ctx, "2026-08-12", "2026-08-15");
    assert.equal(await queueArrivals(ctx.db, NOW), 0, "not before arrival");
    await ctx.db.update(properties).set({ automaticCheckIn: false })
      .where(eq(properties.id, propertyId));
    assert.equal(
      await queueArrivals(ctx.db, at("2026-08-12")),
      0,
      "not without automatic check-in",
    );
    await ctx.db.update(properties).set({ automaticCheckIn: true })
      .where(eq(properties.id, propertyId));
    assert.equal(await queueArrivals(ctx.db, at("2026-08-12")), 1);
    const [stored] = await ctx.db.select().from(guests);
    assert.equal(stored.registrationState, "queued");
    assert.equal(await eventsOf(ctx.db, "evisitor.guest.checkin.requested"), 1);
    assert.equal(await queueArrivals(ctx.db, at("2026-08-12")), 0, "queued once");
  }, { now: NOW }));

Deno.test("registered guests are checked out once after departure when the property checks out automatically", () =>
  withTestApp(async (ctx) => {
    const { propertyId } = await stayWithGuest(ctx, "2026-08-10", "2026-08-13");
    await ctx.db.update(guests).set({ status: "CheckedIn", registrationState: "registered" });
    await ctx.db.update(properties).set({ automaticCheckOut: true })
      .where(eq(properties.id, propertyId));
    assert.equal(await queueDepartures(ctx.db, at("2026-08-12")), 0, "not before departure");
    assert.equal(await queueDepartures(ctx.db, at("2026-08-13")), 1);
    assert.equal(await queueDepartures(ctx.db, at("2026-08-13", 15)), 0, "queued once");
    assert.equal(await eventsOf(ctx.db, "evisitor.guest.checkout.requested"), 1);
  }, { now: NOW }));

Deno.test("the host is warned once when a failed guest's registration deadline is near", () =>
  withTestApp(async (ctx) => {
    // Arrival 10 August at 14:00; the registration is due 24 hours later.
    await stayWithGuest(ctx, "2026-08-10", "2026-08-13");
    // eVisitor refused the guest: nobody will register them unless the host acts.
    await ctx.db.update(guests).set({ registrationState: "failed" });
    assert.equal(await warnOfDeadlines(ctx.db, at("2026-08-10", 13)), 0, "still 20 hours left");
    assert.equal(await warnOfDeadlines(ctx.db, at("2026-08-11", 7)), 1, "five hours left");
    assert.equal(await warnOfDeadlines(ctx.db, at("2026-08-11", 15)), 0, "told once");
    const [note] = await ctx.db.select().from(userNotifications)
      .where(ne(userNotifications.template, "GuestAddedByGuest"));
    assert.equal(note.template, "GuestRegistrationDue");
  }, { now: NOW }));

Deno.test("a check-out that failed is warned about; one on its way is not", () =>
  withTestApp(async (ctx) => {
    // Departure 13 August at 10:00; the check-out is due 24 hours later.
    await stayWithGuest(ctx, "2026-08-10", "2026-08-13");
    const requested = at("2026-08-13", 10);
    await ctx.db.update(guests).set({
      status: "CheckedIn",
      registrationState: "registered",
      checkOutRequestedAt: requested,
    });
    assert.equal(await warnOfDeadlines(ctx.db, at("2026-08-14", 7)), 0, "on its way");
    // eVisitor refused it: the host must send it again, so the deadline matters.
    await ctx.db.update(guests).set({
      registrationFailure: "evisitor-refused",
      registrationError: "Nije dopušten unos datuma odjave koji ne zadovoljava definirana prava.",
    });
    assert.equal(await warnOfDeadlines(ctx.db, at("2026-08-14", 7)), 1, "three hours left");
    const [note] = await ctx.db.select().from(userNotifications)
      .where(ne(userNotifications.template, "GuestAddedByGuest"));
    assert.equal(note.template, "GuestCheckOutDue");
  }, { now: NOW }));

Deno.test("the scheduler's guest jobs queue a late check-out before the deadline warnings look", () =>
  withTestApp(async (ctx) => {
    const { propertyId } = await stayWithGuest(ctx, "2026-08-10", "2026-08-13");
    await ctx.db.update(guests).set({ status: "CheckedIn", registrationState: "registered" });
    await ctx.db.update(properties).set({ automaticCheckOut: true })
      .where(eq(properties.id, propertyId));
    // The workers were down: it is the night after the check-out deadline (14 August).
    const late = at("2026-08-14", 23);
    const tickMs = 60_000;
    const controller = new AbortController();
    const running = runScheduler({
      jobs: [
        arrivalsJob({ tickMs }),
        departuresJob({ tickMs }),
        deadlineWarningsJob({ tickMs }),
        unansweredRetriesJob({ tickMs }),
      ],
      db: ctx.db,
      js: () => {
        throw new Error("no NATS in this test");
      },
      clock: () => late,
      signal: controller.signal,
    });
    try {
      await waitFor(
        async () => (await eventsOf(ctx.db, "evisitor.guest.checkout.requested")) === 1,
        {
          what: "the check-out queued",
        },
      );
    } finally {
      controller.abort();
      await running;
    }
    // The round ran in order: the guest was queued first, so no "check-out due" for the host.
    assert.deepEqual(
      await ctx.db.select().from(userNotifications)
        .where(ne(userNotifications.template, "GuestAddedByGuest")),
      [],
    );
    // Without the departures job, the same round warns (the guest really is overdue).
    await ctx.db.update(guests).set({ checkOutRequestedAt: null });
    assert.equal(await warnOfDeadlines(ctx.db, late), 1);
  }, { now: NOW }));

Deno.test("a once-a-day job runs once a day, and again only when the copy running it failed", () =>
  withTestApp(async (ctx) => {
    const day = "2026-08-10";
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    let runs = 0;
    const job = () => Promise.resolve(++runs);

    // Three copies of the workers on the same tick: one runs it.
    const ticks = await Promise.all(
      [1, 2, 3].map(() => runDailyJob(ctx.db, "job", { today: day, now: at(0) }, job)),
    );
    assert.deepEqual(ticks.filter(Boolean), [{ result: 1 }]);
    assert.equal(await runDailyJob(ctx.db, "job", { today: day, now: at(60) }, job), undefined);
    assert.equal(runs, 1);
    assert.deepEqual(
      await runDailyJob(ctx.db, "job", { today: "2026-08-11", now: at(24 * 60) }, job),
      {
        result: 2,
      },
    );

    // A copy fails in the middle of the day's job: the others keep off while its lease lasts,
    // then one of them does the day.
    await assert.rejects(runDailyJob(ctx.db, "other", { today: day, now: at(0) }, () => {
      throw new Error("the copy died");
    }));
    assert.equal(await takeDailyLease(ctx.db, "other", { today: day, now: at(10) }), false);
    const leaseOver = at(DAILY_JOB_LEASE_MS / 60_000);
    assert.deepEqual(await runDailyJob(ctx.db, "other", { today: day, now: leaseOver }, job), {
      result: 3,
    });
    assert.equal(await runDailyJob(ctx.db, "other", { today: day, now: at(600) }, job), undefined);
    assert.equal(runs, 3);
  }, { now: NOW }));

Deno.test({
  name:
    "the daily comparison finds a registration cancelled in eVisitor and follows a check-out made there",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      await connectDemoAccount(ctx);
      const today = todayIn("Europe/Zagreb");
      const [property] = await propertiesOf(ctx);
      const stays = [];
      for (const unit of property.accommodationUnits.slice(0, 2)) {
        const stay = await (await postWith(ctx.app, "/api/Reservations", {
          accommodationUnitId: unit.id,
          startDateUTC: `${today}T12:00:00Z`,
          endDateUTC: `${addDays(today, 2)}T12:00:00Z`,
        }, ctx.token)).json();
        await ctx.app.request("/api/Reservations/Guests", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            reservationCode: stay.code,
            reservationGuests: [{ ...guest, documentNumber: `X${stays.length}1234` }],
          }),
        });
        stays.push(stay.code);
      }
      const registered = await waitFor(async () => {
        const all = await ctx.database.db.select().from(guests);
        return all.every((g) => g.status === "CheckedIn") && all;
      }, { what: "both registered" });

      // In eVisitor itself: one registration is cancelled, the other checked out.
      const session = await createEVisitorClient()(
        { baseUrl: ctx.sim.baseUrl, timeoutMs: 2000 },
        DEMO_HOST,
      );
      await session.cancelTouristCheckIn({ id: registered[0].guid, reason: "test" });
      await session.checkOutTourist({
        id: registered[1].guid,
        checkOutDate: today,
        checkOutTime: "15:00",
      });
      await session.logout();

      const sessions = await simulatorSessions(ctx.sim.baseUrl);
      const consumer = reconcileConsumer({ sessions });
      const [account] = await ctx.database.db.select().from(properties);
      await consumer.handle({
        id: "reconcile-test",
        subject: "evisitor.account.reconcile.requested",
        occurredAt: new Date().toISOString(),
        payload: { externalAccountId: account.externalAccountId },
        deliveries: 1,
        isLastAttempt: false,
      }, { db: ctx.database.db, clock: () => new Date() });
      await sessions.close();

      const after = await ctx.database.db.select().from(guests);
      assert.equal(after.find((g) => g.id === registered[1].id)!.status, "CheckedOut");
      const notes = await ctx.database.db.select().from(userNotifications)
        .where(eq(userNotifications.template, "RegistrationMismatch"));
      assert.equal(notes.length, 1);
      assert.equal(notes[0].placeholders.reservationList, "missing-in-evisitor");
    }),
});

Deno.test({
  name: "opening a stay follows a check-out made in eVisitor itself",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      await connectDemoAccount(ctx);
      const today = todayIn("Europe/Zagreb");
      const [property] = await propertiesOf(ctx);
      const stay = await (await postWith(ctx.app, "/api/Reservations", {
        accommodationUnitId: property.accommodationUnits[0].id,
        startDateUTC: `${today}T12:00:00Z`,
        endDateUTC: `${addDays(today, 2)}T12:00:00Z`,
      }, ctx.token)).json();
      await ctx.app.request("/api/Reservations/Guests", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ reservationCode: stay.code, reservationGuests: [guest] }),
      });
      const [registered] = await waitFor(async () => {
        const all = await ctx.database.db.select().from(guests);
        return all[0]?.status === "CheckedIn" && all;
      }, { what: "the guest registered" });
      const session = await createEVisitorClient()(
        { baseUrl: ctx.sim.baseUrl, timeoutMs: 2000 },
        DEMO_HOST,
      );
      await session.checkOutTourist({
        id: registered.guid,
        checkOutDate: today,
        checkOutTime: "15:00",
      });
      await session.logout();

      await getWith(ctx.app, `/api/Reservations/${stay.code}`, ctx.token);
      const reservation = await waitFor(async () => {
        const r = await (await getWith(ctx.app, `/api/Reservations/${stay.code}`, ctx.token))
          .json();
        return r.guests[0].status === "CheckedOut" && r;
      }, { what: "the check-out followed" });
      assert.equal(reservation.guests[0].status, "CheckedOut");
    }),
});
