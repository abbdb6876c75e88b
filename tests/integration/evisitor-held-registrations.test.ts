/**
 * Registrations the product holds for the host instead of sending what eVisitor would refuse or
 * take wrongly (issue 31, items 5 and 6): a facility eVisitor no longer takes check-ins into, and
 * a Croatian city that is not one of eVisitor's settlements.
 */
import assert from "node:assert/strict";
import { getWith, postWith } from "../support/accounts.ts";
import {
  connectDemoAccount,
  type EVisitorPipeline,
  propertiesOf,
  withEVisitorPipeline,
} from "../support/evisitor-pipeline.ts";
import { callsOf, DEMO_FACILITIES, DEMO_HOST } from "../support/evisitor-sim.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { waitFor } from "../support/wait.ts";
import { addDays } from "@shared/local-date.ts";
import { todayInStayZone } from "@shared/time-zone.ts";
import { BIRGITTE } from "../support/guests.ts";

const noon = (date: string) => `${date}T12:00:00.000Z`;

/** A stay from today in the apartments' first unit; returns its code. */
async function stay(ctx: EVisitorPipeline): Promise<string> {
  const properties = await propertiesOf(ctx);
  const apartments = properties.find((p: { name: string }) => p.name === "Apartmani Horvat");
  const start = todayInStayZone();
  const res = await postWith(ctx.app, "/api/Reservations", {
    accommodationUnitId: apartments.accommodationUnits[0].id,
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

Deno.test({
  name: "a check-in into a facility eVisitor deactivated is held for the host, never sent",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      await connectDemoAccount(ctx);
      const code = await stay(ctx);
      // The tourist board deactivates the facility after the product mirrored it.
      await ctx.sim.control.setFacility(DEMO_FACILITIES.apartments.code, { isDeactivated: true });
      assert.equal((await checkIn(ctx, code, [BIRGITTE])).status, 200);
      const failed = await waitFor(async () => {
        const [g] = (await hostView(ctx, code)).guests;
        return g?.registrationState === "failed" && g;
      }, { what: "the registration held" });
      assert.equal(failed.registrationFailure.code, "facility-closed");
      assert.match(failed.registrationError, /no longer takes check-ins into this property/);
      const calls = callsOf(await ctx.sim.control.state(), DEMO_HOST.username);
      assert.ok(calls.reads.FacilityTouristCheckInLookup, "the lookup was read");
      assert.equal(calls.actions.CheckInTourist, undefined, "nothing sent to eVisitor");
    }),
});

/** A guest living in Croatia, in the city typed. */
const croatian = (cityOfResidence: string, documentNumber: string) => ({
  ...BIRGITTE,
  citizenship: "HRV",
  countryOfBirth: "HRV",
  cityOfBirth: "Zagreb-Sesvete",
  countryOfResidence: "HRV",
  cityOfResidence,
  documentNumber,
});

Deno.test({
  name: "a city in Croatia goes to eVisitor as its settlement entry; one not in the list is held",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      await connectDemoAccount(ctx);
      const code = await stay(ctx);
      // Typed by hand (a form before the list was read): the city's own settlement is meant.
      const res = await checkIn(ctx, code, [
        croatian("Samobor", "100000001"),
        croatian("zagreb", "100000002"),
        croatian("Split-Kamen", "100000003"),
        croatian("Atlantida", "100000004"),
      ]);
      assert.equal(res.status, 200);
      const settled = await waitFor(async () => {
        const { guests } = await hostView(ctx, code);
        return guests.every((g: { registrationState: string }) =>
          g.registrationState === "registered" || g.registrationState === "failed"
        ) && guests;
      }, { what: "every guest registered or held" });
      const sent = (await ctx.sim.control.state()).registrations;
      assert.deepEqual(
        sent.map((r) => r.fields.CityOfResidence).sort(),
        ["Samobor-Samobor", "Split-Kamen", "Zagreb-Zagreb"],
        "each as the list's entry; the unknown place never sent",
      );
      const held = settled.find((g: { cityOfResidence: string }) =>
        g.cityOfResidence === "Atlantida"
      );
      assert.equal(held.registrationState, "failed");
      assert.deepEqual(held.registrationFailure, {
        code: "city-not-settlement",
        detail: "Atlantida",
      });
      assert.match(held.registrationError, /choose the place from the list/);
    }),
});
