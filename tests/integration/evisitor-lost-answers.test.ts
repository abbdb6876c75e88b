/**
 * Issue 31 ("eVisitor, the last mile"), items 1 and 2, through the real pipeline (API → outbox →
 * relay → NATS → evisitor worker) against the simulator: a check-out, cancel or undo that
 * eVisitor carried out but whose answer was lost (held past the client's patience, or the
 * connection dropped) ends as eVisitor holds it, sent once; and a server-side failure answered
 * with status 200 is retried, not filed as eVisitor refusing the guest.
 */
import assert from "node:assert/strict";
import { postWith } from "../support/accounts.ts";
import { type EVisitorPipeline, withEVisitorPipeline } from "../support/evisitor-pipeline.ts";
import { callsOf, DEMO_HOST } from "../support/evisitor-sim.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { answersTo, guestOf, type HostGuest, registeredStay } from "../support/registered-guest.ts";

/** How many times eVisitor was asked to carry out `action` (held answers counted too). */
const sent = async (ctx: EVisitorPipeline, action: string) =>
  callsOf(await ctx.sim.control.state(), DEMO_HOST.username).actions[action] ?? 0;

const registrationOf = async (ctx: EVisitorPipeline, id: string) =>
  (await ctx.sim.control.state()).registrations.find((r) => r.id === id);

/** The guest once settled: in `status`, or with a failure kept beside them. */
const settled = (ctx: EVisitorPipeline, code: string, status: string, what: string) =>
  guestOf(
    ctx,
    code,
    (g: HostGuest) => g.status === status || g.registrationError !== null,
    what,
    30_000,
  );

const checkOut = (ctx: EVisitorPipeline, id: string) =>
  postWith(ctx.app, "/api/Guests/checkout", [{ id }], ctx.token);

for (const mode of ["lost", "drop"] as const) {
  Deno.test({
    name: `a check-out eVisitor carried out but whose answer was ${
      mode === "lost" ? "lost" : "cut by a dropped connection"
    } shows the guest checked out, sent once`,
    ...REAL_SERVERS,
    fn: () =>
      withEVisitorPipeline(async (ctx) => {
        const { code, guest } = await registeredStay(ctx);
        // Carried out at once; the answer held past the client's 2 s, or the connection dropped.
        await ctx.sim.control.fail(mode, 1, { path: "CheckOutTourist", delayMs: 2500 });
        assert.equal((await checkOut(ctx, guest.id)).status, 202);

        const out = await settled(ctx, code, "CheckedOut", "the check-out settled");
        assert.equal(out.registrationError, null, "no failure: eVisitor has the guest out");
        assert.equal(out.status, "CheckedOut", "the state eVisitor holds");
        assert.equal((await registrationOf(ctx, guest.guid))?.status, "checked-out");
        assert.equal(await sent(ctx, "CheckOutTourist"), 1, "never sent again once carried out");
      }),
  });
}

Deno.test({
  name: "a cancel whose every answer is cut off ends cancelled as eVisitor has it, sent once",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, guest } = await registeredStay(ctx);
      // Every delivery (the pipeline delivers 4 times) would lose its answer.
      await ctx.sim.control.fail("drop", 4, { path: "CancelTouristCheckIn" });
      const res = await postWith(ctx.app, "/api/Guests/cancel", {
        guests: [{ id: guest.id }],
        reason: "Gost nije došao",
      }, ctx.token);
      assert.equal(res.status, 202);

      const cancelled = await settled(ctx, code, "Cancelled", "the cancel settled");
      assert.equal(cancelled.registrationError, null);
      assert.equal(cancelled.status, "Cancelled");
      assert.equal((await registrationOf(ctx, guest.guid))?.status, "cancelled");
      assert.equal(await sent(ctx, "CancelTouristCheckIn"), 1);
    }),
});

Deno.test({
  name: "an undone check-out whose every answer is cut off ends checked in, sent once",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, guest } = await registeredStay(ctx);
      assert.equal((await checkOut(ctx, guest.id)).status, 202);
      await guestOf(ctx, code, (g) => g.status === "CheckedOut", "checked out");
      await ctx.sim.control.fail("drop", 4, { path: "CancelTouristCheckOut" });
      const undo = await postWith(
        ctx.app,
        "/api/Guests/undoCheckout",
        [{ id: guest.id }],
        ctx.token,
      );
      assert.equal(undo.status, 202);

      const back = await settled(ctx, code, "CheckedIn", "the undo settled");
      assert.equal(back.registrationError, null);
      assert.equal(back.status, "CheckedIn");
      assert.equal((await registrationOf(ctx, guest.guid))?.status, "active");
      assert.equal(await sent(ctx, "CancelTouristCheckOut"), 1);
    }),
});

Deno.test({
  name: "an error envelope with status 200 is retried as eVisitor failing, not a refusal",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      const { code, guest } = await registeredStay(ctx);
      // "Internal server error occurred (…)" with 200; nothing carried out.
      await ctx.sim.control.fail("envelope200", 1, { path: "CheckOutTourist" });
      assert.equal((await checkOut(ctx, guest.id)).status, 202);

      const out = await settled(ctx, code, "CheckedOut", "the check-out settled");
      assert.equal(out.registrationError, null, "not filed as eVisitor refusing the guest");
      assert.equal(out.status, "CheckedOut");
      assert.equal((await registrationOf(ctx, guest.guid))?.status, "checked-out");
      // The envelope (its 200 is the simulator's log of it), then the retry carried out.
      assert.deepEqual(await answersTo(ctx, "CheckOutTourist"), [200, 200]);
      assert.equal(await sent(ctx, "CheckOutTourist"), 1, "carried out once");
    }),
});
