/**
 * Opening a stay follows check-outs made in eVisitor (issue 31, item 8a): the stay's guests are
 * read in one ListOfTourists call, however many are checked in.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { reservations } from "@core/db/schema/reservations.ts";
import { addDays } from "@shared/local-date.ts";
import { todayInStayZone } from "@shared/time-zone.ts";
import { getWith, postWith } from "../support/accounts.ts";
import {
  connectDemoAccount,
  type EVisitorPipeline,
  propertiesOf,
  withEVisitorPipeline,
} from "../support/evisitor-pipeline.ts";
import { callsOf, DEMO_HOST } from "../support/evisitor-sim.ts";
import { BIRGITTE } from "../support/guests.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { waitFor } from "../support/wait.ts";

const guests = ["201", "202", "203"].map((n) => ({
  ...BIRGITTE,
  firstName: `Gost${n}`,
  documentNumber: `109957${n}`,
}));

const stayGuests = async (ctx: EVisitorPipeline, code: string) =>
  (await (await getWith(ctx.app, `/api/Reservations/${code}`, ctx.token)).json()).guests as {
    guid: string;
    name: string;
    status: string;
  }[];

Deno.test({
  name: "opening a stay reads its guests from eVisitor in one call, whatever their number",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      await connectDemoAccount(ctx);
      const [property] = await propertiesOf(ctx);
      const today = todayInStayZone();
      const booked = await postWith(ctx.app, "/api/Reservations", {
        accommodationUnitId: property.accommodationUnits[0].id,
        startDateUTC: `${addDays(today, -1)}T12:00:00.000Z`,
        endDateUTC: `${addDays(today, 2)}T12:00:00.000Z`,
      }, ctx.token);
      const { code } = await booked.json();
      // Not asked of eVisitor while the guests are being registered (as if just opened).
      await ctx.database.db.update(reservations).set({ guestsRefreshedAt: new Date() })
        .where(eq(reservations.code, code));
      const res = await ctx.app.request("/api/Reservations/Guests", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ reservationCode: code, reservationGuests: guests }),
      });
      assert.equal(res.status, 200);
      const registered = await waitFor(async () => {
        const all = await stayGuests(ctx, code);
        return all.every((g) => g.status === "CheckedIn") && all;
      }, { what: "all three registered" });
      // Ten minutes later, as it were: opening the stay asks eVisitor again.
      const reads = async () =>
        callsOf(await ctx.sim.control.state(), DEMO_HOST.username).reads.ListOfTourists ?? 0;
      await ctx.database.db.update(reservations).set({ guestsRefreshedAt: null })
        .where(eq(reservations.code, code));

      // Two of them are checked out in eVisitor's own site.
      for (const guest of registered.slice(0, 2)) await ctx.sim.control.checkOut(guest.guid);
      const before = await reads();
      const after = await waitFor(async () => {
        const all = await stayGuests(ctx, code);
        return all.filter((g) => g.status === "CheckedOut").length === 2 && all;
      }, { what: "the two check-outs followed" });
      assert.deepEqual(
        after.filter((g) => g.status === "CheckedIn").map((g) => g.name),
        [registered[2].name],
      );
      assert.equal(await reads() - before, 1, "one ListOfTourists read for the stay");
    }),
});
