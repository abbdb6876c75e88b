/**
 * The browse resources a host reads (evisitor-api.md §2.4), built from state for the logged-in
 * host. Columns are listed explicitly so filters on unknown properties fail as in Rhetos even
 * when there are no rows. The guest browses are in tourist-browses.ts.
 */
import type { Row } from "./browse.ts";
import * as lookups from "./lookups.ts";
import { settlementRows } from "./settlements.ts";
import type { SeedHost, SimState } from "./state.ts";
import { TOURIST_BROWSES } from "./tourist-browses.ts";

/** A unit type row's ID of its own (SeedFacility.unitTypeIdsOfTheirOwn): the type's ID reversed. */
const ownTypeId = (id: string) => [...id].reverse().join("");

export interface ReadContext {
  state: SimState;
  host: SeedHost;
  now: number;
}

export interface Resource {
  columns: readonly string[];
  rows(ctx: ReadContext): Row[];
}

const global = (columns: readonly string[], rows: () => Row[]): Resource => ({
  columns,
  rows: () => rows(),
});

export const RESOURCES: Record<string, Resource> = {
  FacilityBrowse: {
    columns: [
      "ID",
      "AccommodationUnits",
      "Category",
      "Code",
      "Decision",
      "Decision2",
      "DecisionUploadTime",
      "FacilityLinkToNaturalPerson",
      "FacilityType",
      "IsDeactivated",
      "Name",
      "Note",
      "OpenFacilityPeriod",
      "PaysTTFlatAmount",
      "Settlement",
      "SettlementHrID",
      "SettlementZone",
      "StreetNumber",
      "TTPayerID",
      "TTPayerNaturalPerson",
    ],
    rows: ({ host }) =>
      host.facilities.map((f) => ({
        ID: f.id,
        AccommodationUnits: f.unitTypes.map((t) =>
          `${t.nameCode} (${
            f.units.filter((u) => u.typeId === t.id).reduce((n, u) => n + u.equivalentUnits, 0)
          })`
        ).join(", "),
        Category: f.category,
        Code: f.code,
        Decision: null,
        Decision2: null,
        DecisionUploadTime: null,
        FacilityLinkToNaturalPerson: null,
        FacilityType: f.facilityType,
        IsDeactivated: f.isDeactivated,
        Name: f.name,
        Note: null,
        OpenFacilityPeriod: null,
        PaysTTFlatAmount: f.isVacationHome,
        Settlement: f.settlement,
        SettlementHrID: f.settlementHrId,
        SettlementZone: null,
        StreetNumber: f.streetNumber,
        TTPayerID: host.ttPayerId,
        TTPayerNaturalPerson: host.name,
      })),
  },
  FacilityTouristCheckInLookup: {
    columns: [
      "Code",
      "ID",
      "IsVacationHomeCalculation",
      "Name",
      "NecessarySettlementRegistration",
      "SettlementHrID",
      "TTPayerID",
    ],
    rows: ({ host }) =>
      host.facilities.filter((f) => !f.isDeactivated).map((f) => ({
        Code: f.code,
        ID: f.id,
        IsVacationHomeCalculation: f.isVacationHome,
        Name: f.name,
        NecessarySettlementRegistration: false,
        SettlementHrID: f.settlementHrId,
        TTPayerID: host.ttPayerId,
      })),
  },
  AccommodationUnitFacilityType: {
    columns: ["ID", "FacilityID", "NameCode", "FacilityCode"],
    rows: ({ host }) =>
      host.facilities.flatMap((f) =>
        f.unitTypes.map((t) => ({
          ID: f.unitTypeIdsOfTheirOwn ? ownTypeId(t.id) : t.id,
          FacilityID: f.id,
          NameCode: t.nameCode,
          FacilityCode: f.code,
        }))
      ),
  },
  AccommodationUnitForEdit: {
    columns: [
      "ID",
      "CategoryID",
      "FacilityID",
      "FacilityCategoryTypeID",
      "NumberOfBeds",
      "NumberOfEquivalentUnits",
      "NumberOfExtraBeds",
      "Sequence",
      "TypeID",
    ],
    rows: ({ host }) =>
      host.facilities.flatMap((f) =>
        f.units.map((u) => ({
          ID: u.id,
          CategoryID: null,
          FacilityID: f.id,
          FacilityCategoryTypeID: null,
          NumberOfBeds: u.beds,
          NumberOfEquivalentUnits: u.equivalentUnits,
          NumberOfExtraBeds: u.extraBeds,
          Sequence: u.sequence,
          TypeID: u.typeId,
        }))
      ),
  },
  ...TOURIST_BROWSES,
  TTPaymentCategoryLookup2: {
    columns: ["ID", "FacilityID", "Active", "Code", "CodeNames", "Name"],
    rows: ({ host }) =>
      host.facilities.flatMap((f) =>
        lookups.paymentCategoryRows()
          .filter((c) => f.paymentCategories.includes(c.Code as string))
          // One row per facility and category; the ID stays the category's, as a lookup would.
          .map((c) => ({ ...c, FacilityID: f.id }))
      ),
  },
  CountryLookup: global(
    [
      "ID",
      "Active",
      "AlternativeName",
      "CodeThreeLetters",
      "CodeTwoLetters",
      "IsEUMember",
      "IsVisaRequired",
      "NameCitizenships",
      "NameNational",
      "NameNationalAlternative",
    ],
    lookups.countryRows,
  ),
  DocumentTtypeLookup: global(
    ["ID", "Active", "Code", "Name", "Sequence", "CodeMI"],
    lookups.documentTypeRows,
  ),
  TTPaymentCategoryLookup: global(
    ["ID", "Active", "Code", "CodeNames", "Name"],
    lookups.paymentCategoryRows,
  ),
  ArrivalOrganisationLookup: global(
    ["ID", "Active", "CodeMI", "Name", "Sequence"],
    lookups.arrivalOrganisationRows,
  ),
  OfferedServiceTypeLookup: global(["ID", "Active", "Name"], lookups.offeredServiceTypeRows),
  BorderCrossingHRlookup: global(
    ["ID", "Active", "BorderCrossingType", "CodeMI", "Name"],
    lookups.borderCrossingRows,
  ),
  VisaTypeLookup: global(["ID", "Active", "Name"], lookups.visaTypeRows),
  SettlementLookup: global(
    ["ID", "Active", "CityMunicipalityHrID", "HasZones", "Name", "ZIPCode"],
    settlementRows,
  ),
  TouristAgencyBrowse: global(
    ["ID", "Active", "Address", "Country", "IsNaturalPerson", "Name", "PinOrVat", "Settlement"],
    () =>
      lookups.AGENCIES.map((a, i) => ({
        ID: lookups.lookupId(8, i),
        Active: true,
        Address: null,
        Country: "Hrvatska",
        IsNaturalPerson: false,
        Settlement: null,
        ...a,
      })),
  ),
};

/** Read rights an obveznik lacks (evisitor-api.md §2.4, "Access control"). */
export const FORBIDDEN_FOR_HOSTS = [
  "FacilityCategoryLookup",
  "FacilityCodeLookup",
  "OpeningBasisLookup",
  "LegalPersonTypeLookup",
  "DistanceTypeLookup",
  "ServiceTypeLookup",
  "PaymentPayoutTypeLookup",
];
