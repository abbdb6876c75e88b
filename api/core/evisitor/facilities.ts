/**
 * The host's facilities (objekti) and their units. A product property maps to one facility (by
 * its code); units stay the product's own, finer level, because a check-in can name a unit only
 * by its type's NameCode. The unit types are read from AccommodationUnitFacilityType filtered by
 * the facility's code, as the wiki says for AccommodationUnitType (evisitor-api.md §3.1). How a
 * unit record names its type is not documented: its TypeID is looked up among the types' IDs,
 * then its FacilityCategoryTypeID; a facility with a single type has only that one. A unit whose
 * type is still not found keeps `typeNameCode: null` rather than failing.
 */
import { Fields, filterQuery, readRecords, type Row } from "./records.ts";
import type { Transport } from "./transport.ts";
import type { EVisitorFacility, EVisitorUnit } from "./types.ts";

const FACILITIES = "FacilityBrowse";
const UNITS = "AccommodationUnitForEdit";
const UNIT_TYPES = "AccommodationUnitFacilityType";

export function toFacility(row: Row): EVisitorFacility {
  const f = new Fields(row, `Htz/${FACILITIES}`);
  return {
    id: f.string("ID"),
    // Kept as text: codes such as "0012345" lose meaning without their leading zeros.
    code: f.string("Code"),
    name: f.optionalString("Name") ?? "",
    facilityType: f.optionalString("FacilityType"),
    category: f.optionalString("Category"),
    settlement: f.optionalString("Settlement"),
    streetNumber: f.optionalString("StreetNumber"),
    isDeactivated: f.boolean("IsDeactivated"),
  };
}

export function toUnit(row: Row, typeNames: Map<string, string>): EVisitorUnit {
  const f = new Fields(row, `Htz/${UNITS}`);
  const byId = (column: string) => {
    const id = f.optionalString(column);
    return id ? typeNames.get(id.toLowerCase()) : undefined;
  };
  const only = typeNames.size === 1 ? [...typeNames.values()][0] : undefined;
  return {
    id: f.string("ID"),
    facilityId: f.string("FacilityID"),
    typeNameCode: byId("TypeID") ?? byId("FacilityCategoryTypeID") ?? only ?? null,
    numberOfBeds: f.number("NumberOfBeds"),
    numberOfExtraBeds: f.number("NumberOfExtraBeds"),
    numberOfEquivalentUnits: f.number("NumberOfEquivalentUnits", 1),
    sequence: f.optionalNumber("Sequence"),
  };
}

export async function listFacilities(transport: Transport): Promise<EVisitorFacility[]> {
  const body = await transport.read(FACILITIES);
  return readRecords(body, `Htz/${FACILITIES}`).map(toFacility);
}

export async function listUnits(
  transport: Transport,
  facilityId: string,
  facilityCode?: string,
): Promise<EVisitorUnit[]> {
  const filters = filterQuery([{ Property: "FacilityID", Operation: "equal", Value: facilityId }]);
  const typesBody = await transport.read(UNIT_TYPES, {
    filters: facilityCode === undefined
      ? filters
      : filterQuery([{ Property: "FacilityCode", Operation: "equal", Value: facilityCode }]),
  });
  const typeNames = new Map<string, string>();
  for (const row of readRecords(typesBody, `Htz/${UNIT_TYPES}`)) {
    const f = new Fields(row, `Htz/${UNIT_TYPES}`);
    const name = f.optionalString("NameCode");
    if (name) typeNames.set(f.string("ID").toLowerCase(), name);
  }
  const unitsBody = await transport.read(UNITS, { filters });
  return readRecords(unitsBody, `Htz/${UNITS}`).map((row) => toUnit(row, typeNames));
}
