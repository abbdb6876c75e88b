/**
 * Issue 19 items 4 and 10, through the real pipeline (API, outbox, relay, NATS, evisitor worker)
 * against the simulator, which enforces each facility's own tourist-tax categories and checks
 * age-bound ones against the age: a vacation home's guests get its categories by age; a facility
 * whose categories do not fit an age tells the host which choice is needed for that guest only;
 * units are named after eVisitor's unit types, and after their facility when the type cannot be
 * resolved.
 */
import assert from "node:assert/strict";
import { addDays } from "@shared/local-date.ts";
import { todayInStayZone } from "@shared/time-zone.ts";
import { DocumentType, Gender } from "@shared/enums.ts";
import { properties } from "@core/db/schema/properties.ts";
import { userNotifications } from "@core/db/schema/user-notifications.ts";
import { getWith, postWith } from "../support/accounts.ts";
import {
  accountsOf,
  checkGuestsInAutomatically,
  connectDemoAccount,
  type EVisitorPipeline,
  propertiesOf,
  withEVisitorPipeline,
} from "../support/evisitor-pipeline.ts";
import { BIRGITTE } from "../support/guests.ts";
import { REAL_SERVERS } from "../support/pipeline.ts";
import { waitFor } from "../support/wait.ts";

const noon = (date: string) => `${date}T12:00:00.000Z`;
/** Born this many years before today (a day later: not yet that old tomorrow either). */
const bornYearsAgo = (years: number) =>
  `${Number(todayInStayZone().slice(0, 4)) - years}${todayInStayZone().slice(4)}`;

const teen = {
  ...BIRGITTE,
  firstName: "Freja",
  dateOfBirth: addDays(bornYearsAgo(15), 1),
  documentNumber: "309957824",
};
const child = {
  ...BIRGITTE,
  firstName: "Ivo",
  gender: Gender.Male,
  dateOfBirth: addDays(bornYearsAgo(8), 1),
  documentType: DocumentType.Passport,
  documentNumber: "209957823",
};

interface Unit {
  id: string;
  name: string;
  type: string | null;
}
interface Property {
  name: string;
  accommodationUnits: Unit[];
}
interface HostGuest {
  id: string;
  name: string;
  status: string;
  registrationState: string;
  registrationFailure?: { code: string; detail: string | null };
}

async function stayIn(ctx: EVisitorPipeline, unitId: string): Promise<string> {
  const res = await postWith(ctx.app, "/api/Reservations", {
    accommodationUnitId: unitId,
    startDateUTC: noon(todayInStayZone()),
    endDateUTC: noon(addDays(todayInStayZone(), 3)),
  }, ctx.token);
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()).code;
}

async function checkIn(ctx: EVisitorPipeline, code: string, guests: unknown[]) {
  const res = await ctx.app.request("/api/Reservations/Guests", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ reservationCode: code, reservationGuests: guests }),
  });
  assert.equal(res.status, 200, await res.clone().text());
}

const guestsOf = async (ctx: EVisitorPipeline, code: string): Promise<HostGuest[]> =>
  (await (await getWith(ctx.app, `/api/Reservations/${code}`, ctx.token)).json()).guests;

/** Connects a host added to the simulator and waits for its facilities to be mirrored. */
async function connect(ctx: EVisitorPipeline, host: { username: string; password: string }) {
  const res = await postWith(ctx.app, "/api/ExternalAccounts", host, ctx.token);
  assert.equal(res.status, 200, await res.clone().text());
  await waitFor(async () => (await accountsOf(ctx))[0]?.status === 2, { what: "synced" });
  await checkGuestsInAutomatically(ctx.database.db, (await res.json()).id);
}

const activeRegistrations = async (ctx: EVisitorPipeline) =>
  (await ctx.sim.control.state()).registrations.filter((r) => r.status === "active");

