/**
 * The eVisitor web API as the product uses it (see ../../../shared/evisitor-api.md next to the
 * checkout). The client implements this; the simulator in dev/evisitor-sim speaks the same
 * protocol, so tests and local runs exercise the real client code.
 *
 * One file on purpose: these are declarations only, one reference for the whole protocol (the
 * session's calls, their inputs and answers, the error kinds), read beside the API document.
 */

/** Where an account lives: the production service, the public test service, or a simulator. */
export interface EVisitorEndpoint {
  /** Root URL, e.g. https://www.evisitor.hr/eVisitorRhetos_API or http://127.0.0.1:8100. */
  baseUrl: string;
  /** Per-call timeout in milliseconds. */
  timeoutMs: number;
}

export interface EVisitorCredentials {
  username: string;
  password: string;
  /** Needed only on the test service. */
  apiKey?: string;
}

/** A facility (objekt) from Htz/FacilityBrowse. */
export interface EVisitorFacility {
  id: string;
  /** The facility code ("šifra objekta"); check-ins name the facility by it. Keep leading zeros. */
  code: string;
  name: string;
  facilityType: string | null;
  category: string | null;
  /** Settlement name and street/number, as the browse gives them. */
  settlement: string | null;
  streetNumber: string | null;
  isDeactivated: boolean;
}

/** A unit record of a facility (Htz/AccommodationUnitForEdit), with its type's NameCode. */
export interface EVisitorUnit {
  id: string;
  facilityId: string;
  /** NameCode of the unit type (Htz/AccommodationUnitFacilityType), e.g. "Apartman". */
  typeNameCode: string | null;
  numberOfBeds: number;
  numberOfExtraBeds: number;
  numberOfEquivalentUnits: number;
  sequence: number | null;
}

/** A facility of Htz/FacilityTouristCheckInLookup. */
export interface EVisitorCheckInFacility {
  id: string;
  code: string;
  /** Tax as for a vacation home (kuća za odmor): flat rate possible, the owner's categories. */
  isVacationHomeCalculation: boolean;
}

/** Why a call failed, so callers can decide: retry later, tell the host, or stop. */
export type EVisitorErrorKind =
  /** Login answered `false`: wrong username or password. Never retried automatically. */
  | "invalid-credentials"
  /** The account is temporarily locked after failed logins. Never retried automatically. */
  | "locked-out"
  /** The test service refused the API key. */
  | "api-key"
  /** Not authenticated even after one fresh login. */
  | "unauthenticated"
  /** Signed in but not allowed ("You are not authorized for action ..."). */
  | "forbidden"
  /** eVisitor refused the data (UserException, HTTP 400): `message` is its own text. */
  | "rejected"
  /** A record asked for by ID does not exist. */
  | "not-found"
  /** 5xx, timeout or network failure: worth retrying later. */
  | "unavailable"
  /**
   * eVisitor's firewall (F5) answered its HTML block page ("The requested URL was rejected…"),
   * with a support ID for eVisitor's support: worth retrying later, and worth telling the host.
   */
  | "firewall"
  /** Any answer that is not the expected shape. */
  | "protocol";

export class EVisitorError extends Error {
  constructor(
    readonly kind: EVisitorErrorKind,
    message: string,
    /** HTTP status, when there was a response. */
    readonly status?: number,
    /** The support ID on the firewall's block page ("firewall" only), for eVisitor's support. */
    readonly supportId?: string,
  ) {
    super(message);
    this.name = "EVisitorError";
  }

  /** Whether trying the same call later may succeed. */
  get isTransient(): boolean {
    return this.kind === "unavailable" || this.kind === "firewall";
  }

  /**
   * Whether the same call is worth repeating within seconds: an outage may pass. A firewall block
   * is transient only over hours: the same request meets the same rule (evisitor-api.md §5.1 asks
   * to be conservative), so it is tried once and then left for long (shared/firewall-backoff.ts).
   */
  get retriesSoon(): boolean {
    return this.kind === "unavailable";
  }
}

/** One logged-in conversation with eVisitor for one account. */
export interface EVisitorSession {
  /** Facilities of the logged-in host (obveznik). */
  listFacilities(): Promise<EVisitorFacility[]>;
  /**
   * Units of one facility, with their type NameCode; the types are looked up by the facility's
   * code when it is given (as the wiki says), else by its ID.
   */
  listUnits(facilityId: string, facilityCode?: string): Promise<EVisitorUnit[]>;
  /**
   * Htz/FacilityTouristCheckInLookup: the facilities guests may be checked into, each with
   * whether its tourist tax is calculated as for a vacation home.
   */
  listCheckInFacilities(): Promise<EVisitorCheckInFacility[]>;
  /** Ends the session on the server (best effort). */
  logout(): Promise<void>;

