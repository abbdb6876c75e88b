/**
 * A host changes the dates of a stay whose guest is registered with eVisitor, through the real
 * pipeline (API → outbox → relay → NATS → evisitor worker) against the simulator, which refuses
 * a changed arrival of a registration as eVisitor does (evisitor-api.md §3.1 "Edit semantics"):
 * the arrival moves only with the host's choice to cancel and register again, in that order; a
 * new departure edits the registration's ForeseenStayUntil; a stay with a registered guest is
 * deleted once the registration is cancelled.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { addDays } from "@shared/local-date.ts";
import { todayInStayZone } from "@shared/time-zone.ts";
import { GuestCancelRequested } from "@shared/events.ts";
import { guests } from "@core/db/schema/guests.ts";
import { ARRIVAL_MOVED_REASON } from "@core/services/reservations/stay-move.ts";
import { cancelConsumer } from "../../workers/evisitor/registration/cancel-consumer.ts";
import { bearer, getWith, postWith } from "../support/accounts.ts";
import { simulatorSessions } from "../support/app.ts";
import {
  type EVisitorPipeline,
  propertiesOf,
  withEVisitorPipeline,
} from "../support/evisitor-pipeline.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { waitFor } from "../support/wait.ts";
import { guestOf, hostView, registeredStay } from "../support/registered-guest.ts";

const noon = (date: string) => `${date}T12:00:00.000Z`;

const move = (
  ctx: EVisitorPipeline,
  code: string,
  body: { unitId: string; start: string; end: string; reRegisterGuests?: boolean },
) =>
  ctx.app.request(`/api/Reservations/${code}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", ...bearer(ctx.token) },
    body: JSON.stringify({
      accommodationUnitId: body.unitId,
      startDateUTC: noon(body.start),
      endDateUTC: noon(body.end),
      reRegisterGuests: body.reRegisterGuests,
    }),
  });

const simRegistrations = async (ctx: EVisitorPipeline) =>
  (await ctx.sim.control.state()).registrations;

Deno.test({
  name: "a registered stay's arrival moves only with re-registration: cancelled, then registered",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, unitId, guest } = await registeredStay(ctx);
      const end = addDays(todayInStayZone(), 3);

      // Without the host's choice the move is refused, with the reason, and nothing changes.
      const refused = await move(ctx, code, { unitId, start: todayInStayZone(), end });
      assert.equal(refused.status, 409);
      assert.match(refused.headers.get("content-type") ?? "", /problem\+json/);
      const problem = await refused.json();
      assert.equal(problem.code, "RegisteredArrivalLocked");
      assert.match(problem.title, /does not let the arrival change/);
      const kept = await hostView(ctx, code);
      assert.equal(kept.startDate, addDays(todayInStayZone(), -1));
      assert.equal(kept.endDate, addDays(todayInStayZone(), 2));
      assert.equal((await simRegistrations(ctx)).length, 1);

      // With it: the stay moves at once, the registration is cancelled and made again.
      const moved = await move(ctx, code, {
        unitId,
        start: todayInStayZone(),
        end,
        reRegisterGuests: true,
      });
      assert.equal(moved.status, 200, await moved.clone().text());
      assert.equal((await moved.json()).startDate, todayInStayZone());
      const again = await guestOf(
        ctx,
        code,
        (g) => g.status === "CheckedIn" && g.guid !== guest.guid,
        "registered again with the new dates",
      );
      assert.equal(again.id, guest.id, "the same guest of the stay");
      assert.equal(again.registrationError, null);

      const registrations = await simRegistrations(ctx);
      assert.equal(registrations.length, 2, "one cancelled, one new: no duplicate");
      const old = registrations.find((r) => r.id === guest.guid)!;
      assert.equal(old.status, "cancelled");
      assert.equal(old.cancelReason, ARRIVAL_MOVED_REASON);
      const fresh = registrations.find((r) => r.id === again.guid)!;
      assert.equal(fresh.status, "active");
      assert.equal(fresh.fields.StayFrom, todayInStayZone());
      assert.equal(fresh.fields.ForeseenStayUntil, end);

      // eVisitor heard the cancel before the new registration.
      const paths = (await ctx.sim.control.state()).requests
        .filter((r) => /CancelTouristCheckIn|CheckInTourist/.test(r.path))
        .map((r) => `${r.path.includes("Cancel") ? "cancel" : "checkin"} ${r.status}`);
      assert.deepEqual(paths, ["checkin 200", "cancel 200", "checkin 200"]);
      assert.equal((await hostView(ctx, code)).status, "CheckedIn");

      // A repeated cancel event (a redelivery) changes nothing: no second re-registration.
      const [row] = await ctx.database.db.select().from(guests).where(eq(guests.id, guest.id));
      assert.equal(row.reRegisterRequestedAt, null);
      const sessions = await simulatorSessions(ctx.sim.baseUrl);
      const consumer = cancelConsumer({ sessions });
      await consumer.handle({
        id: crypto.randomUUID(),
        subject: GuestCancelRequested.subject,
        occurredAt: new Date().toISOString(),
        payload: { guestId: guest.id },
        deliveries: 2,
        isLastAttempt: false,
      }, { db: ctx.database.db, clock: () => new Date() });
      await sessions.close();
      const [after] = await ctx.database.db.select().from(guests).where(eq(guests.id, guest.id));
      assert.equal(after.guid, again.guid);
      assert.equal(after.status, "CheckedIn");
      assert.equal((await simRegistrations(ctx)).length, 2);
    }),
});

Deno.test({
  name: "an arrival moved past today is cancelled now and waits for the new arrival day",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, unitId, guest } = await registeredStay(ctx);
      const moved = await move(ctx, code, {
        unitId,
        start: addDays(todayInStayZone(), 2),
        end: addDays(todayInStayZone(), 5),
        reRegisterGuests: true,
      });
      assert.equal(moved.status, 200, await moved.clone().text());
      const waiting = await guestOf(
        ctx,
        code,
        (g) => g.status === "PreCheckIn",
        "waiting for the new arrival",
      );
      assert.equal(waiting.registrationState, "waiting");
      assert.notEqual(waiting.guid, guest.guid, "a new registration id for later");
      const registrations = await simRegistrations(ctx);
      assert.deepEqual(registrations.map((r) => r.status), ["cancelled"]);
    }),
});

Deno.test({
  name: "a registered stay moved to a unit of another facility is registered again there",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, guest } = await registeredStay(ctx);
      const [, other] = await propertiesOf(ctx);
      const unitId = other.accommodationUnits[0].id as string;
      const dates = { start: addDays(todayInStayZone(), -1), end: addDays(todayInStayZone(), 2) };
      const refused = await move(ctx, code, { unitId, ...dates });
      assert.equal(refused.status, 409);
      assert.equal((await refused.json()).code, "RegisteredArrivalLocked");

      const moved = await move(ctx, code, { unitId, ...dates, reRegisterGuests: true });
      assert.equal(moved.status, 200, await moved.clone().text());
      const again = await guestOf(
        ctx,
        code,
        (g) => g.status === "CheckedIn" && g.guid !== guest.guid,
        "registered again in the other facility",
      );
      const registrations = await simRegistrations(ctx);
      const old = registrations.find((r) => r.id === guest.guid)!;
      const fresh = registrations.find((r) => r.id === again.guid)!;
      assert.equal(old.status, "cancelled");
      assert.equal(fresh.status, "active");
      assert.notEqual(fresh.fields.Facility, old.fields.Facility, "registered in the new one");
      assert.equal(fresh.fields.StayFrom, dates.start, "the arrival itself did not change");
      const [row] = await ctx.database.db.select().from(guests).where(eq(guests.id, guest.id));
      assert.equal(row.accommodationUnitId, unitId, "the guest follows the stay");
      assert.equal(row.propertyId, other.id);
    }),
});

Deno.test({
  name: "a registered stay's new departure edits ForeseenStayUntil under the same registration",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, unitId, guest } = await registeredStay(ctx);
      const later = addDays(todayInStayZone(), 5);
      const res = await move(ctx, code, {
        unitId,
        start: addDays(todayInStayZone(), -1),
        end: later,
      });
      assert.equal(res.status, 200, await res.clone().text());

      const registration = await waitFor(async () => {
        const [r] = await simRegistrations(ctx);
        return r?.fields.ForeseenStayUntil === later && r;
      }, { what: "the new departure in eVisitor", timeoutMs: 20_000 });
      assert.equal(registration.id, guest.guid, "the same registration, edited");
      assert.equal(registration.status, "active");
      assert.equal(registration.fields.StayFrom, addDays(todayInStayZone(), -1));
      assert.equal((await simRegistrations(ctx)).length, 1);
      const [row] = await waitFor(async () => {
        const rows = await ctx.database.db.select().from(guests).where(eq(guests.id, guest.id));
        return rows[0]?.departureUpdateRequestedAt === null && rows;
      }, { what: "the update answered" });
      assert.equal(row.registrationError, null);
      assert.equal(row.status, "CheckedIn");
    }),
});

Deno.test({
  name: "a departure edit keeps the registered arrival time after the unit's check-in time changed",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, unitId, guest } = await registeredStay(ctx);
      const [registered] = await simRegistrations(ctx);
      const [property] = await propertiesOf(ctx);
      const unit = property.accommodationUnits[0];
      const changed = await ctx.app.request(`/api/AccommodationUnits/${unitId}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", ...bearer(ctx.token) },
        body: JSON.stringify({
          propertyId: property.id,
          name: unit.name,
          type: unit.type ?? undefined,
          category: unit.category ?? undefined,
          defaultCheckInTime: registered.fields.TimeStayFrom === "16:30" ? "17:00" : "16:30",
        }),
      });
      assert.equal(changed.status, 200, await changed.clone().text());

      const later = addDays(todayInStayZone(), 4);
      const res = await move(ctx, code, {
        unitId,
        start: addDays(todayInStayZone(), -1),
        end: later,
      });
      assert.equal(res.status, 200, await res.clone().text());
      const edited = await waitFor(async () => {
        const [r] = await simRegistrations(ctx);
        return r?.fields.ForeseenStayUntil === later && r;
      }, { what: "the new departure in eVisitor", timeoutMs: 20_000 });
      assert.equal(edited.fields.TimeStayFrom, registered.fields.TimeStayFrom);
      const [row] = await waitFor(async () => {
        const rows = await ctx.database.db.select().from(guests).where(eq(guests.id, guest.id));
        return rows[0]?.departureUpdateRequestedAt === null && rows;
      }, { what: "the update answered" });
      assert.equal(row.registrationError, null, "eVisitor took the edit");
    }),
});

Deno.test({
  name: "a refused departure edit is kept beside the guest for the host",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, unitId, guest } = await registeredStay(ctx);
      // Longer than eVisitor's maximum stay (90 days in the simulator): refused.
      const res = await move(ctx, code, {
        unitId,
        start: addDays(todayInStayZone(), -1),
        end: addDays(todayInStayZone(), 120),
      });
      assert.equal(res.status, 200, await res.clone().text());
      const failed = await guestOf(
        ctx,
        code,
        (g) => g.registrationError !== null,
        "the refusal beside the guest",
      );
      assert.match(failed.registrationError!, /maksimalan broj dana/);
      assert.equal(failed.status, "CheckedIn", "still registered, with the old departure");
      assert.equal(failed.guid, guest.guid);
      const [registration] = await simRegistrations(ctx);
      assert.equal(registration.fields.ForeseenStayUntil, addDays(todayInStayZone(), 2));
    }),
});

Deno.test({
  name: "a stay with a registered guest is deleted once the registration is cancelled",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, guest } = await registeredStay(ctx);
      const remove = () =>
        ctx.app.request(`/api/Reservations/${code}`, {
          method: "DELETE",
          headers: bearer(ctx.token),
        });
      const refused = await remove();
      assert.equal(refused.status, 409);
      assert.equal((await refused.json()).code, "ReservationHasRegisteredGuests");

      const cancel = await postWith(ctx.app, "/api/Guests/cancel", {
        guests: [{ id: guest.id }],
        reason: "Boravak otkazan",
      }, ctx.token);
      assert.equal(cancel.status, 202);
      await guestOf(ctx, code, (g) => g.status === "Cancelled", "cancelled");
      assert.equal((await remove()).status, 204);
      assert.equal((await getWith(ctx.app, `/api/Reservations/${code}`, ctx.token)).status, 404);
      const [registration] = await simRegistrations(ctx);
      assert.equal(registration.status, "cancelled");
    }),
});
