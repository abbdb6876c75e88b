/**
 * Code lists (evisitor-api.md §4). Codes are always read at run time; what the check-in takes from
 * each list differs: countries by CodeThreeLetters, document types and tax categories by Code,
 * arrival organisations and border crossings by CodeMI, service types by Name.
 */
import { Fields, filterQuery, readRecords, type Row } from "./records.ts";
import { gradNaseljeEntries } from "./settlement-names.ts";
import type { Transport } from "./transport.ts";
import type {
  EVisitorArrivalOrganisation,
  EVisitorBorderCrossing,
  EVisitorCheckInFacility,
  EVisitorCountry,
  EVisitorDocumentType,
  EVisitorOfferedServiceType,
  EVisitorPaymentCategory,
  EVisitorSettlement,
} from "./types.ts";

async function rows(
  transport: Transport,
  resource: string,
  query?: Record<string, string | undefined>,
): Promise<Fields[]> {
  const body = await transport.read(resource, query);
  return readRecords(body, `Htz/${resource}`).map((row: Row) => new Fields(row, `Htz/${resource}`));
}

export async function listCountries(t: Transport): Promise<EVisitorCountry[]> {
  return (await rows(t, "CountryLookup")).map((f) => ({
    id: f.string("ID"),
    codeThreeLetters: f.string("CodeThreeLetters"),
    codeTwoLetters: f.optionalString("CodeTwoLetters"),
    name: f.optionalString("NameNational") ?? f.string("CodeThreeLetters"),
    nameCitizenship: f.optionalString("NameCitizenships"),
    isEUMember: f.boolean("IsEUMember"),
    active: f.boolean("Active", true),
  }));
}

export async function listDocumentTypes(t: Transport): Promise<EVisitorDocumentType[]> {
  // "Ttype" (sic) is the resource's real name.
  return (await rows(t, "DocumentTtypeLookup")).map((f) => ({
    id: f.string("ID"),
    code: f.string("Code"),
    name: f.optionalString("Name") ?? f.string("Code"),
    active: f.boolean("Active", true),
  }));
}

export async function listPaymentCategories(
  t: Transport,
  facilityId: string,
): Promise<EVisitorPaymentCategory[]> {
  const filters = filterQuery([
    { Property: "FacilityID", Operation: "equal", Value: facilityId },
    { Property: "Active", Operation: "equal", Value: "true" },
  ]);
  return (await rows(t, "TTPaymentCategoryLookup2", { filters })).map((f) => ({
    id: f.string("ID"),
    code: f.string("Code"),
    name: f.optionalString("Name") ?? f.string("Code"),
    active: f.boolean("Active", true),
  }));
}

export async function listArrivalOrganisations(
  t: Transport,
): Promise<EVisitorArrivalOrganisation[]> {
  return (await rows(t, "ArrivalOrganisationLookup")).map((f) => ({
    id: f.string("ID"),
    codeMI: f.string("CodeMI"),
    name: f.optionalString("Name") ?? f.string("CodeMI"),
    active: f.boolean("Active", true),
  }));
}

export async function listOfferedServiceTypes(
  t: Transport,
): Promise<EVisitorOfferedServiceType[]> {
  return (await rows(t, "OfferedServiceTypeLookup")).map((f) => ({
    id: f.string("ID"),
    name: f.string("Name"),
    active: f.boolean("Active", true),
  }));
}

export async function listBorderCrossings(t: Transport): Promise<EVisitorBorderCrossing[]> {
  // "HRlookup" (sic) is the resource's real casing.
  return (await rows(t, "BorderCrossingHRlookup")).map((f) => ({
    id: f.string("ID"),
    codeMI: f.string("CodeMI"),
    name: f.optionalString("Name") ?? f.string("CodeMI"),
    type: f.optionalString("BorderCrossingType"),
    active: f.boolean("Active", true),
  }));
}

/**
 * Every active Croatian settlement, each with its "Grad-Naselje" entry as `name`
 * (settlement-names.ts decides the form). The list is large (thousands of rows): it is filtered
 * to active rows and read whole, without paging (Rhetos answers the whole filtered set when no
 * page is asked, evisitor-api.md §2.2; paging would need a sort and its page-size limits are
 * unverified, §2.2). It is read only in the background and kept per account
 * (evisitor_settlements); a guest's search never waits for it.
 */
export async function listSettlements(t: Transport): Promise<EVisitorSettlement[]> {
  const filters = filterQuery([{ Property: "Active", Operation: "equal", Value: "true" }]);
  const read = (await rows(t, "SettlementLookup", { filters })).map((f) => ({
    id: f.string("ID"),
    name: f.string("Name"),
    cityId: f.optionalString("CityMunicipalityHrID"),
    zipCode: f.optionalString("ZIPCode"),
    active: f.boolean("Active", true),
  }));
  const entries = gradNaseljeEntries(read);
  return read.map(({ id, name, zipCode, active }) => ({
    id,
    name: entries.get(id) ?? name,
    zipCode,
    active,
  }));
}

export async function listCheckInFacilities(t: Transport): Promise<EVisitorCheckInFacility[]> {
  return (await rows(t, "FacilityTouristCheckInLookup")).map((f) => ({
    id: f.string("ID"),
    code: f.string("Code"),
    isVacationHomeCalculation: f.boolean("IsVacationHomeCalculation"),
  }));
}