  /**
   * Registers a guest stay (Htz/CheckInTourist). Sending the same `id` again with all fields
   * edits the registration while it is active, so repeating a call whose answer was lost is safe.
   */
  checkInTourist(checkIn: EVisitorCheckIn): Promise<void>;
  /** Deregisters a guest (Htz/CheckOutTourist); eVisitor refuses dates after today. */
  checkOutTourist(checkOut: EVisitorCheckOut): Promise<void>;
  /** Cancels a registration (Htz/CancelTouristCheckIn); it disappears from listTourists. */
  cancelTouristCheckIn(cancellation: EVisitorCancellation): Promise<void>;
  /** Undoes a check-out (Htz/CancelTouristCheckOut); the registration is active again. */
  cancelTouristCheckOut(cancellation: EVisitorCancellation): Promise<void>;
  /** Checked-in and checked-out guests (Htz/ListOfTourists), never cancelled ones. */
  listTourists(filter?: EVisitorTouristFilter): Promise<EVisitorPage<EVisitorTourist>>;

  /** Htz/CountryLookup: codes for CountryOfBirth, Citizenship and CountryOfResidence. */
  listCountries(): Promise<EVisitorCountry[]>;
  /** Htz/DocumentTtypeLookup: codes for DocumentType. */
  listDocumentTypes(): Promise<EVisitorDocumentType[]>;
  /** Htz/TTPaymentCategoryLookup2: the active tourist-tax categories allowed for one facility. */
  listPaymentCategories(facilityId: string): Promise<EVisitorPaymentCategory[]>;
  /** Htz/ArrivalOrganisationLookup: CodeMI values for ArrivalOrganisation ("I" = personal). */
  listArrivalOrganisations(): Promise<EVisitorArrivalOrganisation[]>;
  /** Htz/OfferedServiceTypeLookup: names for OfferedServiceType (e.g. "Noćenje"). */
  listOfferedServiceTypes(): Promise<EVisitorOfferedServiceType[]>;
  /** Htz/BorderCrossingHRlookup: border crossings for guests living outside the EU. */
  listBorderCrossings(): Promise<EVisitorBorderCrossing[]>;
  /** Htz/SettlementLookup: Croatian settlements, for a city of birth or residence in Croatia. */
  listSettlements(): Promise<EVisitorSettlement[]>;
}

/** A calendar date as `YYYY-MM-DD` (Europe/Zagreb); the client sends it as eVisitor's YYYYMMDD. */
export type EVisitorDate = string;
/** A time of day as `hh:mm`, 24-hour (Europe/Zagreb). */
export type EVisitorTime = string;

/** Spelled as the wiki documents it; browses answer "Muški"/"Ženski". */
export type EVisitorGender = "muški" | "ženski";

/**
 * One guest stay for Htz/CheckInTourist (evisitor-api.md §3.1). Field names are the documented
 * PascalCase ones in camelCase; codes come from the lookups at run time.
 */
export interface EVisitorCheckIn {
  /** GUID chosen by the product; eVisitor refuses a check-in without it ("Nije zadan ID."). */
  id: string;
  /** Facility code (šifra objekta), not the facility GUID: a check-in names the facility by it. */
  facilityCode: string;
  stayFrom: EVisitorDate;
  timeStayFrom: EVisitorTime;
  foreseenStayUntil: EVisitorDate;
  timeEstimatedStayUntil: EVisitorTime;
  /** `Code` from DocumentTtypeLookup, e.g. "027". */
  documentType: string;
  documentNumber: string;
  touristName: string;
  touristMiddleName?: string;
  touristSurname: string;
  gender: EVisitorGender;
  dateOfBirth: EVisitorDate;
  /** ISO 3166-1 alpha-3 (CountryLookup.CodeThreeLetters). */
  countryOfBirth: string;
  /** Listed optional by the wiki, but its validation requires it ("Grad rođenja nije zadan."). */
  cityOfBirth: string;
  citizenship: string;
  countryOfResidence: string;
  cityOfResidence: string;
  residenceAddress?: string;
  touristEmail?: string;
  /** International format, e.g. +385916655333. */
  touristTelephone?: string;
  /** `Code` of a category allowed for the facility (listPaymentCategories). */
  ttPaymentCategory: string;
  /** `CodeMI` from ArrivalOrganisationLookup ("I" = personal arrival). */
  arrivalOrganisation: string;
  /** OIB or VAT number of the agency; required for arrivals through an agency. */
  touristAgency?: string;
  /** The *name* from OfferedServiceTypeLookup, e.g. "Noćenje". */
  offeredServiceType: string;
  /**
   * NameCode of a unit type of the facility. eVisitor cannot name a single unit: the product's
   * units are finer than eVisitor's, so only their type is sent.
   */
  accommodationUnitType?: string;
  isTTFlatRatePaymentVacationHome?: boolean;
  /** Required with passageDate when the country of residence is outside the EU. */
  borderCrossing?: string;
  passageDate?: EVisitorDate;
  visaType?: string;
  visaNumber?: string;
  visaValidityDate?: EVisitorDate;
}

