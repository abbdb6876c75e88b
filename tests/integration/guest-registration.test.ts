import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { DocumentType, Gender } from "@shared/enums.ts";
import { guests } from "@core/db/schema/guests.ts";
import { userNotifications } from "@core/db/schema/user-notifications.ts";
import {
  UNANSWERED_RETRY_DELAYS_MS,
  unansweredRetryAt,
} from "@core/services/guests/registration/retry-schedule.ts";
import { retryUnansweredRegistrations } from "@core/services/guests/registration/due-work.ts";
import { getWith, postWith } from "../support/accounts.ts";
import {
  connectDemoAccount,
  type EVisitorPipeline,
  propertiesOf,
  withEVisitorPipeline,
} from "../support/evisitor-pipeline.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { waitFor } from "../support/wait.ts";
import { addDays } from "@shared/local-date.ts";
import { todayInStayZone } from "@shared/time-zone.ts";
import { BIRGITTE } from "../support/guests.ts";

const noon = (date: string) => `${date}T12:00:00.000Z`;

const birgitte = BIRGITTE;
const ivo = {
  firstName: "Ivo",
  surname: "Rasmussen",
  gender: Gender.Male,
  dateOfBirth: "2015-04-02",
  citizenship: "DNK",
  countryOfBirth: "DNK",
  cityOfBirth: "Aarhus",
  countryOfResidence: "DNK",
  cityOfResidence: "København",
  documentType: DocumentType.Passport,
  documentNumber: "209957823",
};

/** A stay in the first mirrored unit, from `start` for three nights; returns its code. */
async function stay(ctx: EVisitorPipeline, start = todayInStayZone()): Promise<string> {
  await connectDemoAccount(ctx);
  const [property] = await propertiesOf(ctx);
  const res = await postWith(ctx.app, "/api/Reservations", {
    accommodationUnitId: property.accommodationUnits[0].id,
    startDateUTC: noon(start),
    endDateUTC: noon(addDays(start, 3)),
  }, ctx.token);
  assert.equal(res.status, 200);
  return (await res.json()).code;
}

const checkIn = (ctx: EVisitorPipeline, code: string, guests: unknown[]) =>
  ctx.app.request("/api/Reservations/Guests", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ reservationCode: code, reservationGuests: guests }),
  });

const hostView = async (ctx: EVisitorPipeline, code: string) =>
  await (await getWith(ctx.app, `/api/Reservations/${code}`, ctx.token)).json();

const registrations = async (ctx: EVisitorPipeline) =>
  (await ctx.sim.control.state()).registrations.filter((r) => r.status === "active");

Deno.test({
  name: "guests who check in on their arrival day are registered in eVisitor once each",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const code = await stay(ctx);
      const res = await checkIn(ctx, code, [birgitte, ivo]);
      assert.equal(res.status, 200);
      const answered = await res.json();
      assert.deepEqual(
        answered.guests.map((g: { registrationState: string }) => g.registrationState),
        [
          "queued",
          "queued",
        ],
      );
      assert.equal(
        answered.guests[0].documentNumber,
        undefined,
        "the public answer shows no document",
      );

      const reservation = await waitFor(async () => {
        const r = await hostView(ctx, code);
        return r.guests.every((g: { status: string }) => g.status === "CheckedIn") && r;
      }, { what: "both guests checked in" });
      assert.equal(reservation.status, "CheckedIn");
      assert.equal(reservation.guests[0].documentNumber, "109957822", "the host sees the document");
      const active = await registrations(ctx);
      assert.equal(active.length, 2);
      assert.deepEqual(
        active.map((r) => r.id).sort(),
        reservation.guests.map((g: { guid: string }) => g.guid).sort(),
        "eVisitor holds each guest under the guid we chose",
      );
      const child = active.find((r) => r.fields.TouristName === "Ivo")!;
      assert.equal(
        child.fields.TTPaymentCategory,
        "1",
        "a child under 12 is in the children's category",
      );
      assert.equal(child.fields.DocumentType, "002");

      const again = await checkIn(ctx, code, [birgitte]);
      assert.equal(again.status, 409, "the same document twice is refused");
      assert.equal((await again.json()).code, "GuestAlreadyCheckedIn");
      assert.equal((await registrations(ctx)).length, 2);
    }),
});

