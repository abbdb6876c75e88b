/**
 * The eVisitor client against an eVisitor written independently from evisitor-api.md
 * (tests/support/reference-evisitor.ts), which takes the other plausible reading wherever the
 * reference is open: 401 for an ended session, the API key refused with HTTP 200, bare settlement
 * names, strict filters and trailing slashes. Issue 19 items 1, 2, 4, 5, 6 and 7, call by call.
 */
import assert from "node:assert/strict";
import { createEVisitorClient, LoginGuard } from "@core/evisitor/client.ts";
import { type EVisitorCheckIn, EVisitorError, type EVisitorSession } from "@core/evisitor/types.ts";
import { addDays, todayIn } from "@shared/local-date.ts";
import { STAY_TIME_ZONE } from "@shared/time-zone.ts";
import {
  REFERENCE_FACILITIES,
  REFERENCE_HOST,
  ReferenceEVisitor,
} from "../support/reference-evisitor.ts";

async function withReference(
  fn: (ev: ReferenceEVisitor, open: () => Promise<EVisitorSession>) => Promise<void>,
  { apiKey, credentials = REFERENCE_HOST }: {
    apiKey?: string;
    credentials?: { username: string; password: string; apiKey?: string };
  } = {},
) {
  const ev = new ReferenceEVisitor({ apiKey });
  const client = createEVisitorClient({ guard: new LoginGuard() });
  try {
    await fn(ev, () => client({ baseUrl: ev.baseUrl, timeoutMs: 2000 }, credentials));
  } finally {
    await ev.stop();
  }
}

const today = () => todayIn(STAY_TIME_ZONE);

function guest(overrides: Partial<EVisitorCheckIn> = {}): EVisitorCheckIn {
  return {
    id: crypto.randomUUID().toUpperCase(),
    facilityCode: REFERENCE_FACILITIES[0].code,
    stayFrom: addDays(today(), -1),
    timeStayFrom: "14:00",
    foreseenStayUntil: addDays(today(), 3),
    timeEstimatedStayUntil: "10:00",
    documentType: "002",
    documentNumber: "P1234567",
    touristName: "Jonas",
    touristSurname: "Berg",
    gender: "muški",
    dateOfBirth: "1980-03-02",
    countryOfBirth: "DEU",
    cityOfBirth: "Köln",
    citizenship: "DEU",
    countryOfResidence: "DEU",
    cityOfResidence: "Köln",
    ttPaymentCategory: "14",
    arrivalOrganisation: "I",
    offeredServiceType: "noćenje",
    ...overrides,
  };
}

Deno.test("reference eVisitor: cancel and undo send {ID, Reason} to the slashed action paths", () =>
  withReference(async (ev, open) => {
    const session = await open();
    const stay = guest();
    await session.checkInTourist(stay);
    await session.cancelTouristCheckIn({ id: stay.id, reason: "Gost nije došao" });
    const [cancel] = ev.to("CancelTouristCheckIn");
    assert.equal(cancel.method, "POST");
    assert.equal(cancel.path, "/Rest/Htz/CancelTouristCheckIn/");
    // No TTPayerID for an obveznik; the ID as it was registered, lower case.
    assert.deepEqual(cancel.body, { ID: stay.id.toLowerCase(), Reason: "Gost nije došao" });
    assert.equal(ev.registrations.get(stay.id.toLowerCase())?.status, "cancelled");

    const other = guest({ documentNumber: "P7654321", touristName: "Lena" });
    await session.checkInTourist(other);
    await session.checkOutTourist({ id: other.id, checkOutDate: today(), checkOutTime: "09:00" });
    await session.cancelTouristCheckOut({ id: other.id, reason: "Odjava greškom" });
    const [undo] = ev.to("CancelTouristCheckOut");
    assert.equal(undo.path, "/Rest/Htz/CancelTouristCheckOut/");
    assert.deepEqual(undo.body, { ID: other.id.toLowerCase(), Reason: "Odjava greškom" });
    assert.equal(ev.registrations.get(other.id.toLowerCase())?.status, "active");

    // Refused: eVisitor's message without its [[[…|||…]]] wrapper, the parameter put in.
    const again = await session.cancelTouristCheckIn({ id: stay.id, reason: "x" }).then(
      () => undefined,
      (error) => error,
    );
    assert.ok(again instanceof EVisitorError);
    assert.equal(again.kind, "rejected");
    assert.equal(again.message, `Prijavu ${stay.id.toLowerCase()} nije moguće poništiti.`);
    assert.equal(again.status, 400);
  }));

Deno.test("reference eVisitor: every call keeps the root, the trailing slash and all three cookies", () =>
  withReference(async (ev, open) => {
    const session = await open();
    await session.checkInTourist(guest());
    await session.listTourists({ page: 1, pageSize: 10 });
    await session.listCountries();
    await session.listSettlements();
    await session.logout();
    const rest = ev.requests.filter((r) => r.path.startsWith("/Rest/"));
    assert.ok(rest.length >= 4);
    for (const r of rest) {
      const shape = r.method === "POST"
        ? /^\/Rest\/Htz\/\w+\/$/
        : /^\/Rest\/Htz\/\w+\/(RecordsAndTotalCount|TotalCount)?$/;
      assert.match(r.path, shape, `${r.method} ${r.path}`);
      const names = (r.cookie ?? "").split("; ").map((c) => c.split("=")[0]).sort();
      assert.deepEqual(names, ["affinity", "authentication", "language"], r.path);
    }
    const [logout] = ev.to("Authentication/Logout");
    assert.ok(logout, "logged out");
    assert.ok(ev.requests.every((r) => r.underRoot), "the account's root kept on every call");
  }));

