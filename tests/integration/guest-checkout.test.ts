import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { todayInStayZone } from "@shared/time-zone.ts";
import { guests } from "@core/db/schema/guests.ts";
import { FIREWALL_BACKOFF_HOURS } from "@shared/firewall-backoff.ts";
import { retryUnansweredCheckOuts } from "@core/services/guests/registration/due-work.ts";
import { getWith, postWith } from "../support/accounts.ts";
import { addDays } from "@shared/local-date.ts";
import { accommodationUnits } from "@core/db/schema/accommodation-units.ts";
import {
  connectDemoAccount,
  type EVisitorPipeline,
  propertiesOf,
  withEVisitorPipeline,
} from "../support/evisitor-pipeline.ts";
import { waitFor } from "../support/wait.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { answersTo, guestOf, hostView, registeredStay } from "../support/registered-guest.ts";
import { BIRGITTE } from "../support/guests.ts";

const birgitte = BIRGITTE;

Deno.test({
  name: "a registered guest checked out by the host is checked out in eVisitor once",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, guest } = await registeredStay(ctx);
      const res = await postWith(ctx.app, "/api/Guests/checkout", [{ id: guest.id }], ctx.token);
      assert.equal(res.status, 202);

      const out = await guestOf(ctx, code, (g) => g.status === "CheckedOut", "checked out");
      assert.equal(out.nextDeadline, null, "nothing is due any more");
      const [registration] = (await ctx.sim.control.state()).registrations;
      assert.equal(registration.id, guest.guid);
      assert.equal(registration.status, "checked-out");
      assert.equal(registration.checkOut?.date, todayInStayZone(), "leaving early: today");
      assert.deepEqual(await answersTo(ctx, "CheckOutTourist"), [200]);

      const list = await (await getWith(
        ctx.app,
        `/api/Guests?PageNumber=1&PageSize=10&PropertyId=${
          (await propertiesOf(ctx))[0].id
        }&Status=CheckedOut`,
        ctx.token,
      )).json();
      assert.equal(list.totalCount, 1);
      assert.equal(list.items[0].checkedOutTourist, true);
      assert.equal((await hostView(ctx, code)).status, "CheckedIn", "the stay was registered");

      const again = await postWith(ctx.app, "/api/Guests/checkout", [{ id: guest.id }], ctx.token);
      assert.equal(again.status, 409, "a guest is checked out once");
      assert.equal((await again.json()).code, "CannotCheckOut");
      assert.deepEqual(await answersTo(ctx, "CheckOutTourist"), [200]);
    }),
});

Deno.test({
  name: "an eVisitor outage during check-out is retried until the guest is checked out",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, guest } = await registeredStay(ctx);
      await ctx.sim.control.fail("http500", 2, { path: "CheckOutTourist" });
      const res = await postWith(ctx.app, "/api/Guests/checkout", [{ id: guest.id }], ctx.token);
      assert.equal(res.status, 202);

      const out = await guestOf(
        ctx,
        code,
        (g) => g.status === "CheckedOut",
        "checked out after the outage",
        30_000,
      );
      assert.equal(out.id, guest.id);
      assert.deepEqual(await answersTo(ctx, "CheckOutTourist"), [500, 500, 200]);
      const registrations = (await ctx.sim.control.state()).registrations;
      assert.equal(registrations.length, 1);
      assert.equal(registrations[0].status, "checked-out");
    }),
});

Deno.test({
  name: "the host fixing a registered guest edits the same eVisitor registration",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, guest } = await registeredStay(ctx);
      const res = await postWith(ctx.app, "/api/Guests/checkin", [{
        id: guest.id,
        reservationCode: code,
        guest: { ...birgitte, cityOfResidence: "Odense" },
      }], ctx.token);
      assert.equal(res.status, 200, await res.clone().text());
      const [queued] = await res.json();
      assert.equal(queued.registrationState, "queued");
      assert.equal(queued.guid, guest.guid);

      const fixed = await guestOf(
        ctx,
        code,
        (g) => g.registrationState === "registered",
        "the fix registered",
      );
      assert.equal(fixed.status, "CheckedIn");
      assert.equal(fixed.cityOfResidence, "Odense");
      const registrations = (await ctx.sim.control.state()).registrations;
      assert.equal(registrations.length, 1, "never a second registration");
      assert.equal(registrations[0].id, guest.guid);
      assert.equal(registrations[0].status, "active");
      assert.equal(registrations[0].fields.CityOfResidence, "Odense");
      assert.deepEqual(await answersTo(ctx, "CheckInTourist"), [200, 200], "sent twice: an edit");
    }),
});

/** The guest's row, for what the host's view does not carry (the retry time). */
const rowOf = async (ctx: EVisitorPipeline, id: string) =>
  (await ctx.database.db.select().from(guests).where(eq(guests.id, id)))[0];

