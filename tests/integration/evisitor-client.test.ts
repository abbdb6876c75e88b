import assert from "node:assert/strict";
import { createEVisitorClient } from "@core/evisitor/client.ts";
import type { SimOptions } from "../../dev/evisitor-sim/options.ts";
import { EVisitorError, type EVisitorErrorKind } from "@core/evisitor/types.ts";
import { freePort } from "../support/ports.ts";
import { waitFor } from "../support/wait.ts";
import {
  callsOf,
  DEMO_FACILITIES,
  DEMO_HOST,
  demoCheckIn,
  type RunningEVisitorSim,
  SIM_NOW,
  SIM_TODAY,
  type SimSnapshot,
  startEVisitorSim,
} from "../support/evisitor-sim.ts";

/** Small: the timeout test must not make the suite slow. */
const TIMEOUT_MS = 400;

async function withSim(
  fn: (sim: RunningEVisitorSim) => Promise<void>,
  options: Partial<SimOptions> = {},
): Promise<void> {
  const sim = await startEVisitorSim(options);
  try {
    await sim.control.setNow(SIM_NOW);
    await fn(sim);
  } finally {
    await sim.stop();
  }
}

const endpoint = (sim: RunningEVisitorSim) => ({ baseUrl: sim.baseUrl, timeoutMs: TIMEOUT_MS });
const logins = (state: SimSnapshot) =>
  state.requests.filter((r) => r.path.endsWith("/Login")).length;

async function failsWith(
  promise: Promise<unknown>,
  kind: EVisitorErrorKind,
): Promise<EVisitorError> {
  const error = await promise.then(() => undefined, (e) => e);
  assert.ok(error instanceof EVisitorError, `expected EVisitorError(${kind}), got ${error}`);
  assert.equal(error.kind, kind, error.message);
  return error;
}

/** A fresh client (own login guard) per test, as a fresh worker process would have. */
const open = (
  sim: RunningEVisitorSim,
  credentials: { username: string; password: string; apiKey?: string } = DEMO_HOST,
) => createEVisitorClient()(endpoint(sim), credentials);

Deno.test("eVisitor client: logs in and lists facilities and units, codes with their leading zeros", () =>
  withSim(async (sim) => {
    const session = await open(sim);
    const facilities = await session.listFacilities();
    assert.deepEqual(facilities.map((f) => [f.code, f.name]), [
      ["0012345", "Apartmani Horvat"],
      ["0007001", "Kuća za odmor Marina"],
    ]);
    assert.equal(facilities[0].id, DEMO_FACILITIES.apartments.id);
    assert.equal(facilities[0].settlement, "Split");
    assert.equal(facilities[0].isDeactivated, false);

    const units = await session.listUnits(DEMO_FACILITIES.apartments.id);
    assert.deepEqual(
      units.map((u) => [u.typeNameCode, u.numberOfBeds, u.numberOfEquivalentUnits]),
      [["Apartman", 4, 1], ["Apartman", 4, 1], ["Apartman", 4, 1], ["Soba", 2, 2]],
    );
    assert.ok(units.every((u) => u.facilityId === DEMO_FACILITIES.apartments.id));
    const house = await session.listUnits(DEMO_FACILITIES.house.id, DEMO_FACILITIES.house.code);
    assert.deepEqual(house.map((u) => u.typeNameCode), ["Kuća za odmor"]);
  }));

Deno.test("eVisitor client: a wrong password is 'invalid-credentials' after exactly one login, never retried", () =>
  withSim(async (sim) => {
    const client = createEVisitorClient();
    const wrong = { username: DEMO_HOST.username, password: "Pogresna-1" };
    const error = await failsWith(client(endpoint(sim), wrong), "invalid-credentials");
    assert.doesNotMatch(error.message, /Pogresna-1/);
    assert.equal(logins(await sim.control.state()), 1);

    // The same wrong password again: the client knows the answer and does not ask.
    await failsWith(client(endpoint(sim), wrong), "invalid-credentials");
    assert.equal(logins(await sim.control.state()), 1);

    // The right one still works.
    await client(endpoint(sim), DEMO_HOST);
    assert.equal(logins(await sim.control.state()), 2);
  }));

