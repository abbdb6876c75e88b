/**
 * CheckInTourist validation (evisitor-api.md §3.1), pure so it is tested on data. Messages quoted
 * in the wiki are used verbatim; the others are the simulator's own wording (marked "sim") because
 * eVisitor's text is not published. The first broken rule wins, as one UserException would.
 */
import { addDays, ageOn, daysBetween, fromCompactDate, isTime } from "./clock.ts";
import {
  AGENCIES,
  ARRIVAL_ORGANISATIONS,
  country,
  DOCUMENT_TYPES,
  OFFERED_SERVICE_TYPES,
  PAYMENT_CATEGORIES,
} from "./lookups.ts";
import { isSettlement } from "./settlements.ts";
import type { CheckInFields, Registration, SeedFacility } from "./state.ts";

export const MESSAGES = {
  noId: "Nije zadan ID.",
  dateOrder: "Upisan datum boravka do je manji od datuma boravka od.",
  timeOrder: "Upisano vrijeme odlaska je manje od upisanog vremena dolaska.",
  borderCrossing: "Potrebno je upisati granični prijelaz, te datum prijelaza.",
  maxStay: "Prekoračen je maksimalan broj dana boravka turista.",
  duplicate: "Turist je već prijavljen u navedenom objektu.",
  retroactive: "Nije dopušten unos datuma boravka od koji ne zadovoljava definirana prava.",
  flatRateFacility: "Paušalno plaćanje dozvoljeno je samo za kuće za odmor do 15.7. u godini.",
  flatRateCitizen:
    "Paušalno plaćanje nije dozvoljeno za turiste koji nisu iz europskog gospodarskog pojasa.",
  noCityOfBirth: "Grad rođenja nije zadan.",
  noCityOfResidence: "Grad prebivališta nije zadan.",
  // sim: wording of the simulator, eVisitor's own text is not documented
  required: "Obavezan podatak nije zadan: %0.",
  badDate: "Neispravan datum: %0 (očekuje se YYYYMMDD).",
  badTime: "Neispravno vrijeme: %0 (očekuje se hh:mm).",
  badCode: "Nepoznata vrijednost šifrarnika: %0.",
  tooLong: "Podatak %0 je predug.",
  badFormat: "Neispravan format podatka: %0.",
  unknownFacility: "Objekt sa zadanom šifrom ne postoji ili nije dostupan korisniku.",
  inactiveFacility: "Objekt je deaktiviran.",
  categoryNotAllowed: "Kategorija boravišne pristojbe nije dozvoljena za odabrani objekt.",
  categoryAge: "Kategorija boravišne pristojbe ne odgovara dobi turista.",
  agencyRequired: "Za agencijski dolazak potrebno je upisati agenciju.",
  unknownAgency: "Agencija sa zadanim OIB-om ili PDV brojem ne postoji.",
  birthInFuture: "Datum rođenja ne smije biti veći od današnjeg datuma.",
  futureArrival: "Datum boravka od ne smije biti veći od današnjeg datuma.",
  notActive: "Prijava turista nije aktivna i ne može se mijenjati.",
  arrivalFixed: "Obveznik ne može mijenjati datum i vrijeme dolaska.",
  notFound: "Prijava turista nije pronađena.",
} as const;

export interface RuleContext {
  /** Facilities of the logged-in host. */
  facilities: SeedFacility[];
  /** Registrations of the logged-in host, any status. */
  registrations: Registration[];
  /** Today in Croatia, YYYY-MM-DD. */
  today: string;
  retroactiveDays: number;
  maxStayDays: number;
  allowFutureArrival: boolean;
}

export type Verdict<T> =
  | { ok: true; value: T }
  | { ok: false; message: string; params?: string[]; wrap?: boolean };

export interface AcceptedCheckIn {
  fields: CheckInFields;
  facility: SeedFacility;
  /** Set when the ID is known: the call is an edit. */
  existing?: Registration;
}

const REQUIRED = [
  "Facility",
  "StayFrom",
  "TimeStayFrom",
  "ForeseenStayUntil",
  "TimeEstimatedStayUntil",
  "DocumentType",
  "DocumentNumber",
  "TouristName",
  "TouristSurname",
  "Gender",
  "DateOfBirth",
  "CountryOfBirth",
  "Citizenship",
  "CountryOfResidence",
  "TTPaymentCategory",
  "ArrivalOrganisation",
  "OfferedServiceType",
] as const;
const DATES = ["StayFrom", "ForeseenStayUntil", "DateOfBirth", "PassageDate", "VisaValidityDate"];
const TIMES = ["TimeStayFrom", "TimeEstimatedStayUntil"];
/** Categories bound to an age, [from, under] in full years: children under 12, 12 to 18. */
const AGE_BOUND: Record<string, [number, number]> = { "1": [0, 12], "2": [12, 18] };
const CROATIA = "HRV";
const LIMITS: Record<string, number> = { TouristName: 64, TouristSurname: 64, DocumentNumber: 16 };

