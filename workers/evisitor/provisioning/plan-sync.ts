import type { EVisitorFacility, EVisitorUnit } from "@core/evisitor/types.ts";

/** What eVisitor lists for one facility. */
export interface FacilitySnapshot {
  facility: EVisitorFacility;
  units: EVisitorUnit[];
}

export interface KnownProperty {
  id: string;
  facilityId: string;
}

export interface KnownUnit {
  id: string;
  propertyId: string;
  externalUnitId: string | null;
  externalUnitIndex: number | null;
  name: string;
}

export interface PropertyChange {
  facilityId: string;
  /** Set when the property exists: update it in place. */
  existingId?: string;
  values: {
    facilityCode: string;
    name: string;
    address: string | null;
    facilityType: string | null;
    category: string | null;
    deactivated: boolean;
  };
}

export interface UnitChange {
  facilityId: string;
  externalUnitId: string;
  externalUnitIndex: number;
  existingId?: string;
  /**
   * For new units, and for existing ones still named by the old generic default: a host may
   * rename a unit, and a sync must not undo that.
   */
  name: string;
  /** Whether `name` replaces an existing unit's name. */
  rename: boolean;
  values: { capacity: number | null; type: string | null; category: string | null };
}

export interface SyncPlan {
  properties: PropertyChange[];
  units: UnitChange[];
  /** Properties whose facility eVisitor no longer lists: deactivated, never deleted. */
  vanishedPropertyIds: string[];
}

const GENERIC_UNIT_NAME = "Smještajna jedinica";
/** What earlier syncs named a unit whose type was not found; never a name a host chose. */
const OLD_GENERIC_NAME = /^Smještajna jedinica( \d+)?$/;

/**
 * Whether a unit still has the name a sync gave it while its type was not resolved ("Apartmani
 * Marija 2"): once the type is known, the type's name replaces it. A name the host chose differs.
 */
function namedAfterFacility(name: string, facility: EVisitorFacility): boolean {
  const base = facility.name.trim();
  if (!base) return false;
  return name === base ||
    (name.startsWith(`${base} `) && /^\d+$/.test(name.slice(base.length + 1)));
}

function addressOf(facility: EVisitorFacility): string | null {
  return [facility.streetNumber, facility.settlement].filter(Boolean).join(", ") || null;
}

/**
 * Expands a facility's unit records into the product's units: a record with three equivalent
 * apartments gives three units. Names repeat the type from eVisitor, numbered when a type occurs
 * more than once; a unit whose type eVisitor does not resolve is named after its facility
 * ("Kuća Marina 2"), never "Smještajna jedinica 2" alone, which says nothing about which unit.
 */
function expandUnits(facility: EVisitorFacility, units: EVisitorUnit[]) {
  const fallback = facility.name.trim() || `${GENERIC_UNIT_NAME} (${facility.code})`;
  const ordered = [...units].sort((a, b) =>
    (a.sequence ?? 0) - (b.sequence ?? 0) || a.id.localeCompare(b.id)
  );
  const expanded = ordered.flatMap((unit) =>
    Array.from(
      { length: Math.max(1, unit.numberOfEquivalentUnits) },
      (_, index) => ({ unit, index }),
    )
  );
  const perName = new Map<string, number>();
  for (const { unit } of expanded) {
    const base = unit.typeNameCode || fallback;
    perName.set(base, (perName.get(base) ?? 0) + 1);
  }
  const seen = new Map<string, number>();
  return expanded.map(({ unit, index }) => {
    const base = unit.typeNameCode || fallback;
    const nth = (seen.get(base) ?? 0) + 1;
    seen.set(base, nth);
    return { unit, index, name: (perName.get(base) ?? 0) > 1 ? `${base} ${nth}` : base };
  });
}

/**
 * Matches what eVisitor lists against what the product holds: facilities by id, units by
 * (unit record id, position among its equivalents). Nothing is deleted: a facility that
 * disappeared is deactivated, units the host added by hand are left alone.
 */
export function planSync(
  known: { properties: KnownProperty[]; units: KnownUnit[] },
  snapshots: FacilitySnapshot[],
): SyncPlan {
  const propertyByFacility = new Map(known.properties.map((p) => [p.facilityId, p]));
  const unitByKey = new Map(
    known.units.filter((u) => u.externalUnitId !== null)
      .map((u) => [`${u.propertyId}|${u.externalUnitId}|${u.externalUnitIndex}`, u]),
  );
  const plan: SyncPlan = { properties: [], units: [], vanishedPropertyIds: [] };

  for (const { facility, units } of snapshots) {
    const property = propertyByFacility.get(facility.id);
    plan.properties.push({
      facilityId: facility.id,
      existingId: property?.id,
      values: {
        facilityCode: facility.code,
        name: facility.name,
        address: addressOf(facility),
        facilityType: facility.facilityType,
        category: facility.category,
        deactivated: facility.isDeactivated,
      },
    });
    for (const { unit, index, name } of expandUnits(facility, units)) {
      const existing = property && unitByKey.get(`${property.id}|${unit.id}|${index}`);
      plan.units.push({
        facilityId: facility.id,
        externalUnitId: unit.id,
        externalUnitIndex: index,
        existingId: existing?.id,
        name,
        rename: !!existing && existing.name !== name &&
          (OLD_GENERIC_NAME.test(existing.name) || namedAfterFacility(existing.name, facility)),
        values: {
          capacity: unit.numberOfBeds + unit.numberOfExtraBeds || null,
          type: unit.typeNameCode,
          category: facility.category,
        },
      });
    }
  }
  const listed = new Set(snapshots.map((s) => s.facility.id));
  plan.vanishedPropertyIds = known.properties.filter((p) => !listed.has(p.facilityId)).map((p) =>
    p.id
  );
  return plan;
}