Deno.test({
  name: "eVisitor failing and timing out is retried until each guest is registered exactly once",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const code = await stay(ctx);
      await ctx.sim.control.fail("http500", 2, { path: "CheckInTourist" });
      await ctx.sim.control.fail("timeout", 1, { path: "CheckInTourist", delayMs: 20_000 });
      assert.equal((await checkIn(ctx, code, [birgitte, ivo])).status, 200);
      await waitFor(async () => {
        const r = await hostView(ctx, code);
        return r.guests.every((g: { status: string }) => g.status === "CheckedIn") && r;
      }, { what: "both guests checked in after the failures", timeoutMs: 60_000 });
      const active = await registrations(ctx);
      assert.equal(active.length, 2, "no guest registered twice");
    }, { maxDeliveries: 6 }),
});

Deno.test({
  name: "a registration eVisitor never answered is sent again by itself later, and the host " +
    "told once",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const code = await stay(ctx);
      // Every delivery of the event finds eVisitor down (2 deliveries in this pipeline).
      await ctx.sim.control.fail("http500", 2, { path: "CheckInTourist" });
      assert.equal((await checkIn(ctx, code, [birgitte])).status, 200);
      const failed = await waitFor(async () => {
        const [g] = (await hostView(ctx, code)).guests;
        return g?.registrationState === "failed" && g;
      }, { what: "the registration to fail after every delivery" });
      assert.equal(
        failed.registrationError,
        "eVisitor did not answer. Prijavko will send the registration again by itself.",
      );
      const [row] = await ctx.database.db.select().from(guests).where(eq(guests.id, failed.id));
      assert.equal(failed.registrationRetryAt, row.registrationRetryAt!.toISOString());
      const planned = row.registrationRetryAt!.getTime() - row.updatedAt.getTime();
      assert.equal(planned, UNANSWERED_RETRY_DELAYS_MS[0], "sent again in 5 minutes");

      // Not before its time; then the guests' clock sends it, and eVisitor is back.
      assert.equal(await retryUnansweredRegistrations(ctx.database.db, new Date()), 0);
      const later = new Date(row.registrationRetryAt!.getTime() + 1);
      assert.equal(await retryUnansweredRegistrations(ctx.database.db, later), 1);
      assert.equal(await retryUnansweredRegistrations(ctx.database.db, later), 0, "queued once");
      const registered = await waitFor(async () => {
        const [g] = (await hostView(ctx, code)).guests;
        return g?.registrationState === "registered" && g;
      }, { what: "the guest registered on the automatic retry" });
      assert.equal(registered.registrationError, null);
      assert.equal((await registrations(ctx)).length, 1, "registered once");
      const [after] = await ctx.database.db.select().from(guests).where(eq(guests.id, failed.id));
      assert.equal(after.registrationRetries, 0);
      assert.equal(after.registrationRetryAt, null);

      const notes = await ctx.database.db.select().from(userNotifications);
      assert.equal(notes.filter((n) => n.template === "GuestRegistrationFailed").length, 1);
      assert.equal(notes.filter((n) => n.template === "GuestCheckedIn").length, 1);
    }, { maxDeliveries: 2 }),
});

Deno.test("automatic retries wait longer each time and end, about 16 hours in, with the host", () => {
  const now = new Date("2026-07-10T10:00:00Z");
  const minutes = UNANSWERED_RETRY_DELAYS_MS.map((_, i) =>
    (unansweredRetryAt(i, now)!.getTime() - now.getTime()) / 60_000
  );
  assert.deepEqual(minutes, [5, 15, 30, 60, 120, 240, 240, 240]);
  assert.ok(minutes.reduce((a, b) => a + b) < 24 * 60, "inside eVisitor's 24 hours");
  assert.equal(unansweredRetryAt(UNANSWERED_RETRY_DELAYS_MS.length, now), null);
});

