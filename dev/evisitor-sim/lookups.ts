/**
 * Code lists from codebooks.json, shaped as eVisitor's lookup browses (evisitor-api.md §4). IDs
 * are stable per list and position so that repeated runs give the same GUIDs.
 */
import codebooks from "./codebooks.json" with { type: "json" };
import type { Row } from "./browse.ts";

export interface Country {
  CodeThreeLetters: string;
  CodeTwoLetters: string;
  NameNational: string;
  NameCitizenships: string;
  IsEUMember: boolean;
  /** Not a documented column; used only by the flat-rate rule. */
  IsEEAMember: boolean;
}

export const COUNTRIES: Country[] = codebooks.countries;
export const DOCUMENT_TYPES: { Code: string; Name: string }[] = codebooks.documentTypes;
export const PAYMENT_CATEGORIES: { Code: string; Name: string }[] = codebooks.paymentCategories;
export const ARRIVAL_ORGANISATIONS: { CodeMI: string; Name: string }[] =
  codebooks.arrivalOrganisations;
export const OFFERED_SERVICE_TYPES: { Name: string }[] = codebooks.offeredServiceTypes;
export const BORDER_CROSSINGS: { CodeMI: string; Name: string; BorderCrossingType: string }[] =
  codebooks.borderCrossings;
export const VISA_TYPES: { Name: string }[] = codebooks.visaTypes;
/** Agencies known to TouristAgencyBrowse, by OIB or VAT number. */
export const AGENCIES: { PinOrVat: string; Name: string }[] = codebooks.agencies;

/** `d0000000-0000-4000-8000-<list><index>`: a stable GUID per code-list entry. */
export function lookupId(list: number, index: number): string {
  return `d0000000-0000-4000-8000-${String(list).padStart(4, "0")}${
    String(index + 1).padStart(8, "0")
  }`;
}

const withIds = <T extends object>(list: number, rows: T[]): Row[] =>
  rows.map((row, i) => ({ ID: lookupId(list, i), Active: true, ...row }));

export const countryRows = (): Row[] =>
  COUNTRIES.map(({ IsEEAMember: _hidden, ...c }, i) => ({
    ID: lookupId(1, i),
    Active: true,
    AlternativeName: null,
    IsVisaRequired: !c.IsEUMember && c.CodeThreeLetters !== "NOR",
    NameNationalAlternative: null,
    ...c,
  }));

export const documentTypeRows = (): Row[] =>
  DOCUMENT_TYPES.map((d, i) => ({
    ID: lookupId(2, i),
    Active: true,
    Sequence: i + 1,
    CodeMI: d.Code,
    ...d,
  }));

export const paymentCategoryRows = (): Row[] =>
  PAYMENT_CATEGORIES.map((c, i) => ({
    ID: lookupId(3, i),
    Active: true,
    CodeNames: `${c.Code} - ${c.Name}`,
    ...c,
  }));

export const arrivalOrganisationRows = (): Row[] =>
  ARRIVAL_ORGANISATIONS.map((a, i) => ({
    ID: lookupId(4, i),
    Active: true,
    Sequence: i + 1,
    ...a,
  }));

export const offeredServiceTypeRows = (): Row[] => withIds(5, OFFERED_SERVICE_TYPES);
export const borderCrossingRows = (): Row[] => withIds(6, BORDER_CROSSINGS);
export const visaTypeRows = (): Row[] => withIds(7, VISA_TYPES);

export function country(code: string): Country | undefined {
  return COUNTRIES.find((c) => c.CodeThreeLetters === code);
}
