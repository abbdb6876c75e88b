/**
 * A guest of a stay → eVisitor's CheckInTourist (evisitor-api.md §3.1, §4). The one place the
 * product's guest becomes eVisitor's: document types by kind and by whether the document is
 * Croatian, the tourist-tax category the host chose or by age on arrival, personal arrival, the overnight service,
 * the stay's dates at the unit's check-in and check-out times, the facility by its code.
 *
 * Codes are checked against eVisitor's own lists, read at run time (`CodeLists`): a code missing
 * there is a mapping problem the host must hear about (`GuestMappingError`), not a retry.
 */
import { DocumentType, Gender } from "@shared/enums.ts";
import type { EVisitorCheckIn, EVisitorGender } from "../types.ts";
import {
  type RegistrationFailure,
  type RegistrationFailureCode,
  registrationFailureText,
} from "@shared/registration-failures.ts";
import { chooseCategory, isEEA, type OfferedCategory, paysFlatRate } from "./tax-category.ts";

export interface GuestForCheckIn {
  guid: string;
  name: string;
  middleName: string | null;
  surname: string;
  gender: number;
  dateOfBirth: string;
  citizenship: string;
  countryOfBirth: string;
  cityOfBirth: string | null;
  countryOfResidence: string;
  cityOfResidence: string;
  residenceAddress: string | null;
  documentType: number;
  documentNumber: string;
  email: string | null;
  telephone: string | null;
  borderCrossing: string | null;
  passageDate: string | null;
  /** The category the host chose; null: by age (tax-category.ts). */
  taxCategory: string | null;
}

export interface StayForCheckIn {
  facilityCode: string;
  startDate: string;
  endDate: string;
  checkInTime: string;
  checkOutTime: string;
  /** eVisitor's unit type NameCode, for units mirrored from eVisitor; none for the host's own. */
  unitType: string | null;
}

/** eVisitor's lists, as read from its lookups for this facility. */
export interface CodeLists {
  documentTypes: string[];
  /** Tourist-tax categories allowed for the facility. */
  paymentCategories: OfferedCategory[];
  /** FacilityTouristCheckInLookup.IsVacationHomeCalculation of the facility. */
  isVacationHome: boolean;
  /** CountryLookup codes of EU members; needed only for a vacation home's flat rate. */
  euMembers: ReadonlySet<string>;
  arrivalOrganisations: string[];
  offeredServiceTypes: string[];
}

/** The guest cannot be registered as entered; the failure says what to fix, for the host. */
export class GuestMappingError extends Error {
  override name = "GuestMappingError";
  readonly failure: RegistrationFailure;
  constructor(code: RegistrationFailureCode, detail: string | null = null) {
    const failure = { code, detail };
    super(registrationFailureText(failure));
    this.failure = failure;
  }
}

const CROATIA = "HRV";

/**
 * DocumentTtypeLookup codes (evisitor-api.md §4): [Croatian document, foreign document]. A visa
 * travels in a passport, so it is registered as that passport. The published list has no
 * "personal passport (domestic)", so a Croatian passport takes the passport code too (an open
 * question for the real service: evisitor-api.md §6).
 */
const DOCUMENT_CODES: Record<number, [string, string]> = {
  [DocumentType.IdentityCard]: ["051", "027"],
  [DocumentType.Passport]: ["002", "002"],
  [DocumentType.Visa]: ["002", "002"],
  [DocumentType.DriversLicence]: ["103", "032"],
  [DocumentType.SocialSecurityCard]: ["999", "999"],
};

export function documentTypeCode(guest: Pick<GuestForCheckIn, "documentType" | "citizenship">) {
  const codes = DOCUMENT_CODES[guest.documentType];
  if (!codes) throw new GuestMappingError("unknown-document-type");
  return guest.citizenship === CROATIA ? codes[0] : codes[1];
}

function gender(value: number): EVisitorGender {
  if (value === Gender.Male) return "muški";
  if (value === Gender.Female) return "ženski";
  throw new GuestMappingError("gender-not-recorded");
}

function requireCode(list: string[], code: string, missing: RegistrationFailureCode): string {
  if (!list.includes(code)) throw new GuestMappingError(missing, code);
  return code;
}

/** Personal arrival ("I"); eVisitor calls it "Osobno". */
const PERSONAL_ARRIVAL = "I";

export function toCheckIn(
  guest: GuestForCheckIn,
  stay: StayForCheckIn,
  lists: CodeLists,
): EVisitorCheckIn {
  const service = lists.offeredServiceTypes.find((name) => /^noćenje$/i.test(name.trim())) ??
    lists.offeredServiceTypes[0];
  if (!service) throw new GuestMappingError("no-overnight-service");
  const category = chooseCategory(
    { isVacationHome: lists.isVacationHome, categories: lists.paymentCategories },
    guest.dateOfBirth,
    stay.startDate,
    guest.taxCategory,
  );
  if (!category.ok) throw new GuestMappingError("payment-category-choice", category.detail);
  const flatRate = paysFlatRate({
    isVacationHome: lists.isVacationHome,
    citizenIsEEA: isEEA(guest.citizenship, lists.euMembers),
    arrival: stay.startDate,
  });
  return {
    id: guest.guid,
    facilityCode: stay.facilityCode,
    stayFrom: stay.startDate,
    timeStayFrom: stay.checkInTime,
    foreseenStayUntil: stay.endDate,
    timeEstimatedStayUntil: stay.checkOutTime,
    documentType: requireCode(
      lists.documentTypes,
      documentTypeCode(guest),
      "document-type-not-offered",
    ),
    documentNumber: guest.documentNumber,
    touristName: guest.name,
    touristMiddleName: guest.middleName ?? undefined,
    touristSurname: guest.surname,
    gender: gender(guest.gender),
    dateOfBirth: guest.dateOfBirth,
    countryOfBirth: guest.countryOfBirth,
    cityOfBirth: guest.cityOfBirth ?? "",
    citizenship: guest.citizenship,
    countryOfResidence: guest.countryOfResidence,
    cityOfResidence: guest.cityOfResidence,
    residenceAddress: guest.residenceAddress ?? undefined,
    touristEmail: guest.email ?? undefined,
    touristTelephone: guest.telephone?.replace(/[\s()-]/g, "") || undefined,
    ttPaymentCategory: category.code,
    arrivalOrganisation: requireCode(
      lists.arrivalOrganisations,
      PERSONAL_ARRIVAL,
      "arrival-not-offered",
    ),
    offeredServiceType: service,
    accommodationUnitType: stay.unitType ?? undefined,
    isTTFlatRatePaymentVacationHome: flatRate || undefined,
    borderCrossing: guest.borderCrossing ?? undefined,
    passageDate: guest.passageDate ?? undefined,
  };
}