class Refusal {
  constructor(readonly message: string, readonly params: string[] = [], readonly wrap = false) {}
}
const refuse = (message: string, ...params: string[]): never => {
  throw new Refusal(message, params);
};

/** Text value of a field, "" when absent; a non-string is refused as a format error. */
function text(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") refuse(MESSAGES.badFormat, key);
  return (value as string).trim();
}

function checkFields(body: Record<string, unknown>, ctx: RuleContext): AcceptedCheckIn {
  const id = text(body, "ID").toLowerCase();
  if (!id) throw new Refusal(MESSAGES.noId, [], true);
  for (const key of REQUIRED) if (!text(body, key)) refuse(MESSAGES.required, key);

  const dates: Record<string, string> = {};
  for (const key of DATES) {
    const raw = text(body, key);
    if (!raw) continue;
    const iso = fromCompactDate(raw);
    if (!iso) refuse(MESSAGES.badDate, key);
    dates[key] = iso!;
  }
  for (const key of TIMES) if (!isTime(text(body, key))) refuse(MESSAGES.badTime, key);
  for (const [key, max] of Object.entries(LIMITS)) {
    if (text(body, key).length > max) refuse(MESSAGES.tooLong, key);
  }

  const facility = ctx.facilities.find((f) => f.code === text(body, "Facility"));
  if (!facility) refuse(MESSAGES.unknownFacility);
  if (facility!.isDeactivated) refuse(MESSAGES.inactiveFacility);

  const gender = text(body, "Gender").toLowerCase();
  if (gender !== "muški" && gender !== "ženski") refuse(MESSAGES.badCode, "Gender");
  if (!DOCUMENT_TYPES.some((d) => d.Code === text(body, "DocumentType"))) {
    refuse(MESSAGES.badCode, "DocumentType");
  }
  for (const key of ["CountryOfBirth", "Citizenship", "CountryOfResidence"]) {
    if (!country(text(body, key))) refuse(MESSAGES.badCode, key);
  }
  const arrival = text(body, "ArrivalOrganisation");
  if (!ARRIVAL_ORGANISATIONS.some((a) => a.CodeMI === arrival)) {
    refuse(MESSAGES.badCode, "ArrivalOrganisation");
  }
  const service = OFFERED_SERVICE_TYPES.find((s) =>
    s.Name.toLowerCase() === text(body, "OfferedServiceType").toLowerCase()
  );
  if (!service) refuse(MESSAGES.badCode, "OfferedServiceType");
  const category = text(body, "TTPaymentCategory");
  if (!PAYMENT_CATEGORIES.some((c) => c.Code === category)) {
    refuse(MESSAGES.badCode, "TTPaymentCategory");
  }
  const unitType = text(body, "AccommodationUnitType");
  if (unitType && !facility!.unitTypes.some((t) => t.nameCode === unitType)) {
    refuse(MESSAGES.badCode, "AccommodationUnitType");
  }

  const flatRate = body.IsTTFlatRatePaymentVacationHome;
  if (flatRate !== undefined && flatRate !== null && typeof flatRate !== "boolean") {
    refuse(MESSAGES.badFormat, "IsTTFlatRatePaymentVacationHome");
  }
  const optional = (key: string) => text(body, key) || undefined;
  const fields: CheckInFields = {
    ID: id,
    Facility: facility!.code,
    StayFrom: dates.StayFrom,
    TimeStayFrom: text(body, "TimeStayFrom"),
    ForeseenStayUntil: dates.ForeseenStayUntil,
    TimeEstimatedStayUntil: text(body, "TimeEstimatedStayUntil"),
    DocumentType: text(body, "DocumentType"),
    DocumentNumber: text(body, "DocumentNumber"),
    TouristName: text(body, "TouristName"),
    TouristMiddleName: optional("TouristMiddleName"),
    TouristSurname: text(body, "TouristSurname"),
    Gender: gender as CheckInFields["Gender"],
    DateOfBirth: dates.DateOfBirth,
    CountryOfBirth: text(body, "CountryOfBirth"),
    CityOfBirth: text(body, "CityOfBirth"),
    Citizenship: text(body, "Citizenship"),
    CountryOfResidence: text(body, "CountryOfResidence"),
    CityOfResidence: text(body, "CityOfResidence"),
    ResidenceAddress: optional("ResidenceAddress"),
    TouristEmail: optional("TouristEmail"),
    TouristTelephone: optional("TouristTelephone"),
    TTPaymentCategory: category,
    ArrivalOrganisation: arrival,
    TouristAgency: optional("TouristAgency"),
    OfferedServiceType: service!.Name,
    AccommodationUnitType: unitType || undefined,
    IsTTFlatRatePaymentVacationHome: flatRate === true ? true : undefined,
    // "BorderCrossing" is the reading chosen in evisitor-api.md §6.1; any other spelling is
    // ignored like every unknown property, and the non-EU rule then refuses the check-in.
    BorderCrossing: optional("BorderCrossing"),
    PassageDate: dates.PassageDate,
    VisaType: optional("VisaType"),
    VisaNumber: optional("VisaNumber"),
    VisaValidityDate: dates.VisaValidityDate,
  };
  return { fields, facility: facility! };
}