Deno.test("eVisitor client: the account locks after N failures and the client stops trying", () =>
  withSim(async (sim) => {
    const client = createEVisitorClient();
    for (const password of ["Krivo-1", "Krivo-2", "Krivo-3"]) {
      await failsWith(
        client(endpoint(sim), { username: DEMO_HOST.username, password }),
        "invalid-credentials",
      );
    }
    // Locked now: even the right password is refused, with eVisitor's wait time.
    const locked = await failsWith(client(endpoint(sim), DEMO_HOST), "locked-out");
    assert.match(locked.message, /\d+ minutes/);
    let state = await sim.control.state();
    assert.equal(logins(state), 4);
    assert.ok(state.hosts[0].lockedUntil !== null);

    // Opening again does not touch eVisitor while the lockout lasts.
    await failsWith(client(endpoint(sim), DEMO_HOST), "locked-out");
    state = await sim.control.state();
    assert.equal(logins(state), 4);
  }, { lockoutAttempts: 3, lockoutSeconds: 120 }));

Deno.test("eVisitor client: a lockout answer to login is 'locked-out' after one request", () =>
  withSim(async (sim) => {
    await sim.control.fail("lockout");
    await failsWith(open(sim), "locked-out");
    assert.equal(logins(await sim.control.state()), 1);
  }));

Deno.test("eVisitor client: the test service's API key", () =>
  withSim(async (sim) => {
    await failsWith(open(sim), "api-key");
    await failsWith(open(sim, { ...DEMO_HOST, apiKey: "wrong" }), "api-key");
    const session = await open(sim, { ...DEMO_HOST, apiKey: "test-key" });
    assert.equal((await session.listFacilities()).length, 2);
  }, { apiKey: "test-key" }));

for (const status of [400, 401] as const) {
  Deno.test(`eVisitor client: an expired session (${status}) is renewed by one login and the call succeeds`, () =>
    withSim(async (sim) => {
      const session = await open(sim);
      await sim.control.fail("expire-sessions");
      assert.equal((await session.listFacilities()).length, 2);
      assert.equal(logins(await sim.control.state()), 2);
    }, { unauthenticatedStatus: status }));
}

Deno.test("eVisitor client: concurrent calls on an expired session share one new login", () =>
  withSim(async (sim) => {
    const session = await open(sim);
    await sim.control.fail("expire-sessions");
    const results = await Promise.all([
      session.listFacilities(),
      session.listCountries(),
      session.listDocumentTypes(),
    ]);
    assert.ok(results.every((r) => r.length > 0));
    assert.equal(logins(await sim.control.state()), 2);
  }));

Deno.test("eVisitor client: still not authenticated after a fresh login is 'unauthenticated'", () =>
  withSim(async (sim) => {
    const session = await open(sim);
    await sim.control.fail("unauthenticated", 2);
    await failsWith(session.listFacilities(), "unauthenticated");
    assert.equal(logins(await sim.control.state()), 2, "one login, one re-login, no more");
  }));

Deno.test("eVisitor client: a lockout while renewing the session ends the session's logins", () =>
  withSim(async (sim) => {
    const session = await open(sim);
    await sim.control.fail("expire-sessions");
    await sim.control.fail("lockout");
    await failsWith(session.listFacilities(), "locked-out");
    await failsWith(session.listFacilities(), "locked-out");
    assert.equal(logins(await sim.control.state()), 2);
  }));