Deno.test({
  name: "a vacation home's guests are registered in its own tax categories by age",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      await connectDemoAccount(ctx);
      // The demo vacation home offers 1, 2, 16 and 18 (not the commercial 14).
      const house = (await propertiesOf(ctx) as Property[])
        .find((p) => p.name === "Kuća za odmor Marina")!;
      const code = await stayIn(ctx, house.accommodationUnits[0].id);
      // As for a property synced before the categories were kept: a registration reads them.
      await ctx.database.db.update(properties).set({ taxCategories: null });
      await checkIn(ctx, code, [BIRGITTE, teen, child]);
      await waitFor(
        async () => (await guestsOf(ctx, code)).every((g) => g.status === "CheckedIn"),
        { what: "all three guests registered" },
      );
      const offered = await getWith(
        ctx.app,
        `/api/Guests/TaxCategories?ReservationCode=${code}`,
        ctx.token,
      );
      assert.deepEqual(
        (await offered.json()).categories.map((c: { code: string }) => c.code),
        ["1", "2", "16", "18"],
        "the host's form offers what the registration read",
      );
      const byName = new Map(
        (await activeRegistrations(ctx)).map((r) => [r.fields.TouristName, r.fields]),
      );
      assert.equal(byName.get("Birgitte")?.TTPaymentCategory, "16", "an adult: other persons");
      assert.equal(byName.get("Freja")?.TTPaymentCategory, "2", "15 years old");
      assert.equal(byName.get("Ivo")?.TTPaymentCategory, "1", "8 years old");
      // The flat rate ends on 15 July; later arrivals pay per night.
      const flat = todayInStayZone().slice(5) <= "07-15" ? true : undefined;
      for (const fields of byName.values()) {
        assert.equal(fields.IsTTFlatRatePaymentVacationHome, flat);
      }
    }),
});

const OWNERS_HOST = { username: "22222222222.api", password: "Test-Lozinka-2" };

Deno.test({
  name: "a facility whose categories do not fit an age tells the host which choice is needed, " +
    "and registers the other guests",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      // A vacation home whose board allowed only children and the owner's family.
      await ctx.sim.control.addHost({
        ...OWNERS_HOST,
        facilities: [{
          code: "0002222",
          name: "Kuća Vlasnik",
          facilityType: "Kuća za odmor",
          isVacationHome: true,
          paymentCategories: ["1", "18"],
          unitTypes: [{ id: "a2000000-0000-4000-8000-000000000001", nameCode: "Kuća za odmor" }],
          units: [{
            id: "c2000000-0000-4000-8000-000000000001",
            typeId: "a2000000-0000-4000-8000-000000000001",
            beds: 6,
            extraBeds: 0,
            equivalentUnits: 1,
            sequence: 1,
          }],
        }],
      });
      await connect(ctx, OWNERS_HOST);
      const [house] = await propertiesOf(ctx) as Property[];
      const code = await stayIn(ctx, house.accommodationUnits[0].id);
      await checkIn(ctx, code, [BIRGITTE, child]);

      const guests = await waitFor(async () => {
        const all = await guestsOf(ctx, code);
        return all.every((g) => g.registrationState !== "queued") &&
          all.some((g) => g.status === "CheckedIn") && all;
      }, { what: "the child registered, the adult held" });
      const adult = guests.find((g) => g.name === "Birgitte")!;
      assert.equal(adult.registrationState, "failed");
      assert.deepEqual(adult.registrationFailure, {
        code: "payment-category-choice",
        detail: "18+: 1 Djeca : do 12 godina, 18 Vlasnici kuće za odmor i članovi njegove obitelji",
      });
      assert.equal(guests.find((g) => g.name === "Ivo")!.status, "CheckedIn");
      const registered = await activeRegistrations(ctx);
      assert.deepEqual(registered.map((r) => r.fields.TTPaymentCategory), ["1"]);

      // eVisitor was not asked to refuse the adult: one check-in call in all, accepted.
      const calls = (await ctx.sim.control.state()).requests
        .filter((r) => r.path.includes("CheckInTourist"));
      assert.deepEqual(calls.map((c) => c.status), [200]);

      // The host is told once, for the adult; the child's registration is announced.
      const notes = await ctx.database.db.select().from(userNotifications);
      assert.equal(notes.filter((n) => n.template === "GuestRegistrationFailed").length, 1);
      assert.equal(notes.filter((n) => n.template === "GuestCheckedIn").length, 1);

      // The sync read what the facility offers; the host chooses for the adult among it.
      const list = await getWith(
        ctx.app,
        `/api/Guests/TaxCategories?ReservationCode=${code}`,
        ctx.token,
      );
      assert.deepEqual(await list.json(), {
        available: true,
        categories: [
          { code: "1", name: "Djeca : do 12 godina" },
          { code: "18", name: "Vlasnici kuće za odmor i članovi njegove obitelji" },
        ],
      });
      const notOffered = await postWith(ctx.app, "/api/Guests/sendAgain", [{
        id: adult.id,
        taxCategory: "14",
      }], ctx.token);
      assert.equal(notOffered.status, 400, "a category the facility lacks is refused at once");
      const again = await postWith(ctx.app, "/api/Guests/sendAgain", [{
        id: adult.id,
        taxCategory: "18",
      }], ctx.token);
      assert.equal(again.status, 202, await again.clone().text());
      await waitFor(
        async () => (await guestsOf(ctx, code)).every((g) => g.status === "CheckedIn"),
        { what: "the adult registered in the host's category" },
      );
      const byName = new Map(
        (await activeRegistrations(ctx)).map((r) => [r.fields.TouristName, r.fields]),
      );
      assert.equal(byName.get("Birgitte")?.TTPaymentCategory, "18", "the host's choice");
      assert.equal(byName.get("Ivo")?.TTPaymentCategory, "1");
    }),
});

