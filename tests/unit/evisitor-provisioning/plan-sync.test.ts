import assert from "node:assert/strict";
import {
  type FacilitySnapshot,
  planSync,
} from "../../../workers/evisitor/provisioning/plan-sync.ts";
import type { EVisitorFacility, EVisitorUnit } from "@core/evisitor/types.ts";

const facility = (over: Partial<EVisitorFacility> = {}): EVisitorFacility => ({
  id: "fac-1",
  code: "0034643",
  name: "Vila Marija",
  facilityType: "Kuća za odmor",
  category: "4*",
  settlement: "Split",
  streetNumber: "Obala 5",
  isDeactivated: false,
  ...over,
});

const unit = (over: Partial<EVisitorUnit> = {}): EVisitorUnit => ({
  id: "unit-a",
  facilityId: "fac-1",
  typeNameCode: "Apartman",
  numberOfBeds: 4,
  numberOfExtraBeds: 1,
  numberOfEquivalentUnits: 1,
  sequence: 1,
  ...over,
});

Deno.test("planSync makes a property per facility and a unit per equivalent unit", () => {
  const snapshots: FacilitySnapshot[] = [{
    facility: facility(),
    units: [
      unit({ numberOfEquivalentUnits: 3 }),
      unit({
        id: "unit-b",
        typeNameCode: "Soba",
        numberOfBeds: 2,
        numberOfExtraBeds: 0,
        sequence: 2,
      }),
    ],
  }];
  const plan = planSync({ properties: [], units: [] }, snapshots);
  assert.equal(plan.properties.length, 1);
  assert.deepEqual(plan.properties[0].values, {
    facilityCode: "0034643",
    name: "Vila Marija",
    address: "Obala 5, Split",
    facilityType: "Kuća za odmor",
    category: "4*",
    deactivated: false,
  });
  assert.deepEqual(plan.units.map((u) => [u.name, u.externalUnitIndex, u.values.capacity]), [
    ["Apartman 1", 0, 5],
    ["Apartman 2", 1, 5],
    ["Apartman 3", 2, 5],
    ["Soba", 0, 2],
  ]);
  assert.ok(plan.units.every((u) => u.existingId === undefined));
});

Deno.test("planSync matches known properties and units so a second sync updates in place", () => {
  const snapshots = [{
    facility: facility({ name: "Vila Marija (novo)" }),
    units: [unit({ numberOfEquivalentUnits: 2 })],
  }];
  const plan = planSync({
    properties: [{ id: "p1", facilityId: "fac-1" }],
    units: [
      { id: "u1", propertyId: "p1", externalUnitId: "unit-a", externalUnitIndex: 0, name: "Plavi" },
      {
        id: "u2",
        propertyId: "p1",
        externalUnitId: "unit-a",
        externalUnitIndex: 1,
        name: "Apartman 2",
      },
      {
        id: "manual",
        propertyId: "p1",
        externalUnitId: null,
        externalUnitIndex: null,
        name: "Smještajna jedinica 7",
      },
    ],
  }, snapshots);
  assert.equal(plan.properties[0].existingId, "p1");
  assert.equal(plan.properties[0].values.name, "Vila Marija (novo)");
  assert.deepEqual(plan.units.map((u) => u.existingId), ["u1", "u2"]);
  assert.deepEqual(plan.units.map((u) => u.rename), [false, false], "the host's names stay");
  assert.deepEqual(plan.vanishedPropertyIds, []);
});

Deno.test("planSync keeps leading zeros and deactivates facilities eVisitor no longer lists", () => {
  const plan = planSync(
    {
      properties: [{ id: "p1", facilityId: "fac-1" }, { id: "p-gone", facilityId: "fac-old" }],
      units: [],
    },
    [{ facility: facility({ code: "0000022", isDeactivated: true }), units: [] }],
  );
  assert.equal(plan.properties[0].values.facilityCode, "0000022");
  assert.equal(plan.properties[0].values.deactivated, true);
  assert.deepEqual(plan.vanishedPropertyIds, ["p-gone"]);
});

Deno.test("planSync names a unit without a type after its facility, never generically", () => {
  const plan = planSync({ properties: [], units: [] }, [{
    facility: facility(),
    units: [unit({ typeNameCode: null, numberOfBeds: 0, numberOfExtraBeds: 0 })],
  }]);
  assert.equal(plan.units[0].name, "Vila Marija");
  assert.equal(plan.units[0].values.type, null);
  assert.equal(plan.units[0].values.capacity, null);

  const two = planSync({ properties: [], units: [] }, [{
    facility: facility({ name: "" }),
    units: [unit({ typeNameCode: null, numberOfEquivalentUnits: 2 })],
  }]);
  assert.deepEqual(two.units.map((u) => u.name), [
    "Smještajna jedinica (0034643) 1",
    "Smještajna jedinica (0034643) 2",
  ]);
});

Deno.test("planSync renames units an earlier sync named generically, once the type is known", () => {
  const plan = planSync({
    properties: [{ id: "p1", facilityId: "fac-1" }],
    units: [
      {
        id: "u1",
        propertyId: "p1",
        externalUnitId: "unit-a",
        externalUnitIndex: 0,
        name: "Smještajna jedinica 1",
      },
      {
        id: "u2",
        propertyId: "p1",
        externalUnitId: "unit-a",
        externalUnitIndex: 1,
        name: "Smještajna jedinica",
      },
    ],
  }, [{ facility: facility(), units: [unit({ numberOfEquivalentUnits: 2 })] }]);
  assert.deepEqual(plan.units.map((u) => [u.existingId, u.name, u.rename]), [
    ["u1", "Apartman 1", true],
    ["u2", "Apartman 2", true],
  ]);
});