Deno.test("eVisitor client: 500 and a timeout are 'unavailable'", () =>
  withSim(async (sim) => {
    const session = await open(sim);
    await sim.control.fail("http500");
    const error = await failsWith(session.listFacilities(), "unavailable");
    assert.equal(error.status, 500);
    assert.ok(error.isTransient);

    await sim.control.fail("timeout", 1, { delayMs: 3000 });
    const started = Date.now();
    await failsWith(session.listFacilities(), "unavailable");
    assert.ok(Date.now() - started < 2000, "gave up after its own timeout");

    // The next call works again.
    assert.equal((await session.listFacilities()).length, 2);
  }));

Deno.test("eVisitor client: nothing listening is 'unavailable'", async () => {
  await failsWith(
    createEVisitorClient()(
      { baseUrl: `http://127.0.0.1:${freePort()}`, timeoutMs: TIMEOUT_MS },
      DEMO_HOST,
    ),
    "unavailable",
  );
});

Deno.test("eVisitor client: the firewall's block page is 'firewall', with its support ID", () =>
  withSim(async (sim) => {
    const session = await open(sim);
    await sim.control.fail("waf", 1, { supportId: "4815162342" });
    const error = await failsWith(session.listFacilities(), "firewall");
    assert.match(error.message, /firewall.*support ID 4815162342/);
    assert.equal(error.supportId, "4815162342");
  }));

Deno.test("eVisitor client: check-in, then ListOfTourists shows the guest", () =>
  withSim(async (sim) => {
    const session = await open(sim);
    const checkIn = demoCheckIn();
    await session.checkInTourist(checkIn);

    const page = await session.listTourists();
    assert.equal(page.totalCount, 1);
    assert.deepEqual(page.records[0], {
      id: checkIn.id,
      facilityId: DEMO_FACILITIES.apartments.id,
      facilityName: "Apartmani Horvat",
      surnameAndName: "Novák Marek (41)",
      citizenship: "Slovačke Republike",
      arrival: { date: SIM_TODAY, time: "09:42" },
      departure: { date: "2026-07-17", time: "10:00" },
      checkedOut: false,
    });
    const [stored] = (await sim.control.state()).registrations;
    assert.equal(stored.fields.Facility, "0012345");
    assert.equal(stored.fields.AccommodationUnitType, "Apartman");
  }));

Deno.test("eVisitor client: re-sending a check-in with its ID edits it instead of duplicating", () =>
  withSim(async (sim) => {
    const session = await open(sim);
    const checkIn = demoCheckIn();
    await session.checkInTourist(checkIn);
    await session.checkInTourist({ ...checkIn, foreseenStayUntil: "2026-07-20" });
    const page = await session.listTourists();
    assert.equal(page.totalCount, 1);
    assert.equal(page.records[0].departure?.date, "2026-07-20");
  }));

Deno.test("eVisitor client: a check-in whose answer timed out was still made; re-sending is safe", () =>
  withSim(async (sim) => {
    const session = await open(sim);
    const checkIn = demoCheckIn();
    await sim.control.fail("timeout", 1, { path: "CheckInTourist", delayMs: TIMEOUT_MS + 200 });
    await failsWith(session.checkInTourist(checkIn), "unavailable");
    await session.checkInTourist(checkIn);
    // Wait until the held first call has been carried out as well.
    await waitFor(
      async () =>
        (await sim.control.state()).requests.filter((r) => r.path.endsWith("/CheckInTourist/"))
          .length === 2,
      { what: "the held check-in" },
    );
    assert.equal((await session.listTourists()).totalCount, 1);
  }));

