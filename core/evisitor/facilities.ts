/**
 * The host's facilities (objekti) and their units. A product property maps to one facility (by
 * its code); units stay the product's own, finer level, because a check-in can name a unit only
 * by its type's NameCode. The unit types are read from AccommodationUnitFacilityType filtered by
 * the facility's code, as the wiki says for AccommodationUnitType (evisitor-api.md §3.1), and by
 * the facility's ID when that finds none. How a unit record names its type is not documented
 * (§2.4), so a unit's type is resolved, in this order:
 *
 * 1. by ID: its TypeID, then its FacilityCategoryTypeID, among the types' IDs (GUIDs compared
 *    without case or braces);
 * 2. by the type list's codes: the same column equal to a NameCode, or to the code in it
 *    ("A2+2" of "Apartman (A2+2)"); then the one type whose code's beds fit the unit's
 *    ("A2+2": 2 beds and 2 extra beds, "S2": 2 beds);
 * 3. the facility's only type.
 *
 * A unit whose type is still not found keeps `typeNameCode: null` rather than failing.
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

/** One row of AccommodationUnitFacilityType, with what a unit may name it by. */
export interface UnitType {
  id: string;
  nameCode: string;
}

const guidKey = (value: string) => value.trim().replace(/^\{|\}$/g, "").toLowerCase();
const codeKey = (value: string) => value.trim().replace(/\s+/g, "").toLowerCase();
/** The code in a NameCode ("A2+2" of "Apartman (A2+2)"), or none. */
const codeOf = (nameCode: string) => /\(([^()]+)\)\s*$/.exec(nameCode)?.[1] ?? null;
/** Beds and extra beds a type code stands for ("A2+2" → [2, 2], "S2" → [2, 0]). */
function bedsOf(code: string | null): [number, number] | null {
  const found = code && /^[^\d]*(\d+)(?:\s*\+\s*(\d+))?\s*$/.exec(code);
  return found ? [Number(found[1]), Number(found[2] ?? 0)] : null;
}

/** The type of a unit record, by the order in the module's comment; null when none fits. */
export function unitTypeOf(
  candidates: (string | null)[],
  beds: [number, number],
  types: UnitType[],
): string | null {
  const given = candidates.filter((c): c is string => !!c);
  for (const value of given) {
    const found = types.find((t) => guidKey(t.id) === guidKey(value));
    if (found) return found.nameCode;
  }
  for (const value of given) {
    const found = types.find((t) =>
      codeKey(t.nameCode) === codeKey(value) || codeKey(codeOf(t.nameCode) ?? "") === codeKey(value)
    );
    if (found) return found.nameCode;
  }
  const fitting = types.filter((t) => {
    const fits = bedsOf(codeOf(t.nameCode));
    return fits !== null && fits[0] === beds[0] && fits[1] === beds[1];
  });
  if (fitting.length === 1) return fitting[0].nameCode;
  return types.length === 1 ? types[0].nameCode : null;
}

export function toUnit(row: Row, types: UnitType[]): EVisitorUnit {
  const f = new Fields(row, `Htz/${UNITS}`);
  const numberOfBeds = f.number("NumberOfBeds");
  const numberOfExtraBeds = f.number("NumberOfExtraBeds");
  return {
    id: f.string("ID"),
    facilityId: f.string("FacilityID"),
    typeNameCode: unitTypeOf(
      [f.optionalString("TypeID"), f.optionalString("FacilityCategoryTypeID")],
      [numberOfBeds, numberOfExtraBeds],
      types,
    ),
    numberOfBeds,
    numberOfExtraBeds,
    numberOfEquivalentUnits: f.number("NumberOfEquivalentUnits", 1),
    sequence: f.optionalNumber("Sequence"),
  };
}

export async function listFacilities(transport: Transport): Promise<EVisitorFacility[]> {
  const body = await transport.read(FACILITIES);
  return readRecords(body, `Htz/${FACILITIES}`).map(toFacility);
}

async function readUnitTypes(
  transport: Transport,
  filter: { Property: string; Value: string },
): Promise<UnitType[]> {
  const body = await transport.read(UNIT_TYPES, {
    filters: filterQuery([{ ...filter, Operation: "equal" }]),
  });
  return readRecords(body, `Htz/${UNIT_TYPES}`).flatMap((row) => {
    const f = new Fields(row, `Htz/${UNIT_TYPES}`);
    const nameCode = f.optionalString("NameCode")?.trim();
    return nameCode ? [{ id: f.string("ID"), nameCode }] : [];
  });
}

export async function listUnits(
  transport: Transport,
  facilityId: string,
  facilityCode?: string,
): Promise<EVisitorUnit[]> {
  const byId = { Property: "FacilityID", Value: facilityId };
  let types = await readUnitTypes(
    transport,
    facilityCode === undefined ? byId : { Property: "FacilityCode", Value: facilityCode },
  );
  // None by the code: the ID may still find the facility's types.
  if (types.length === 0 && facilityCode !== undefined) {
    types = await readUnitTypes(transport, byId);
  }
  const unitsBody = await transport.read(UNITS, {
    filters: filterQuery([{ ...byId, Operation: "equal" }]),
  });
  return readRecords(unitsBody, `Htz/${UNITS}`).map((row) => toUnit(row, types));
}
