/**
 * The tourist-tax category of a guest, chosen by age among the categories eVisitor offers for the
 * facility (TTPaymentCategoryLookup2 by FacilityID, evisitor-api.md §2.4, §4), and the flat rate
 * of vacation homes (IsTTFlatRatePaymentVacationHome, §3.1).
 *
 * Codes are eVisitor's (§4): "1" children under 12, "2" from 12 to 18, "14" a tourist staying in
 * accommodation, "16" friends and other persons of a vacation home's owner, "18" the owner and
 * family. Where the tax is calculated as for a vacation home (FacilityTouristCheckInLookup
 * `IsVacationHomeCalculation`), an adult guest is one of "the other persons" (16) unless the
 * facility offers only the commercial 14; the owner's family (18) is never assumed. The other
 * categories (students, seasonal workers, persons with a disability…) depend on facts the
 * product does not hold, so they are never chosen by age: the host chooses them for a guest
 * (guests.tax_category), and that choice wins while the facility still offers it.
 */

export interface OfferedCategory {
  code: string;
  name: string;
}

export interface TaxFacility {
  /** FacilityTouristCheckInLookup.IsVacationHomeCalculation. */
  isVacationHome: boolean;
  /** Active categories eVisitor offers for the facility. */
  categories: OfferedCategory[];
}

export type AgeGroup = "0-11" | "12-17" | "18+";

/** Full years on `date` of someone born on `dateOfBirth` (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, date: string): number {
  const years = Number(date.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return date.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

export function ageGroupOf(dateOfBirth: string, arrival: string): AgeGroup {
  const age = ageOn(dateOfBirth, arrival);
  return age < 12 ? "0-11" : age < 18 ? "12-17" : "18+";
}

/** The codes that fit an age group, most fitting first. */
function fitting(group: AgeGroup, isVacationHome: boolean): string[] {
  if (group === "0-11") return ["1"];
  if (group === "12-17") return ["2"];
  return isVacationHome ? ["16", "14"] : ["14"];
}

export type CategoryChoice =
  | { ok: true; code: string }
  /**
   * No offered category fits the age: the host must choose. `detail` names the age group and
   * what eVisitor offers ("18+: 5 Osobe do 29 godina…, 11 Studenti…"), for the host's message.
   */
  | { ok: false; group: AgeGroup; detail: string };

/**
 * The host's choice (`chosen`) when the facility still offers it; else the category that fits
 * the guest's age on arrival; else none, and the host must choose.
 */
export function chooseCategory(
  facility: TaxFacility,
  dateOfBirth: string,
  arrival: string,
  chosen: string | null = null,
): CategoryChoice {
  const group = ageGroupOf(dateOfBirth, arrival);
  const offered = new Set(facility.categories.map((c) => c.code));
  if (chosen !== null && offered.has(chosen)) return { ok: true, code: chosen };
  const code = fitting(group, facility.isVacationHome).find((c) => offered.has(c));
  if (code) return { ok: true, code };
  const list = facility.categories.map((c) => `${c.code} ${c.name}`.trim()).join(", ");
  return { ok: false, group, detail: `${group}: ${list || "—"}` };
}

/** Countries of the European Economic Area outside the EU (EU membership is in CountryLookup). */
const EEA_OUTSIDE_EU = ["ISL", "LIE", "NOR"];

export function isEEA(citizenship: string, euMembers: ReadonlySet<string>): boolean {
  return euMembers.has(citizenship) || EEA_OUTSIDE_EU.includes(citizenship);
}

/**
 * The flat rate of a vacation home (evisitor-api.md §3.1): only where the tax is calculated as
 * for a vacation home, only for citizens of the EEA, only for arrivals up to 15 July of the
 * arrival's year. Anyone else pays per night in their category. The reference says "StayFrom ≤
 * 15 July of the current year"; a guest is sent on or after the arrival day
 * (services/guests/registration/transitions.ts `registrationStateFor`), so the arrival's year is
 * never after the current one and any arrival allowed here is allowed by that reading too (an
 * edit in a later year included).
 */
export function paysFlatRate(
  { isVacationHome, citizenIsEEA, arrival }: {
    isVacationHome: boolean;
    citizenIsEEA: boolean;
    arrival: string;
  },
): boolean {
  return isVacationHome && citizenIsEEA && arrival.slice(5) <= "07-15";
}