Deno.test("eVisitor client: refused check-ins are 'rejected' with eVisitor's own message", () =>
  withSim(async (sim) => {
    const session = await open(sim);
    const noCity = await failsWith(
      session.checkInTourist(demoCheckIn({ cityOfBirth: "" })),
      "rejected",
    );
    assert.equal(noCity.message, "Grad rođenja nije zadan.");
    assert.equal(noCity.status, 400);

    const nonEu = await failsWith(
      session.checkInTourist(demoCheckIn({ countryOfResidence: "BIH" })),
      "rejected",
    );
    assert.equal(nonEu.message, "Potrebno je upisati granični prijelaz, te datum prijelaza.");

    const unknownFacility = await failsWith(
      session.checkInTourist(demoCheckIn({ facilityCode: "12345" })),
      "rejected",
    );
    assert.match(unknownFacility.message, /Objekt/);

    await session.checkInTourist(demoCheckIn());
    const duplicate = await failsWith(session.checkInTourist(demoCheckIn()), "rejected");
    assert.equal(duplicate.message, "Turist je već prijavljen u navedenom objektu.");

    assert.equal((await session.listTourists()).totalCount, 1);
  }));

Deno.test("eVisitor client: check-out marks the guest checked out; future dates are refused", () =>
  withSim(async (sim) => {
    const session = await open(sim);
    const checkIn = demoCheckIn({ stayFrom: "2026-07-05", foreseenStayUntil: SIM_TODAY });
    await session.checkInTourist(checkIn);

    const early = await failsWith(
      session.checkOutTourist({
        id: checkIn.id,
        checkOutDate: "2026-07-11",
        checkOutTime: "10:00",
      }),
      "rejected",
    );
    assert.equal(early.message, "Datum odjave turista ne smije biti veći od današnjeg datuma.");

    await session.checkOutTourist({
      id: checkIn.id,
      checkOutDate: SIM_TODAY,
      checkOutTime: "9:30",
    });
    const [guest] = (await session.listTourists({ id: checkIn.id })).records;
    assert.equal(guest.checkedOut, true);
    assert.deepEqual(guest.departure, { date: SIM_TODAY, time: "09:30" });

    // Undoing the check-out makes the stay active again.
    await session.cancelTouristCheckOut({ id: checkIn.id });
    assert.equal((await session.listTourists({ checkedOut: false })).totalCount, 1);
  }));

Deno.test("eVisitor client: a cancelled check-in disappears from ListOfTourists", () =>
  withSim(async (sim) => {
    const session = await open(sim);
    const kept = demoCheckIn();
    const cancelled = demoCheckIn({ documentNumber: "YY222222", touristName: "Jana" });
    await session.checkInTourist(kept);
    await session.checkInTourist(cancelled);
    assert.equal((await session.listTourists()).totalCount, 2);

    await session.cancelTouristCheckIn({ id: cancelled.id, reason: "Gost nije došao" });
    const page = await session.listTourists();
    assert.deepEqual(page.records.map((r) => r.id), [kept.id]);
    const stored = (await sim.control.state()).registrations.find((r) => r.id === cancelled.id);
    assert.equal(stored?.status, "cancelled");
    assert.equal(stored?.cancelReason, "Gost nije došao");
  }));

Deno.test("eVisitor client: ListOfTourists filters, sorts and pages", () =>
  withSim(async (sim) => {
    const session = await open(sim);
    const arrivals = ["2026-07-01", "2026-07-05", SIM_TODAY];
    for (const [i, stayFrom] of arrivals.entries()) {
      await session.checkInTourist(demoCheckIn({ stayFrom, documentNumber: `DOC${i}` }));
    }
    await session.checkInTourist(demoCheckIn({
      facilityCode: DEMO_FACILITIES.house.code,
      accommodationUnitType: undefined,
      documentNumber: "HOUSE1",
      ttPaymentCategory: "16",
    }));

    const first = await session.listTourists({ pageSize: 2 });
    assert.equal(first.totalCount, 4);
    assert.equal(first.records.length, 2);
    assert.equal(first.records[0].arrival?.date, SIM_TODAY, "newest arrival first");
    const second = await session.listTourists({ page: 2, pageSize: 2 });
    assert.equal(second.records.length, 2);
    assert.equal(new Set([...first.records, ...second.records].map((r) => r.id)).size, 4);

    const ascending = await session.listTourists({
      facilityId: DEMO_FACILITIES.apartments.id,
      sort: { by: "DateTimeOfArrival" },
    });
    assert.deepEqual(ascending.records.map((r) => r.arrival?.date), arrivals);

    const window = await session.listTourists({
      arrivalFrom: "2026-07-02",
      arrivalTo: "2026-07-05",
    });
    assert.deepEqual(window.records.map((r) => r.arrival?.date), ["2026-07-05"]);
  }));

