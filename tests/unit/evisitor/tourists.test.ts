import assert from "node:assert/strict";
import {
  cancellationBody,
  checkInBody,
  checkOutBody,
  toTourist,
  touristQuery,
} from "@core/evisitor/tourists.ts";
import { demoCheckIn } from "../../support/evisitor-sim.ts";

const ID = "3F2504E0-4F89-41D3-9A0C-0305E82C3301";

Deno.test("a check-in is sent with eVisitor's field names, YYYYMMDD dates and no empty fields", () => {
  const body = checkInBody(
    demoCheckIn({ id: ID, touristMiddleName: "", residenceAddress: undefined }),
  );
  assert.equal(body.ID, ID.toLowerCase());
  assert.equal(body.Facility, "0012345");
  assert.equal(body.StayFrom, "20260710");
  assert.equal(body.TimeStayFrom, "09:42");
  assert.equal(body.DateOfBirth, "19850115");
  assert.equal(body.Gender, "muški");
  assert.equal(body.AccommodationUnitType, "Apartman");
  assert.ok(!("TouristMiddleName" in body));
  assert.ok(!("ResidenceAddress" in body));
  assert.ok(!("TTPayerID" in body), "a host never sends TTPayerID");
});

Deno.test("non-EU guests send BorderCrossing and PassageDate; flat rate is a JSON boolean", () => {
  const body = checkInBody(demoCheckIn({
    countryOfResidence: "BIH",
    borderCrossing: "053",
    passageDate: "2026-07-09",
    isTTFlatRatePaymentVacationHome: false,
  }));
  assert.equal(body.BorderCrossing, "053");
  assert.equal(body.PassageDate, "20260709");
  assert.equal(body.IsTTFlatRatePaymentVacationHome, false);
});

Deno.test("a registration id must be a GUID", () => {
  assert.throws(() => checkInBody(demoCheckIn({ id: "{not-a-guid}" })), TypeError);
});

Deno.test("check-out and cancellation bodies", () => {
  assert.deepEqual(checkOutBody({ id: ID, checkOutDate: "2026-07-17", checkOutTime: "9:05" }), {
    ID: ID.toLowerCase(),
    CheckOutDate: "20260717",
    CheckOutTime: "09:05",
  });
  assert.deepEqual(cancellationBody({ id: ID }), { ID: ID.toLowerCase() });
  assert.deepEqual(cancellationBody({ id: ID, reason: "Greška" }), {
    ID: ID.toLowerCase(),
    Reason: "Greška",
  });
});

Deno.test("the tourist query always sorts, and pages only when asked", () => {
  assert.deepEqual(touristQuery(), {
    filters: undefined,
    sort: "DateTimeOfArrival desc,ID",
    page: undefined,
    psize: undefined,
  });
  const q = touristQuery({
    facilityId: "f1",
    arrivalFrom: "2026-07-01",
    arrivalTo: "2026-07-31",
    checkedOut: false,
    sort: { by: "SurnameAndName" },
    page: 2,
    pageSize: 20,
  });
  assert.equal(q.sort, "SurnameAndName,ID");
  assert.equal(q.page, "2");
  assert.equal(q.psize, "20");
  assert.deepEqual(JSON.parse(q.filters!), [
    { Property: "FacilityID", Operation: "equal", Value: "f1" },
    {
      Property: "DateTimeOfArrival",
      Operation: "greaterequal",
      Value: "/Date(1782856800000+0200)/",
    },
    { Property: "DateTimeOfArrival", Operation: "less", Value: "/Date(1785535200000+0200)/" },
    { Property: "CheckedOutTourist", Operation: "equal", Value: "false" },
  ]);
});

Deno.test("a ListOfTourists row becomes a tourist with local arrival and departure", () => {
  const tourist = toTourist({
    ID: ID,
    FacilityID: "f1",
    FacilityName: "Apartmani Horvat",
    SurnameAndName: "Novák Marek (41)",
    Citizenship: "Slovačke Republike",
    DateTimeOfArrival: "/Date(1783669320000+0200)/",
    DateTimeOfDeparture: null,
    CheckedOutTourist: false,
  });
  assert.deepEqual(tourist, {
    id: ID.toLowerCase(),
    facilityId: "f1",
    facilityName: "Apartmani Horvat",
    surnameAndName: "Novák Marek (41)",
    citizenship: "Slovačke Republike",
    arrival: { date: "2026-07-10", time: "09:42" },
    departure: null,
    checkedOut: false,
  });
});
