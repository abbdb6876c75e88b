/**
 * The guest browses: ListOfTourists(+Extended) without cancelled stays, TouristCheckOut with
 * active ones, TouristCancelledBrowse with cancelled ones. They show display values ("Muški",
 * "Novák Marek (40)", "Slovačke Republike"), not the codes the check-in took.
 */
import { ageOn, dotNetDate, instantOf, localOf } from "./clock.ts";
import * as lookups from "./lookups.ts";
import type { ReadContext, Resource } from "./resources.ts";
import type { Registration, SeedHost } from "./state.ts";
import type { Row } from "./browse.ts";

const TOURIST_COLUMNS = [
  "ID",
  "FacilityID",
  "TTPayerID",
  "SettlementHrID",
  "CheckedOutTourist",
  "SurnameAndName",
  "DateTimeOfArrival",
  "DateTimeOfDeparture",
  "Citizenship",
  "FacilityName",
  "TouristCheckedOutString",
  // Not in the wiki's column list, but its own example filters ListOfTourists on it.
  "StayFrom",
] as const;

const EXTENDED_COLUMNS = [
  ...TOURIST_COLUMNS,
  "Address",
  "ApplicationNumber",
  "CardNumber",
  "DatePlaceOfBirth",
  "DatePlaceOfEntryInRC",
  "ForeseenStayUntil",
  "Gender",
  "Note",
  "PermitOfStayDate",
  "TravelDocumentTypeNumber",
] as const;

const dmy = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

function facilityOf(host: SeedHost, r: Registration) {
  return host.facilities.find((f) => f.id === r.facilityId)!;
}

function touristRow(ctx: ReadContext, r: Registration): Row {
  const f = r.fields;
  const facility = facilityOf(ctx.host, r);
  const age = ageOn(f.DateOfBirth, localOf(ctx.now).date);
  const departure = r.checkOut
    ? instantOf(r.checkOut.date, r.checkOut.time)
    : instantOf(f.ForeseenStayUntil, f.TimeEstimatedStayUntil);
  return {
    ID: r.id,
    FacilityID: facility.id,
    TTPayerID: ctx.host.ttPayerId,
    SettlementHrID: facility.settlementHrId,
    CheckedOutTourist: r.status === "checked-out",
    SurnameAndName: `${f.TouristSurname} ${f.TouristName} (${age})`,
    DateTimeOfArrival: dotNetDate(instantOf(f.StayFrom, f.TimeStayFrom)),
    DateTimeOfDeparture: dotNetDate(departure),
    Citizenship: lookups.country(f.Citizenship)?.NameCitizenships ?? f.Citizenship,
    FacilityName: facility.name,
    TouristCheckedOutString: r.status === "checked-out" ? "Da" : "Ne",
    StayFrom: dotNetDate(instantOf(f.StayFrom)),
  };
}

function extendedRow(ctx: ReadContext, r: Registration): Row {
  const f = r.fields;
  const age = ageOn(f.DateOfBirth, localOf(ctx.now).date);
  const document = lookups.DOCUMENT_TYPES.find((d) => d.Code === f.DocumentType)?.Name;
  const crossing = lookups.BORDER_CROSSINGS.find((b) => b.CodeMI === f.BorderCrossing)?.Name;
  return {
    ...touristRow(ctx, r),
    Address: [
      f.ResidenceAddress,
      f.CityOfResidence,
      lookups.country(f.CountryOfResidence)?.NameNational,
    ]
      .filter(Boolean).join(", "),
    ApplicationNumber: r.applicationNumber,
    CardNumber: null,
    DatePlaceOfBirth: `${dmy(f.DateOfBirth)} (${age}) ${f.CityOfBirth} ${
      lookups.country(f.CountryOfBirth)?.NameNational ?? ""
    }`.trim(),
    DatePlaceOfEntryInRC: f.PassageDate ? `${dmy(f.PassageDate)} ${crossing ?? ""}`.trim() : null,
    ForeseenStayUntil: dotNetDate(instantOf(f.ForeseenStayUntil)),
    Gender: f.Gender === "muški" ? "Muški" : "Ženski",
    Note: lookups.PAYMENT_CATEGORIES.find((c) => c.Code === f.TTPaymentCategory)?.Name ?? null,
    PermitOfStayDate: null,
    TravelDocumentTypeNumber: `${document ?? f.DocumentType} ${f.DocumentNumber}`,
  };
}

const visible = (ctx: ReadContext) =>
  ctx.state.registrationsOf(ctx.host.username).filter((r) => r.status !== "cancelled");

export const TOURIST_BROWSES: Record<string, Resource> = {
  ListOfTourists: {
    columns: TOURIST_COLUMNS,
    rows: (ctx) => visible(ctx).map((r) => touristRow(ctx, r)),
  },
  ListOfTouristsExtended: {
    columns: EXTENDED_COLUMNS,
    rows: (ctx) => visible(ctx).map((r) => extendedRow(ctx, r)),
  },
  TouristCheckOut: {
    columns: [
      "ID",
      "CheckInDate",
      "DocumentNumber",
      "DocumentTtypeID",
      "FacilityID",
      "FacilityName",
      "ForeseenDeparture",
      "RecordedOvernightStays",
      "SettlementHrID",
      "Tourist",
      "TTPayerID",
      "TTPaymentCategory",
    ],
    rows: (ctx) =>
      ctx.state.registrationsOf(ctx.host.username).filter((r) => r.status === "active").map((r) => {
        const f = r.fields;
        const facility = facilityOf(ctx.host, r);
        const docIndex = lookups.DOCUMENT_TYPES.findIndex((d) => d.Code === f.DocumentType);
        const nights = Math.max(
          0,
          Math.round((Date.parse(localOf(ctx.now).date) - Date.parse(f.StayFrom)) / 86_400_000),
        );
        return {
          ID: r.id,
          CheckInDate: dotNetDate(instantOf(f.StayFrom, f.TimeStayFrom)),
          DocumentNumber: f.DocumentNumber,
          DocumentTtypeID: lookups.lookupId(2, docIndex),
          FacilityID: facility.id,
          FacilityName: facility.name,
          ForeseenDeparture: dotNetDate(instantOf(f.ForeseenStayUntil, f.TimeEstimatedStayUntil)),
          RecordedOvernightStays: nights,
          SettlementHrID: facility.settlementHrId,
          Tourist: `${f.TouristSurname} ${f.TouristName}`,
          TTPayerID: ctx.host.ttPayerId,
          TTPaymentCategory: lookups.PAYMENT_CATEGORIES.find((c) => c.Code === f.TTPaymentCategory)
            ?.Name ?? f.TTPaymentCategory,
        };
      }),
  },
  TouristCancelledBrowse: {
    columns: ["ID", "Tourist", "Facility", "FacilityID", "Reason"],
    rows: (ctx) =>
      ctx.state.registrationsOf(ctx.host.username).filter((r) => r.status === "cancelled").map((
        r,
      ) => ({
        ID: r.id,
        Tourist: `${r.fields.TouristSurname} ${r.fields.TouristName}`,
        Facility: facilityOf(ctx.host, r).name,
        FacilityID: r.facilityId,
        Reason: r.cancelReason ?? null,
      })),
  },
};
