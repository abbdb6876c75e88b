/**
 * Guest registrations: the bodies of the tourist actions (evisitor-api.md §3) and the
 * Htz/ListOfTourists query. The actions take dates as YYYYMMDD and times as hh:mm; optional fields
 * are left out rather than sent empty, so eVisitor's own rules decide about them.
 */
import { addDays, parseDotNetDate, toCompactDate, toDotNetDate, toEVisitorTime } from "./dates.ts";
import { Fields, type Filter, filterQuery, readRecordsAndTotalCount, type Row } from "./records.ts";
import type { Transport } from "./transport.ts";
import type {
  EVisitorCancellation,
  EVisitorCheckIn,
  EVisitorCheckOut,
  EVisitorPage,
  EVisitorTourist,
  EVisitorTouristFilter,
} from "./types.ts";

const LIST = "ListOfTourists";
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Lower case, hyphens, no braces: the form every working client sends. */
export function registrationId(id: string): string {
  if (!GUID.test(id)) throw new TypeError("expected the registration id as a GUID");
  return id.toLowerCase();
}

type Body = Record<string, string | boolean>;

function put(body: Body, key: string, value: string | boolean | undefined): void {
  if (value === undefined || value === "") return;
  body[key] = typeof value === "string" ? value.trim() : value;
}

export function checkInBody(c: EVisitorCheckIn): Body {
  const body: Body = {};
  put(body, "ID", registrationId(c.id));
  put(body, "Facility", c.facilityCode);
  put(body, "StayFrom", toCompactDate(c.stayFrom));
  put(body, "TimeStayFrom", toEVisitorTime(c.timeStayFrom));
  put(body, "ForeseenStayUntil", toCompactDate(c.foreseenStayUntil));
  put(body, "TimeEstimatedStayUntil", toEVisitorTime(c.timeEstimatedStayUntil));
  put(body, "DocumentType", c.documentType);
  put(body, "DocumentNumber", c.documentNumber);
  put(body, "TouristName", c.touristName);
  put(body, "TouristMiddleName", c.touristMiddleName);
  put(body, "TouristSurname", c.touristSurname);
  put(body, "Gender", c.gender);
  put(body, "DateOfBirth", toCompactDate(c.dateOfBirth));
  put(body, "CountryOfBirth", c.countryOfBirth);
  put(body, "CityOfBirth", c.cityOfBirth);
  put(body, "Citizenship", c.citizenship);
  put(body, "CountryOfResidence", c.countryOfResidence);
  put(body, "CityOfResidence", c.cityOfResidence);
  put(body, "ResidenceAddress", c.residenceAddress);
  put(body, "TouristEmail", c.touristEmail);
  put(body, "TouristTelephone", c.touristTelephone);
  put(body, "TTPaymentCategory", c.ttPaymentCategory);
  put(body, "ArrivalOrganisation", c.arrivalOrganisation);
  put(body, "TouristAgency", c.touristAgency);
  put(body, "OfferedServiceType", c.offeredServiceType);
  put(body, "AccommodationUnitType", c.accommodationUnitType);
  put(body, "IsTTFlatRatePaymentVacationHome", c.isTTFlatRatePaymentVacationHome);
  // "BorderCrossing" per the official sample and the ImportTourists field list; one client sends
  // "BorderCrossingHr" (evisitor-api.md §6.1). A wrong name would show as eVisitor's
  // "Potrebno je upisati granični prijelaz…" for a guest living outside the EU.
  put(body, "BorderCrossing", c.borderCrossing);
  put(body, "PassageDate", c.passageDate && toCompactDate(c.passageDate));
  put(body, "VisaType", c.visaType);
  put(body, "VisaNumber", c.visaNumber);
  put(body, "VisaValidityDate", c.visaValidityDate && toCompactDate(c.visaValidityDate));
  return body;
}

export function checkOutBody(c: EVisitorCheckOut): Body {
  return {
    ID: registrationId(c.id),
    CheckOutDate: toCompactDate(c.checkOutDate),
    CheckOutTime: toEVisitorTime(c.checkOutTime),
  };
}

export function cancellationBody(c: EVisitorCancellation): Body {
  const body: Body = { ID: registrationId(c.id) };
  put(body, "Reason", c.reason);
  return body;
}

/** Query parameters for ListOfTourists; paging always comes with a sort, as Rhetos demands. */
export function touristQuery(
  filter: EVisitorTouristFilter = {},
): Record<string, string | undefined> {
  const filters: Filter[] = [];
  if (filter.id) {
    filters.push({ Property: "ID", Operation: "equal", Value: registrationId(filter.id) });
  }
  if (filter.facilityId) {
    filters.push({ Property: "FacilityID", Operation: "equal", Value: filter.facilityId });
  }
  if (filter.arrivalFrom) {
    filters.push({
      Property: "DateTimeOfArrival",
      Operation: "greaterequal",
      Value: toDotNetDate(filter.arrivalFrom),
    });
  }
  if (filter.arrivalTo) {
    filters.push({
      Property: "DateTimeOfArrival",
      Operation: "less",
      Value: toDotNetDate(addDays(filter.arrivalTo, 1)),
    });
  }
  if (filter.checkedOut !== undefined) {
    filters.push({
      Property: "CheckedOutTourist",
      Operation: "equal",
      Value: String(filter.checkedOut),
    });
  }
  const by = filter.sort?.by ?? "DateTimeOfArrival";
  const descending = filter.sort?.descending ?? filter.sort === undefined;
  const paged = filter.page !== undefined || filter.pageSize !== undefined;
  return {
    filters: filterQuery(filters),
    // ID last keeps pages stable when many guests share an arrival time.
    sort: `${by}${descending ? " desc" : ""},ID`,
    page: paged ? String(filter.page ?? 1) : undefined,
    psize: paged ? String(filter.pageSize ?? 50) : undefined,
  };
}

export function toTourist(row: Row): EVisitorTourist {
  const f = new Fields(row, `Htz/${LIST}`);
  return {
    id: f.string("ID").toLowerCase(),
    facilityId: f.string("FacilityID"),
    facilityName: f.optionalString("FacilityName"),
    surnameAndName: f.optionalString("SurnameAndName") ?? "",
    citizenship: f.optionalString("Citizenship"),
    arrival: parseDotNetDate(f.raw("DateTimeOfArrival")),
    departure: parseDotNetDate(f.raw("DateTimeOfDeparture")),
    checkedOut: f.boolean("CheckedOutTourist"),
  };
}

export async function listTourists(
  transport: Transport,
  filter?: EVisitorTouristFilter,
): Promise<EVisitorPage<EVisitorTourist>> {
  const body = await transport.read(LIST, touristQuery(filter), "RecordsAndTotalCount");
  const page = readRecordsAndTotalCount(body, `Htz/${LIST}`);
  return { records: page.records.map(toTourist), totalCount: page.totalCount };
}

export const checkInTourist = (t: Transport, c: EVisitorCheckIn) =>
  t.act("CheckInTourist", checkInBody(c));
export const checkOutTourist = (t: Transport, c: EVisitorCheckOut) =>
  t.act("CheckOutTourist", checkOutBody(c));
export const cancelTouristCheckIn = (t: Transport, c: EVisitorCancellation) =>
  t.act("CancelTouristCheckIn", cancellationBody(c));
export const cancelTouristCheckOut = (t: Transport, c: EVisitorCancellation) =>
  t.act("CancelTouristCheckOut", cancellationBody(c));
