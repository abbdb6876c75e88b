import assert from "node:assert/strict";
import { todayInStayZone } from "@shared/time-zone.ts";
import { getWith, postWith } from "../support/accounts.ts";
import { propertiesOf, withEVisitorPipeline } from "../support/evisitor-pipeline.ts";
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
