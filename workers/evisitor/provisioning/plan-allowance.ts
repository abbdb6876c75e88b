import type { SubscriptionPolicy } from "@shared/schemas/subscription-package.ts";
import type { SyncPlan } from "./plan-sync.ts";

/** What a sync left out because of the host's plan, and why (the account's `lastError`). */
export interface PlanShortfall {
  reason: "plan-limit" | "subscription-expired";
  limit: "maxProperties" | "maxUnitsPerProperty" | "subscriptionExpired";
  properties: number;
  units: number;
}

/**
 * Trims a sync plan to what the host's plan allows. Only what is new is ever left out: properties
 * and units already mirrored stay and keep being updated, so a smaller plan never takes a host's
 * existing data away (nor the check-ins of their guests). Without a plan in force nothing new is
 * added; otherwise new facilities are added in eVisitor's order while the host's active properties
 * (`otherProperties` on their other accounts, plus this account's) stay within maxProperties, and
 * new units while each property stays within maxUnitsPerProperty.
 */
export function applyPlanAllowance(
  plan: SyncPlan,
  { policy, inForce, otherProperties }: {
    policy: SubscriptionPolicy;
    inForce: boolean;
    otherProperties: number;
  },
): { plan: SyncPlan; shortfall: PlanShortfall | null } {
  const keptFacilities = new Set<string>();
  let propertySlots = inForce && policy.maxProperties !== null
    ? policy.maxProperties - otherProperties -
      plan.properties.filter((p) => p.existingId && !p.values.deactivated).length
    : inForce
    ? Infinity
    : 0;
  let skippedProperties = 0;
  const properties = plan.properties.filter((change) => {
    if (change.existingId) {
      keptFacilities.add(change.facilityId);
      return true;
    }
    if (propertySlots > 0 || change.values.deactivated && inForce) {
      if (!change.values.deactivated) propertySlots--;
      keptFacilities.add(change.facilityId);
      return true;
    }
    skippedProperties++;
    return false;
  });

  const unitsPerFacility = new Map<string, number>();
  for (const unit of plan.units) {
    if (unit.existingId) {
      unitsPerFacility.set(unit.facilityId, (unitsPerFacility.get(unit.facilityId) ?? 0) + 1);
    }
  }
  const unitLimit = inForce ? policy.maxUnitsPerProperty ?? Infinity : 0;
  let skippedUnits = 0;
  const units = plan.units.filter((unit) => {
    if (!keptFacilities.has(unit.facilityId)) return false; // its property was left out
    if (unit.existingId) return true;
    const count = unitsPerFacility.get(unit.facilityId) ?? 0;
    if (count < unitLimit) {
      unitsPerFacility.set(unit.facilityId, count + 1);
      return true;
    }
    skippedUnits++;
    return false;
  });

  const trimmed = { ...plan, properties, units };
  if (skippedProperties === 0 && skippedUnits === 0) return { plan: trimmed, shortfall: null };
  return {
    plan: trimmed,
    shortfall: {
      reason: inForce ? "plan-limit" : "subscription-expired",
      limit: !inForce
        ? "subscriptionExpired"
        : skippedProperties > 0
        ? "maxProperties"
        : "maxUnitsPerProperty",
      properties: skippedProperties,
      units: skippedUnits,
    },
  };
}