Deno.test("eVisitor client: lookups", () =>
  withSim(async (sim) => {
    const session = await open(sim);
    const countries = await session.listCountries();
    const hrv = countries.find((c) => c.codeThreeLetters === "HRV");
    assert.equal(hrv?.isEUMember, true);
    assert.equal(countries.find((c) => c.codeThreeLetters === "BIH")?.isEUMember, false);
    assert.ok((await session.listDocumentTypes()).some((d) => d.code === "027"));
    assert.deepEqual(
      (await session.listPaymentCategories(DEMO_FACILITIES.house.id)).map((c) => c.code),
      ["1", "2", "16", "18"],
    );
    assert.deepEqual(
      (await session.listCheckInFacilities()).map((f) => [f.code, f.isVacationHomeCalculation]),
      [["0012345", false], ["0007001", true]],
    );
    assert.ok((await session.listArrivalOrganisations()).some((a) => a.codeMI === "I"));
    assert.deepEqual((await session.listOfferedServiceTypes()).map((s) => s.name), ["Noćenje"]);
    assert.ok((await session.listBorderCrossings()).some((b) => b.codeMI === "053"));
    // Croatian settlements, active ones only, in the "Grad-Naselje" form (SettlementLookup).
    const settlements = await session.listSettlements();
    const adamovec = settlements.find((s) => s.name === "Zagreb-Adamovec");
    assert.equal(adamovec?.zipCode, "10363");
    assert.equal(adamovec?.active, true);
    assert.ok(!settlements.some((s) => s.name === "Zadar-Bokanjac"), "inactive ones are left out");
  }));

Deno.test("eVisitor client: a session reads each code list once, tax categories per facility", () =>
  withSim(async (sim) => {
    const session = await open(sim);
    for (let i = 0; i < 3; i++) {
      await Promise.all([
        session.listCountries(),
        session.listDocumentTypes(),
        session.listPaymentCategories(DEMO_FACILITIES.house.id),
        session.listPaymentCategories(DEMO_FACILITIES.apartments.id.toUpperCase()),
        session.listCheckInFacilities(),
        session.listArrivalOrganisations(),
        session.listOfferedServiceTypes(),
        session.listBorderCrossings(),
      ]);
    }
    assert.deepEqual(
      (await session.listPaymentCategories(DEMO_FACILITIES.apartments.id)).map((c) => c.code),
      ["1", "2", "4", "5", "6", "7", "8", "11", "14"],
    );
    const { reads } = callsOf(await sim.control.state(), DEMO_HOST.username);
    assert.deepEqual(reads, {
      CountryLookup: 1,
      DocumentTtypeLookup: 1,
      TTPaymentCategoryLookup2: 2,
      FacilityTouristCheckInLookup: 1,
      ArrivalOrganisationLookup: 1,
      OfferedServiceTypeLookup: 1,
      BorderCrossingHRlookup: 1,
    });
    // A failed read is not kept: the next call asks again.
    const other = await open(sim);
    await sim.control.fail("http500", 1, { path: "CountryLookup" });
    await assert.rejects(other.listCountries());
    assert.ok((await other.listCountries()).length > 0);
  }));

Deno.test("eVisitor client: after logout the session does not log itself in again", () =>
  withSim(async (sim) => {
    const session = await open(sim);
    await session.logout();
    assert.equal((await sim.control.state()).sessions, 0);
    await failsWith(session.listFacilities(), "unauthenticated");
    assert.equal(logins(await sim.control.state()), 1);
  }));