const TYPES_HOST = { username: "33333333333.api", password: "Test-Lozinka-3" };

Deno.test({
  name: "units are named after eVisitor's unit types, and after their facility when a type " +
    "cannot be resolved",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      await ctx.sim.control.addHost({
        ...TYPES_HOST,
        facilities: [{
          code: "0003333",
          name: "Vila Lavanda",
          unitTypes: [
            { id: "a3000000-0000-4000-8000-000000000001", nameCode: "Apartman" },
            { id: "a3000000-0000-4000-8000-000000000002", nameCode: "Studio apartman" },
          ],
          units: [
            {
              id: "c3000000-0000-4000-8000-000000000001",
              typeId: "a3000000-0000-4000-8000-000000000001",
              beds: 4,
              extraBeds: 0,
              equivalentUnits: 2,
              sequence: 1,
            },
            {
              id: "c3000000-0000-4000-8000-000000000002",
              typeId: "a3000000-0000-4000-8000-000000000002",
              beds: 2,
              extraBeds: 0,
              equivalentUnits: 1,
              sequence: 2,
            },
            {
              // A type the facility's type list does not hold.
              id: "c3000000-0000-4000-8000-000000000003",
              typeId: "a3000000-0000-4000-8000-0000000000ff",
              beds: 3,
              extraBeds: 0,
              equivalentUnits: 1,
              sequence: 3,
            },
          ],
        }],
      });
      await connect(ctx, TYPES_HOST);
      const [property] = await propertiesOf(ctx) as Property[];
      assert.deepEqual(
        property.accommodationUnits.map((u) => [u.name, u.type]).sort(),
        [
          ["Apartman 1", "Apartman"],
          ["Apartman 2", "Apartman"],
          ["Studio apartman", "Studio apartman"],
          ["Vila Lavanda", null],
        ],
      );
      assert.ok(
        property.accommodationUnits.every((u) => !/^Smještajna jedinica/.test(u.name)),
        "no unit is named generically",
      );
    }),
});

/** A summer day, before the flat rate's 15 July, on the API's and the simulator's clocks. */
const JULY = "2026-07-10";
let apiNow: Date | undefined;

Deno.test({
  name: "a vacation home's EEA citizens arriving before 16 July are registered with the flat rate",
  ...REAL_SERVERS,
  fn: () =>
    withEVisitorPipeline(async (ctx) => {
      // Connected now (the host's trial starts today), then the stay is in July.
      await connectDemoAccount(ctx);
      apiNow = new Date(`${JULY}T08:00:00Z`);
      await ctx.sim.control.setNow(`${JULY}T10:00:00+02:00`);
      const house = (await propertiesOf(ctx) as Property[])
        .find((p) => p.name === "Kuća za odmor Marina")!;
      const res = await postWith(ctx.app, "/api/Reservations", {
        accommodationUnitId: house.accommodationUnits[0].id,
        startDateUTC: noon(JULY),
        endDateUTC: noon(addDays(JULY, 3)),
      }, ctx.token);
      assert.equal(res.status, 200, await res.clone().text());
      const code = (await res.json()).code;
      const swiss = {
        ...BIRGITTE,
        firstName: "Urs",
        // A Swiss citizen living in Denmark: no border crossing, and no flat rate either.
        citizenship: "CHE",
        documentNumber: "X1234567",
      };
      await checkIn(ctx, code, [BIRGITTE, swiss]);
      await waitFor(
        async () => (await guestsOf(ctx, code)).every((g) => g.status === "CheckedIn"),
        { what: "both guests registered" },
      );
      const byName = new Map(
        (await activeRegistrations(ctx)).map((r) => [r.fields.TouristName, r.fields]),
      );
      assert.equal(byName.get("Birgitte")?.IsTTFlatRatePaymentVacationHome, true, "Danish");
      assert.equal(byName.get("Urs")?.IsTTFlatRatePaymentVacationHome, undefined, "Swiss");
      assert.equal(byName.get("Urs")?.TTPaymentCategory, "16");
    }, { clock: () => apiNow ?? new Date() }),
});
