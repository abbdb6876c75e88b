import assert from "node:assert/strict";
import type { SubscriptionPolicy } from "@shared/schemas/subscription-package.ts";
import { applyPlanAllowance } from "../../../workers/evisitor/provisioning/plan-allowance.ts";
import {
  type FacilitySnapshot,
  planSync,
} from "../../../workers/evisitor/provisioning/plan-sync.ts";
import { demoFacility } from "../../support/properties.ts";

const POLICIES: Record<string, SubscriptionPolicy> = {
  basic: {
    maxExternalAccounts: 1,
    maxProperties: 1,
    allowBulkImport: false,
    allowDataExport: false,
    allowApiAccess: false,
    maxUsersPerProperty: 1,
    maxBookingsPerMonth: 30,
    maxUnitsPerProperty: 1,
  },
  pro: {
    maxExternalAccounts: 1,
    maxProperties: 5,
    allowBulkImport: false,
    allowDataExport: true,
    allowApiAccess: false,
    maxUsersPerProperty: 1,
    maxBookingsPerMonth: null,
    maxUnitsPerProperty: null,
  },
  premium: {
    maxExternalAccounts: 10,
    maxProperties: null,
    allowBulkImport: true,
    allowDataExport: true,
    allowApiAccess: true,
    maxUsersPerProperty: 5,
    maxBookingsPerMonth: null,
    maxUnitsPerProperty: null,
  },
};

/** Seven facilities of four units each (three apartments and a room). */
const SEVEN: FacilitySnapshot[] = Array.from(
  { length: 7 },
  (_, i) => demoFacility(`fac-${i}`, `00${i}0000`),
);
const fresh = planSync({ properties: [], units: [] }, SEVEN);

Deno.test("a new account's facilities are mirrored up to each plan's properties and units", () => {
  const basic = applyPlanAllowance(fresh, {
    policy: POLICIES.basic,
    inForce: true,
    otherProperties: 0,
  });
  assert.deepEqual(basic.plan.properties.map((p) => p.facilityId), ["fac-0"]);
  assert.equal(basic.plan.units.length, 1, "Basic: one unit per property");
  assert.deepEqual(basic.shortfall, {
    reason: "plan-limit",
    limit: "maxProperties",
    properties: 6,
    units: 3,
  });

  const pro = applyPlanAllowance(fresh, {
    policy: POLICIES.pro,
    inForce: true,
    otherProperties: 0,
  });
  assert.equal(pro.plan.properties.length, 5);
  assert.equal(pro.plan.units.length, 20, "all units of the five properties");
  assert.equal(pro.shortfall?.properties, 2);

  const premium = applyPlanAllowance(fresh, {
    policy: POLICIES.premium,
    inForce: true,
    otherProperties: 0,
  });
  assert.equal(premium.plan.properties.length, 7);
  assert.equal(premium.plan.units.length, 28);
  assert.equal(premium.shortfall, null);
});

Deno.test("properties on the host's other accounts count towards the limit", () => {
  const pro = applyPlanAllowance(fresh, {
    policy: POLICIES.pro,
    inForce: true,
    otherProperties: 4,
  });
  assert.equal(pro.plan.properties.length, 1);
  const full = applyPlanAllowance(fresh, {
    policy: POLICIES.pro,
    inForce: true,
    otherProperties: 5,
  });
  assert.equal(full.plan.properties.length, 0);
  assert.equal(full.plan.units.length, 0);
});

Deno.test("what is mirrored already stays, on a smaller plan or after the subscription ended", () => {
  // Mirrored on Premium: seven properties with all their units.
  const known = {
    properties: SEVEN.map((s, i) => ({ id: `p${i}`, facilityId: s.facility.id })),
    units: SEVEN.flatMap((s, i) =>
      [0, 1, 2].map((n) => ({
        id: `u${i}-${n}`,
        propertyId: `p${i}`,
        externalUnitId: `${s.facility.id}-apt`,
        externalUnitIndex: n,
        name: `Apartman ${n + 1}`,
      }))
    ),
  };
  // eVisitor now also lists an eighth facility.
  const resync = planSync(known, [...SEVEN, demoFacility("fac-new", "0990000")]);
  const basic = applyPlanAllowance(resync, {
    policy: POLICIES.basic,
    inForce: true,
    otherProperties: 0,
  });
  assert.equal(basic.plan.properties.filter((p) => p.existingId).length, 7, "kept and updated");
  assert.ok(!basic.plan.properties.some((p) => p.facilityId === "fac-new"), "nothing new added");
  assert.equal(basic.plan.units.filter((u) => u.existingId).length, 21);
  assert.equal(basic.plan.units.filter((u) => !u.existingId).length, 0, "no new room either");

  const expired = applyPlanAllowance(resync, {
    policy: POLICIES.premium,
    inForce: false,
    otherProperties: 0,
  });
  assert.equal(expired.plan.properties.length, 7);
  assert.equal(expired.plan.units.length, 21);
  assert.equal(expired.shortfall?.reason, "subscription-expired");
  assert.equal(expired.shortfall?.limit, "subscriptionExpired");
});