Deno.test({
  name: "a refusal reaches the host with its reason and a notification, without retrying",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const code = await stay(ctx);
      const unspecified = { ...birgitte, gender: Gender.Unspecified };
      assert.equal((await checkIn(ctx, code, [unspecified])).status, 200);
      const failed = await waitFor(async () => {
        const r = await hostView(ctx, code);
        return r.guests[0].registrationState === "failed" && r.guests[0];
      }, { what: "the failure to be recorded" });
      assert.match(failed.registrationError, /male or female/);
      assert.equal(failed.status, "PreCheckIn");
      assert.equal((await registrations(ctx)).length, 0);
      const notes = await ctx.database.db.select().from(userNotifications)
        .where(eq(userNotifications.template, "GuestRegistrationFailed"));
      assert.equal(notes.length, 1);
    }),
});

Deno.test({
  name: "guests who check in before arrival wait; nothing is sent to eVisitor yet",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const code = await stay(ctx, addDays(todayInStayZone(), 5));
      const res = await checkIn(ctx, code, [birgitte]);
      assert.equal(res.status, 200);
      assert.equal((await res.json()).guests[0].registrationState, "waiting");
      await new Promise((r) => setTimeout(r, 300));
      assert.equal((await registrations(ctx)).length, 0);
      const reservation = await hostView(ctx, code);
      assert.equal(reservation.status, "Pending");
      assert.ok(reservation.guests[0].nextDeadline, "the 24-hour deadline after arrival is shown");
    }),
});

Deno.test({
  name: "a guest living outside the EU picks eVisitor's border crossing and is registered with it",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const code = await stay(ctx);
      const res = await ctx.app.request(`/api/Reservations/${code}/BorderCrossings`);
      assert.equal(res.status, 200);
      const crossings = await res.json();
      assert.ok(crossings.some((c: { code: string; name: string }) =>
        c.code === "053" && c.name === "Zračna luka Split"
      ));
      const american = {
        ...birgitte,
        citizenship: "USA",
        countryOfBirth: "USA",
        cityOfBirth: "Boston",
        countryOfResidence: "USA",
        cityOfResidence: "Boston",
      };
      const missing = await checkIn(ctx, code, [american]);
      assert.equal(missing.status, 400);
      assert.ok((await missing.json()).errors["reservationGuests.0.borderCrossing"]);
      const complete = {
        ...american,
        borderCrossing: "053",
        passageDate: addDays(todayInStayZone(), -2),
      };
      assert.equal((await checkIn(ctx, code, [complete])).status, 200);
      await waitFor(async () => {
        const active = await registrations(ctx);
        return active.length === 1 && active;
      }, { what: "the registration" });
      const [registration] = await registrations(ctx);
      assert.equal(registration.fields.BorderCrossing, "053");
      assert.equal(registration.fields.PassageDate, addDays(todayInStayZone(), -2));
    }),
});

Deno.test({
  name: "an eVisitor session that expires mid-way is renewed and the guest registered exactly once",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const code = await stay(ctx);
      // Hold the check-in's answer back (within the client's timeout) and drop every session
      // while it is held: eVisitor then finds the call's session gone.
      await ctx.sim.control.fail("timeout", 1, { path: "CheckInTourist", delayMs: 1000 });
      assert.equal((await checkIn(ctx, code, [birgitte])).status, 200);
      await waitFor(async () => (await ctx.sim.control.state()).faults.length === 0, {
        what: "the check-in to reach eVisitor",
      });
      await ctx.sim.control.fail("expire-sessions");

      const reservation = await waitFor(async () => {
        const r = await hostView(ctx, code);
        return r.guests[0]?.status === "CheckedIn" && r;
      }, { what: "the guest checked in after a new login" });
      assert.equal(reservation.guests[0].registrationState, "registered");
      const state = await ctx.sim.control.state();
      const answers = state.requests.filter((r) => r.path.includes("/CheckInTourist/"))
        .map((r) => r.status);
      assert.equal(answers.length, 2, "refused for the lost session, then sent again once");
      assert.notEqual(answers[0], 200);
      assert.equal(answers[1], 200);
      assert.equal(state.registrations.length, 1);
      assert.equal(state.registrations[0].id, reservation.guests[0].guid);
      assert.equal(state.registrations[0].status, "active");
    }),
});
