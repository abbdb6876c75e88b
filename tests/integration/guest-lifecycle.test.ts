/**
 * After the first registration: a host cancels a registration (Htz/CancelTouristCheckIn) and
 * registers the guest again, and undoes a check-out made by mistake (Htz/CancelTouristCheckOut),
 * all through the real pipeline (API → outbox → relay → NATS → evisitor worker) against the
 * simulator, whose state machine follows evisitor-api.md §3.3 and §5.3.5.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { addDays } from "@shared/local-date.ts";
import { todayInStayZone } from "@shared/time-zone.ts";
import { accountEvents } from "@core/db/schema/account-events.ts";
import { guests } from "@core/db/schema/guests.ts";
import { properties } from "@core/db/schema/properties.ts";
import { queueDepartures } from "@core/services/guests/registration/due-work.ts";
import { getWith, postWith } from "../support/accounts.ts";
import {
  type EVisitorPipeline,
  propertiesOf,
  withEVisitorPipeline,
} from "../support/evisitor-pipeline.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { waitFor } from "../support/wait.ts";
import { answersTo, guestOf, hostView, registeredStay } from "../support/registered-guest.ts";
import { BIRGITTE } from "../support/guests.ts";

const noon = (date: string) => `${date}T12:00:00.000Z`;

const cancel = (ctx: EVisitorPipeline, ids: string[], reason = "Gost nije došao") =>
  postWith(ctx.app, "/api/Guests/cancel", { guests: ids.map((id) => ({ id })), reason }, ctx.token);

Deno.test({
  name:
    "a cancelled registration is cancelled in eVisitor, recorded, and the guest registered again",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, guest } = await registeredStay(ctx);
      const res = await cancel(ctx, [guest.id]);
      assert.equal(res.status, 202, await res.clone().text());

      const cancelled = await guestOf(ctx, code, (g) => g.status === "Cancelled", "cancelled");
      assert.equal(cancelled.registrationError, null);
      assert.equal(cancelled.nextDeadline, null, "nothing is due for a cancelled registration");
      let registrations = (await ctx.sim.control.state()).registrations;
      assert.equal(registrations.length, 1);
      assert.equal(registrations[0].id, guest.guid);
      assert.equal(registrations[0].status, "cancelled");
      assert.equal(registrations[0].cancelReason, "Gost nije došao", "the host's reason is sent");
      assert.deepEqual(await answersTo(ctx, "CancelTouristCheckIn"), [200]);
      // Nobody is registered any more: the stay under way is Active, not CheckedIn.
      assert.equal((await hostView(ctx, code)).status, "Active");

      // In the account history, by the stay's code and never the guest's name.
      const history = await ctx.database.db.select().from(accountEvents)
        .where(eq(accountEvents.kind, "RegistrationCancelled"));
      assert.equal(history.length, 1);
      assert.deepEqual(history[0].details, { reservationCode: code });
      const page = await (await getWith(
        ctx.app,
        "/api/Users/manage/history?PageNumber=1&PageSize=10",
        ctx.token,
      )).json();
      assert.ok(page.items.some((e: { kind: string }) => e.kind === "RegistrationCancelled"));
      assert.ok(!JSON.stringify(page).includes(BIRGITTE.surname), "no guest name in the history");

      // The guest list's new status filter finds the guest.
      const [property] = await propertiesOf(ctx);
      const list = await (await getWith(
        ctx.app,
        `/api/Guests?PageNumber=1&PageSize=10&PropertyId=${property.id}&Status=Cancelled`,
        ctx.token,
      )).json();
      assert.equal(list.totalCount, 1);

      // A second cancellation is refused: there is nothing registered to cancel.
      const again = await cancel(ctx, [guest.id]);
      assert.equal(again.status, 409);
      assert.equal((await again.json()).code, "CannotCancelRegistration");

      // Registering the guest again makes a new registration under a new id.
      const redo = await postWith(ctx.app, "/api/Guests/checkin", [{
        id: guest.id,
        reservationCode: code,
        guest: BIRGITTE,
      }], ctx.token);
      assert.equal(redo.status, 200, await redo.clone().text());
      const [sent] = await redo.json();
      assert.notEqual(sent.guid, guest.guid, "a new registration id");
      assert.equal(sent.status, "PreCheckIn");
      const back = await guestOf(ctx, code, (g) => g.status === "CheckedIn", "registered again");
      assert.equal(back.guid, sent.guid);
      registrations = (await ctx.sim.control.state()).registrations;
      assert.deepEqual(
        registrations.map((r) => [r.id, r.status]).sort(),
        [[guest.guid, "cancelled"], [sent.guid, "active"]].sort(),
      );
      assert.equal((await hostView(ctx, code)).status, "CheckedIn");
    }),
});

Deno.test({
  name: "a cancellation whose answer was lost is not sent as a second failure",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, guest } = await registeredStay(ctx);
      // eVisitor carries the cancellation out but the answer never arrives (client timeout 2 s);
      // the first repeat meets an outage, so the next one comes after it was carried out.
      await ctx.sim.control.fail("timeout", 1, { path: "CancelTouristCheckIn", delayMs: 2100 });
      await ctx.sim.control.fail("http500", 1, { path: "CancelTouristCheckIn" });
      assert.equal((await cancel(ctx, [guest.id])).status, 202);

      const cancelled = await guestOf(
        ctx,
        code,
        (g) => g.status === "Cancelled",
        "cancelled after the lost answer",
        30_000,
      );
      assert.equal(cancelled.registrationError, null, "the refusal of the repeat is no failure");
      const answers = await answersTo(ctx, "CancelTouristCheckIn");
      // The lost one (200, carried out) and maybe the outage; a repeat reads eVisitor's tourist
      // list first, so once the cancellation is there it is not sent again to be refused.
      assert.ok(answers.includes(200), `carried out: ${answers}`);
      assert.ok(!answers.includes(400), `never refused as a repeat: ${answers}`);
      const [registration] = (await ctx.sim.control.state()).registrations;
      assert.equal(registration.status, "cancelled");
    }),
});

Deno.test({
  name:
    "an undone check-out puts the guest back in eVisitor and the automatic check-out leaves them",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, guest } = await registeredStay(ctx);
      const out = await postWith(ctx.app, "/api/Guests/checkout", [{ id: guest.id }], ctx.token);
      assert.equal(out.status, 202);
      await guestOf(ctx, code, (g) => g.status === "CheckedOut", "checked out");

      // Only a checked-out guest can have the check-out undone; a cancellation is refused now.
      const refused = await cancel(ctx, [guest.id]);
      assert.equal(refused.status, 409);

      const undo = await postWith(
        ctx.app,
        "/api/Guests/undoCheckout",
        [{ id: guest.id }],
        ctx.token,
      );
      assert.equal(undo.status, 202, await undo.clone().text());
      const back = await guestOf(ctx, code, (g) => g.status === "CheckedIn", "checked in again");
      assert.ok(back.nextDeadline, "the check-out deadline applies again");
      const [registration] = (await ctx.sim.control.state()).registrations;
      assert.equal(registration.status, "active");
      assert.equal(registration.checkOut, undefined);
      assert.deepEqual(await answersTo(ctx, "CancelTouristCheckOut"), [200]);

      const twice = await postWith(
        ctx.app,
        "/api/Guests/undoCheckout",
        [{ id: guest.id }],
        ctx.token,
      );
      assert.equal(twice.status, 409);
      assert.equal((await twice.json()).code, "CannotUndoCheckOut");

      // The property checks out automatically; after the stay the guest is still left alone.
      await ctx.database.db.update(properties).set({ automaticCheckOut: true });
      const afterStay = new Date(Date.parse(noon(addDays(todayInStayZone(), 3))));
      assert.equal(await queueDepartures(ctx.database.db, afterStay), 0);
      const [row] = await ctx.database.db.select().from(guests).where(eq(guests.id, guest.id));
      assert.equal(row.checkOutRequestedAt, null);
      assert.ok(row.checkOutUndoneAt);

      // The host can still check the guest out by hand.
      const byHand = await postWith(ctx.app, "/api/Guests/checkout", [{ id: guest.id }], ctx.token);
      assert.equal(byHand.status, 202);
      await guestOf(ctx, code, (g) => g.status === "CheckedOut", "checked out by hand");
      assert.deepEqual(await answersTo(ctx, "CheckOutTourist"), [200, 200]);
    }),
});

Deno.test({
  name: "eVisitor refusing a cancellation is shown at the guest, as eVisitor holds them",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, guest } = await registeredStay(ctx);
      // Opening the stay asked eVisitor about its guests once (then not for ten minutes): let
      // that happen first, so this test's change in eVisitor is not followed here.
      await waitFor(async () => (await answersTo(ctx, "ListOfTourists")).length > 0, {
        what: "the stay's guests asked of eVisitor",
      });
      // The guest was checked out in eVisitor's own site meanwhile: eVisitor refuses to cancel.
      await ctx.sim.control.checkOut(guest.guid);
      assert.equal((await cancel(ctx, [guest.id])).status, 202);
      const refused = await guestOf(
        ctx,
        code,
        (g) => g.registrationError !== null && !g.cancelRequestedAt,
        "the refusal kept",
      );
      // Checked out in eVisitor's own site: shown so, with eVisitor's refusal beside it.
      assert.equal(refused.status, "CheckedOut");
      assert.match(refused.registrationError!, /odjavljen/);
      assert.deepEqual(await answersTo(ctx, "CancelTouristCheckIn"), [400]);
    }),
});