export interface EVisitorCheckOut {
  /** The check-in's id. */
  id: string;
  checkOutDate: EVisitorDate;
  checkOutTime: EVisitorTime;
}

export interface EVisitorCancellation {
  /** The check-in's id. */
  id: string;
  reason?: string;
}

/** Columns of Htz/ListOfTourists the list can be sorted by. */
export type EVisitorTouristSortField =
  | "DateTimeOfArrival"
  | "DateTimeOfDeparture"
  | "SurnameAndName"
  | "FacilityName";

export interface EVisitorTouristFilter {
  /** Only this registration. */
  id?: string;
  facilityId?: string;
  /** Arrivals on or after this local date. */
  arrivalFrom?: EVisitorDate;
  /** Arrivals on or before this local date. */
  arrivalTo?: EVisitorDate;
  checkedOut?: boolean;
  /** Newest arrival first unless told otherwise. */
  sort?: { by: EVisitorTouristSortField; descending?: boolean };
  /** 1-based; paging needs a sort order, so the client always sends one. */
  page?: number;
  pageSize?: number;
}

export interface EVisitorPage<T> {
  records: T[];
  /** Matching records before paging. */
  totalCount: number;
}

/** A local (Europe/Zagreb) date and time as eVisitor's browses carry them. */
export interface EVisitorLocalDateTime {
  date: EVisitorDate;
  time: EVisitorTime;
}

/** One row of Htz/ListOfTourists; values are eVisitor's display forms, not codes. */
export interface EVisitorTourist {
  id: string;
  facilityId: string;
  facilityName: string | null;
  /** e.g. "Novák Marek (40)": surname, name and age. */
  surnameAndName: string;
  /** e.g. "Slovačke Republike". */
  citizenship: string | null;
  arrival: EVisitorLocalDateTime | null;
  departure: EVisitorLocalDateTime | null;
  checkedOut: boolean;
}

export interface EVisitorCountry {
  id: string;
  codeThreeLetters: string;
  codeTwoLetters: string | null;
  name: string;
  /** Genitive form used by browses, e.g. "Slovačke Republike". */
  nameCitizenship: string | null;
  /** Residents of non-EU countries need a border crossing and passage date. */
  isEUMember: boolean;
  active: boolean;
}

export interface EVisitorDocumentType {
  id: string;
  code: string;
  name: string;
  active: boolean;
}

export interface EVisitorPaymentCategory {
  id: string;
  code: string;
  name: string;
  active: boolean;
}

export interface EVisitorArrivalOrganisation {
  id: string;
  codeMI: string;
  name: string;
  active: boolean;
}

export interface EVisitorOfferedServiceType {
  id: string;
  name: string;
  active: boolean;
}

/**
 * A Croatian settlement (Htz/SettlementLookup). `name` is its "Grad-Naselje" entry, sent whole as
 * CityOfBirth / CityOfResidence (evisitor-api.md §3.1 and §6.9; how it is made from the lookup's
 * columns: settlement-names.ts).
 */
export interface EVisitorSettlement {
  id: string;
  name: string;
  zipCode: string | null;
  active: boolean;
}

export interface EVisitorBorderCrossing {
  id: string;
  codeMI: string;
  name: string;
  type: string | null;
  active: boolean;
}

/**
 * Logs in (one attempt: a wrong password is reported, never retried, so a host is not locked out
 * by our retries) and returns a session that re-logs in once when eVisitor says the session
 * expired.
 */
export type OpenEVisitorSession = (
  endpoint: EVisitorEndpoint,
  credentials: EVisitorCredentials,
  /**
   * `typedByHost`: the host has just typed the credentials and waits (connecting an account or
   * changing its credentials), so a refusal the login guard remembers is tried once more.
   */
  options?: { typedByHost?: boolean },
) => Promise<EVisitorSession>;
