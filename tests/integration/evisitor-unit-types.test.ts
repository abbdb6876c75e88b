/**
 * Unit types (issue 31, item 7): a unit's type is resolved against its facility's
 * AccommodationUnitFacilityType by ID, then by the type list's codes ("Apartman (A2+2)": 2 beds
 * and 2 extra beds), named so in the product and sent with each check-in as
 * AccommodationUnitType.
 */
import assert from "node:assert/strict";
import { getWith, postWith } from "../support/accounts.ts";
import {
  accountsOf,
  checkGuestsInAutomatically,
  type EVisitorPipeline,
  propertiesOf,
  withEVisitorPipeline,
} from "../support/evisitor-pipeline.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { waitFor } from "../support/wait.ts";
import { addDays } from "@shared/local-date.ts";
import { todayInStayZone } from "@shared/time-zone.ts";
import { BIRGITTE } from "../support/guests.ts";

const MARIJA = { username: "55555555555.api", password: "Lozinka-Marija-1" };
const TYPE_A22 = "a3000000-0000-4000-8000-000000000001";
const TYPE_A41 = "a3000000-0000-4000-8000-000000000002";
const unit = (n: number, typeId: string, beds: number, extraBeds: number) => ({
  id: `c3000000-0000-4000-8000-00000000000${n}`,
  typeId,
  beds,
  extraBeds,
  equivalentUnits: 1,
  sequence: n,
});

/** A host whose facility lists its unit types with IDs of their own. */
async function connectMarija(ctx: EVisitorPipeline) {
  await ctx.sim.control.addHost({
    ...MARIJA,
    facilities: [{
      code: "0031007",
      name: "Apartmani Marija",
      unitTypeIdsOfTheirOwn: true,
      unitTypes: [
        { id: TYPE_A22, nameCode: "Apartman (A2+2)" },
        { id: TYPE_A41, nameCode: "Apartman (A4+1)" },
      ],
      units: [unit(1, TYPE_A22, 2, 2), unit(2, TYPE_A22, 2, 2), unit(3, TYPE_A41, 4, 1)],
    }],
  });
  const res = await postWith(ctx.app, "/api/ExternalAccounts", MARIJA, ctx.token);
  assert.equal(res.status, 200);
  const { id } = await res.json();
  await waitFor(async () => (await accountsOf(ctx))[0]?.status === 2, { what: "Synchronized" });
  await checkGuestsInAutomatically(ctx.database.db, id);
}

Deno.test({
  name: "units are named by their eVisitor type and check-ins send it, found by the type's code",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      await connectMarija(ctx);
      const [property] = await propertiesOf(ctx);
      const units = property.accommodationUnits as { id: string; name: string; type: string }[];
      assert.deepEqual(
        units.map((u) => [u.name, u.type]).sort(),
        [
          ["Apartman (A2+2) 1", "Apartman (A2+2)"],
          ["Apartman (A2+2) 2", "Apartman (A2+2)"],
          ["Apartman (A4+1)", "Apartman (A4+1)"],
        ],
      );

      const big = units.find((u) => u.name === "Apartman (A4+1)")!;
      const start = todayInStayZone();
      const stay = await postWith(ctx.app, "/api/Reservations", {
        accommodationUnitId: big.id,
        startDateUTC: `${start}T12:00:00.000Z`,
        endDateUTC: `${addDays(start, 2)}T12:00:00.000Z`,
      }, ctx.token);
      assert.equal(stay.status, 200);
      const { code } = await stay.json();
      const res = await ctx.app.request("/api/Reservations/Guests", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ reservationCode: code, reservationGuests: [BIRGITTE] }),
      });
      assert.equal(res.status, 200);
      await waitFor(async () => {
        const { guests } = await (await getWith(ctx.app, `/api/Reservations/${code}`, ctx.token))
          .json();
        return guests[0]?.registrationState === "registered";
      }, { what: "the guest registered" });
      const [registration] = (await ctx.sim.control.state()).registrations;
      assert.equal(registration.fields.AccommodationUnitType, "Apartman (A4+1)");
    }),
});