function checkBusinessRules(accepted: AcceptedCheckIn, ctx: RuleContext): AcceptedCheckIn {
  const { fields: f, facility } = accepted;
  const existing = ctx.registrations.find((r) => r.id === f.ID);
  if (existing) {
    // Only active registrations can be edited, and never their arrival (§3.1 "Edit semantics";
    // whether eVisitor refuses or ignores a changed arrival is open, §6.11: refused here).
    if (existing.status !== "active") refuse(MESSAGES.notActive);
    if (
      existing.fields.StayFrom !== f.StayFrom || existing.fields.TimeStayFrom !== f.TimeStayFrom
    ) {
      refuse(MESSAGES.arrivalFixed);
    }
  }

  if (f.StayFrom > f.ForeseenStayUntil) refuse(MESSAGES.dateOrder);
  if (f.StayFrom === f.ForeseenStayUntil && f.TimeEstimatedStayUntil <= f.TimeStayFrom) {
    refuse(MESSAGES.timeOrder);
  }
  if (daysBetween(f.StayFrom, f.ForeseenStayUntil) > ctx.maxStayDays) refuse(MESSAGES.maxStay);
  // An unchanged arrival of an edit is not re-checked, or long stays could never be edited.
  if (!existing && f.StayFrom <= addDays(ctx.today, -ctx.retroactiveDays)) {
    refuse(MESSAGES.retroactive);
  }
  if (!ctx.allowFutureArrival && f.StayFrom > ctx.today) refuse(MESSAGES.futureArrival);
  if (f.DateOfBirth > ctx.today) refuse(MESSAGES.birthInFuture);

  if (!facility.paymentCategories.includes(f.TTPaymentCategory)) {
    refuse(MESSAGES.categoryNotAllowed);
  }
  // Age-bound categories are reportedly checked against the age on arrival (§3.1, unverified).
  const age = ageOn(f.DateOfBirth, f.StayFrom);
  const ages = AGE_BOUND[f.TTPaymentCategory];
  if (ages && (age < ages[0] || age >= ages[1])) refuse(MESSAGES.categoryAge);
  if (f.ArrivalOrganisation === "A") {
    if (!f.TouristAgency) refuse(MESSAGES.agencyRequired);
    if (!AGENCIES.some((a) => a.PinOrVat === f.TouristAgency)) refuse(MESSAGES.unknownAgency);
  }
  if (!country(f.CountryOfResidence)!.IsEUMember && (!f.BorderCrossing || !f.PassageDate)) {
    refuse(MESSAGES.borderCrossing);
  }
  // A Croatian city is a settlement of the code list, a foreign one free text (§3.1): a Croatian
  // city the list does not have resolves to nothing, as if none were given.
  const resolves = (countryCode: string, city: string) =>
    countryCode === CROATIA ? isSettlement(city) : city !== "";
  if (!resolves(f.CountryOfBirth, f.CityOfBirth)) refuse(MESSAGES.noCityOfBirth);
  if (!resolves(f.CountryOfResidence, f.CityOfResidence)) refuse(MESSAGES.noCityOfResidence);
  if (f.IsTTFlatRatePaymentVacationHome) {
    if (!facility.isVacationHome || f.StayFrom.slice(5) > "07-15") {
      refuse(MESSAGES.flatRateFacility);
    }
    if (!country(f.Citizenship)!.IsEEAMember) refuse(MESSAGES.flatRateCitizen);
  }
  if (f.TouristEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.TouristEmail)) {
    refuse(MESSAGES.badFormat, "TouristEmail");
  }
  if (f.TouristTelephone && !/^\+\d{6,15}$/.test(f.TouristTelephone)) {
    refuse(MESSAGES.badFormat, "TouristTelephone");
  }

  const duplicate = ctx.registrations.some((r) =>
    r.id !== f.ID && r.status === "active" && r.fields.Facility === f.Facility &&
    r.fields.DateOfBirth === f.DateOfBirth && r.fields.DocumentType === f.DocumentType &&
    r.fields.DocumentNumber.toLowerCase() === f.DocumentNumber.toLowerCase() &&
    r.fields.CountryOfResidence === f.CountryOfResidence
  );
  if (duplicate) refuse(MESSAGES.duplicate);
  return { ...accepted, existing };
}

export function checkInRules(body: unknown, ctx: RuleContext): Verdict<AcceptedCheckIn> {
  try {
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return { ok: false, message: MESSAGES.noId, wrap: true };
    }
    const accepted = checkFields(body as Record<string, unknown>, ctx);
    return { ok: true, value: checkBusinessRules(accepted, ctx) };
  } catch (error) {
    if (error instanceof Refusal) {
      return { ok: false, message: error.message, params: error.params, wrap: error.wrap };
    }
    throw error;
  }
}