Deno.test({
  name: "a check-out eVisitor's firewall refuses is tried once, told with its support ID, and " +
    "sent again by itself hours later",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, guest } = await registeredStay(ctx);
      // The firewall refuses the first try; a repeat a second later would pass it.
      await ctx.sim.control.fail("waf", 1, { path: "CheckOutTourist", supportId: "7766554433" });
      const asked = Date.now();
      const res = await postWith(ctx.app, "/api/Guests/checkout", [{ id: guest.id }], ctx.token);
      assert.equal(res.status, 202);
      const failed = await waitFor(async () => {
        const row = await rowOf(ctx, guest.id);
        return row.registrationFailure === "firewall" && row;
      }, { what: "the firewall's refusal recorded", timeoutMs: 30_000 });
      assert.equal(failed.registrationError, "7766554433", "the support ID for eVisitor's support");
      assert.equal(failed.status, "CheckedIn");
      assert.ok(failed.registrationRetryAt, "planned to be sent again");
      // A block is deterministic: one try, then hours, not another try a second later.
      assert.ok(
        failed.registrationRetryAt.getTime() - asked >= FIREWALL_BACKOFF_HOURS * 3_600_000 - 60_000,
        "hours later",
      );
      assert.deepEqual(await answersTo(ctx, "CheckOutTourist"), [200]);

      // The retry time comes: sent again by itself, and the guest is checked out.
      const later = new Date(failed.registrationRetryAt!.getTime() + 1000);
      assert.equal(await retryUnansweredCheckOuts(ctx.database.db, later), 1);
      await guestOf(ctx, code, (g) => g.status === "CheckedOut", "checked out on the retry");
      const [registration] = (await ctx.sim.control.state()).registrations;
      assert.equal(registration.status, "checked-out");
      assert.equal((await rowOf(ctx, guest.id)).registrationRetryAt, null);
    }),
});

Deno.test({
  name: "a check-out that failed can be sent again by the host",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, guest } = await registeredStay(ctx);
      await ctx.sim.control.fail("http500", 4, { path: "CheckOutTourist" });
      const first = await postWith(ctx.app, "/api/Guests/checkout", [{ id: guest.id }], ctx.token);
      assert.equal(first.status, 202);
      const failed = await waitFor(async () => {
        const row = await rowOf(ctx, guest.id);
        return row.registrationFailure !== null && row;
      }, { what: "the outage recorded", timeoutMs: 30_000 });
      assert.equal(failed.registrationFailure, "unanswered-retrying");

      // The host does not wait for the retry: pressing check-out again sends it now.
      const again = await postWith(ctx.app, "/api/Guests/checkout", [{ id: guest.id }], ctx.token);
      assert.equal(again.status, 202);
      await guestOf(ctx, code, (g) => g.status === "CheckedOut", "checked out by the host's retry");
      assert.deepEqual(await answersTo(ctx, "CheckOutTourist"), [500, 500, 500, 500, 200]);
    }),
});

Deno.test({
  name: "a check-out before the registered arrival time is held, never sent with a future time",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      await connectDemoAccount(ctx);
      const [property] = await propertiesOf(ctx);
      const unitId = property.accommodationUnits[0].id as string;
      // Registered on the arrival day for a late arrival: the registered time is still to come.
      await ctx.database.db.update(accommodationUnits).set({ defaultCheckInTime: "23:59" })
        .where(eq(accommodationUnits.id, unitId));
      const today = todayInStayZone();
      const booked = await postWith(ctx.app, "/api/Reservations", {
        accommodationUnitId: unitId,
        startDateUTC: `${today}T12:00:00.000Z`,
        endDateUTC: `${addDays(today, 2)}T12:00:00.000Z`,
      }, ctx.token);
      const { code } = await booked.json();
      await ctx.app.request("/api/Reservations/Guests", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ reservationCode: code, reservationGuests: [birgitte] }),
      });
      const guest = await guestOf(ctx, code, (g) => g.status === "CheckedIn", "registered");
      const [registration] = (await ctx.sim.control.state()).registrations;
      assert.equal(registration.fields.TimeStayFrom, "23:59");

      const res = await postWith(ctx.app, "/api/Guests/checkout", [{ id: guest.id }], ctx.token);
      assert.equal(res.status, 202);
      const held = await guestOf(
        ctx,
        code,
        (g) => g.registrationFailure?.code === "checkout-before-arrival",
        "the check-out held",
      );
      assert.equal(held.status, "CheckedIn");
      assert.equal(held.registrationFailure?.detail, "23:59");
      assert.match(held.registrationError ?? "", /leaving before the arrival time registered/);
      assert.deepEqual(await answersTo(ctx, "CheckOutTourist"), [], "nothing sent");
    }),
});