Deno.test("reference eVisitor: tax categories by facility and Active, in the documented filter syntax", () =>
  withReference(async (ev, open) => {
    const session = await open();
    const home = REFERENCE_FACILITIES[1];
    const categories = await session.listPaymentCategories(home.id);
    assert.deepEqual(
      categories.filter((c) => c.active).map((c) => c.code).sort(),
      ["1", "16", "18", "2"],
      "the facility's own active categories, not the other facility's 14",
    );
    const [read] = ev.to("TTPaymentCategoryLookup2");
    assert.deepEqual(JSON.parse(read.query.filters), [
      { Property: "FacilityID", Operation: "equal", Value: home.id },
      { Property: "Active", Operation: "equal", Value: "true" },
    ]);
    const facilities = await session.listCheckInFacilities();
    assert.deepEqual(
      facilities.map((f) => [f.code, f.isVacationHomeCalculation]),
      REFERENCE_FACILITIES.map((f) => [f.code, f.vacationHome]),
    );
  }));

Deno.test("reference eVisitor: settlements named only by place become 'Grad-Naselje' entries it accepts", () =>
  withReference(async (ev, open) => {
    const session = await open();
    const settlements = await session.listSettlements();
    const names = settlements.map((s) => s.name).sort();
    assert.deepEqual(names, [
      "Split-Split",
      "Split-Stobreč",
      "Zagreb-Adamovec",
      "Zagreb-Sesvete",
      "Zagreb-Zagreb",
    ]);
    // Active ones only, the whole filtered set in one read: no paging (which would need a sort).
    const [read] = ev.to("SettlementLookup");
    assert.deepEqual(JSON.parse(read.query.filters), [
      { Property: "Active", Operation: "equal", Value: "true" },
    ]);
    assert.equal(read.query.page, undefined);
    assert.equal(read.query.psize, undefined);

    // eVisitor accepts the entry for a guest living in Adamovec, born in Split.
    await session.checkInTourist(guest({
      citizenship: "HRV",
      countryOfBirth: "HRV",
      cityOfBirth: "Split-Split",
      countryOfResidence: "HRV",
      cityOfResidence: "Zagreb-Adamovec",
      documentType: "051",
    }));
    // The bare name, as the lookup lists it, is what it refuses.
    await assert.rejects(
      session.checkInTourist(guest({
        countryOfResidence: "HRV",
        cityOfResidence: "Adamovec",
        documentNumber: "P0000001",
      })),
      { kind: "rejected", message: "Grad prebivališta nije zadan." },
    );
  }));

Deno.test("reference eVisitor: paged reads always name a sort", () =>
  withReference(async (ev, open) => {
    const session = await open();
    await session.checkInTourist(guest());
    const page = await session.listTourists({
      page: 1,
      pageSize: 5,
      arrivalFrom: addDays(today(), -3),
    });
    assert.equal(page.totalCount, 1);
    const [read] = ev.to("ListOfTourists");
    assert.equal(read.path, "/Rest/Htz/ListOfTourists/RecordsAndTotalCount");
    assert.ok(read.query.sort, "a sort with the page");
    assert.equal(read.query.page, "1");
  }));

Deno.test("reference eVisitor: a session ended (401) costs one new login, never a loop", () =>
  withReference(async (ev, open) => {
    const session = await open();
    await session.listCountries();
    ev.expireSessions();
    await session.listDocumentTypes();
    assert.equal(ev.to("Authentication/Login").length, 2, "one login again");

    // eVisitor now refuses the password: one login is tried, then the session stops.
    ev.password = "Promijenjena-1";
    ev.expireSessions();
    await assert.rejects(session.listArrivalOrganisations(), { kind: "invalid-credentials" });
    await assert.rejects(session.listOfferedServiceTypes(), { kind: "invalid-credentials" });
    assert.equal(ev.to("Authentication/Login").length, 3, "no second try of the same password");
  }));

Deno.test("reference eVisitor: a refused API key (HTTP 200) is remembered, not asked again", () =>
  withReference(
    async (ev, open) => {
      await assert.rejects(open(), { kind: "api-key" });
      await assert.rejects(open(), { kind: "api-key" });
      assert.equal(ev.to("Authentication/Login").length, 1, "asked once");
    },
    { apiKey: "KLJUC-NOVI", credentials: { ...REFERENCE_HOST, apiKey: "KLJUC-STARI" } },
  ));

Deno.test("reference eVisitor: its firewall page is 'firewall' with the support ID, and retried", () =>
  withReference(async (ev, open) => {
    const session = await open();
    ev.firewall(1, "18446744073709551615", "CountryLookup");
    const error = await session.listCountries().then(() => undefined, (e) => e);
    assert.ok(error instanceof EVisitorError);
    assert.equal(error.kind, "firewall");
    assert.equal(error.supportId, "18446744073709551615");
    assert.ok(error.isTransient, "worth trying again later");
    assert.ok((await session.listCountries()).length > 0, "the next try goes through");
  }));
