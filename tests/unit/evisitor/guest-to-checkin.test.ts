import assert from "node:assert/strict";
import { DocumentType, Gender } from "@shared/enums.ts";
import {
  type CodeLists,
  documentTypeCode,
  type GuestForCheckIn,
  GuestMappingError,
  type StayForCheckIn,
  toCheckIn,
} from "@core/evisitor/check-in/guest-to-check-in.ts";
import {
  ageOn,
  chooseCategory,
  type OfferedCategory,
} from "@core/evisitor/check-in/tax-category.ts";

const offered = (...codes: string[]): OfferedCategory[] =>
  codes.map((code) => ({ code, name: `Kategorija ${code}` }));
/** The category chosen for an ordinary (not vacation-home) facility offering the usual three. */
const paymentCategoryCode = (dateOfBirth: string, arrival: string) => {
  const choice = chooseCategory(
    { isVacationHome: false, categories: offered("1", "2", "14") },
    dateOfBirth,
    arrival,
  );
  return choice.ok ? choice.code : null;
};

const GUID = "6f1c2b1e-8d0a-4f43-9a57-1b2c3d4e5f60";

function guest(overrides: Partial<GuestForCheckIn> = {}): GuestForCheckIn {
  return {
    guid: GUID,
    name: "Marta",
    middleName: null,
    surname: "Kowalska",
    gender: Gender.Female,
    dateOfBirth: "1990-05-14",
    citizenship: "POL",
    countryOfBirth: "POL",
    cityOfBirth: "Kraków",
    countryOfResidence: "POL",
    cityOfResidence: "Warszawa",
    residenceAddress: null,
    documentType: DocumentType.IdentityCard,
    documentNumber: "ABC123456",
    email: null,
    telephone: null,
    borderCrossing: null,
    passageDate: null,
    taxCategory: null,
    ...overrides,
  };
}

function stay(overrides: Partial<StayForCheckIn> = {}): StayForCheckIn {
  return {
    facilityCode: "0012345",
    startDate: "2026-07-10",
    endDate: "2026-07-17",
    checkInTime: "15:30",
    checkOutTime: "09:45",
    unitType: "Apartman",
    ...overrides,
  };
}

/** eVisitor's lists as the simulator's codebooks give them for facility 0012345. */
function lists(overrides: Partial<CodeLists> = {}): CodeLists {
  return {
    documentTypes: ["002", "027", "032", "051", "103", "999"],
    paymentCategories: offered("1", "2", "4", "5", "6", "7", "8", "11", "14"),
    isVacationHome: false,
    euMembers: new Set(["POL", "DEU", "HRV", "AUT", "SVN"]),
    arrivalOrganisations: ["I", "A"],
    offeredServiceTypes: ["Noćenje", "Polupansion", "Puni pansion"],
    ...overrides,
  };
}

const map = (g: Partial<GuestForCheckIn> = {}, s: Partial<StayForCheckIn> = {}, l = lists()) =>
  toCheckIn(guest(g), stay(s), l);

Deno.test("document codes follow the kind of document and whether it is Croatian", () => {
  const code = (documentType: number, citizenship: string) =>
    documentTypeCode({ documentType, citizenship });
  assert.equal(code(DocumentType.IdentityCard, "HRV"), "051", "Croatian identity card");
  assert.equal(code(DocumentType.IdentityCard, "DEU"), "027", "foreign identity card");
  assert.equal(code(DocumentType.Passport, "HRV"), "002");
  assert.equal(code(DocumentType.Passport, "USA"), "002");
  assert.equal(code(DocumentType.Visa, "IND"), "002", "a visa travels in a passport");
  assert.equal(code(DocumentType.DriversLicence, "HRV"), "103", "Croatian driving licence");
  assert.equal(code(DocumentType.DriversLicence, "AUT"), "032", "foreign driving licence");
  assert.equal(code(DocumentType.SocialSecurityCard, "HRV"), "999", "health card");
  assert.equal(code(DocumentType.SocialSecurityCard, "SVN"), "999");
  assert.throws(() => code(17, "HRV"), GuestMappingError);

  assert.equal(map({ citizenship: "HRV" }).documentType, "051");
  assert.equal(map({ documentType: DocumentType.DriversLicence }).documentType, "032");
});

Deno.test("the host's category wins while the facility offers it, else the age decides", () => {
  const house = { isVacationHome: true, categories: offered("1", "2", "16", "18") };
  // Students and the owner's family: facts only the host knows.
  assert.deepEqual(chooseCategory(house, "1990-05-14", "2026-07-10", "18"), {
    ok: true,
    code: "18",
  });
  assert.equal(map({ taxCategory: "11" }).ttPaymentCategory, "11");
  // No longer offered: by age, as if none had been chosen.
  assert.deepEqual(chooseCategory(house, "1990-05-14", "2026-07-10", "11"), {
    ok: true,
    code: "16",
  });
  assert.equal(map({ taxCategory: "18" }).ttPaymentCategory, "14");
  // Neither: held for the host, with what is offered.
  const owners = { isVacationHome: true, categories: offered("1", "18") };
  assert.deepEqual(chooseCategory(owners, "1990-05-14", "2026-07-10", "11"), {
    ok: false,
    group: "18+",
    detail: "18+: 1 Kategorija 1, 18 Kategorija 18",
  });
  assert.deepEqual(chooseCategory(owners, "1990-05-14", "2026-07-10", "18"), {
    ok: true,
    code: "18",
  });
});

Deno.test("the tourist-tax category follows the age on the arrival day", () => {
  const arrival = "2026-07-10";
  assert.equal(paymentCategoryCode("2014-07-11", arrival), "1", "11 years and 364 days");
  assert.equal(paymentCategoryCode("2014-07-10", arrival), "2", "12 on the arrival day");
  assert.equal(paymentCategoryCode("2008-07-11", arrival), "2", "17, a day short of 18");
  assert.equal(paymentCategoryCode("2009-01-01", arrival), "2", "17");
  assert.equal(paymentCategoryCode("2008-07-10", arrival), "14", "18 on the arrival day");
  assert.equal(paymentCategoryCode("1950-12-31", arrival), "14");
  assert.equal(paymentCategoryCode("2026-07-10", arrival), "1", "born on the arrival day");

  // Born on 29 February: a year older on 1 March in other years, on 29 February in leap years.
  assert.equal(ageOn("2008-02-29", "2026-02-28"), 17);
  assert.equal(ageOn("2008-02-29", "2026-03-01"), 18);
  assert.equal(paymentCategoryCode("2008-02-29", "2026-02-28"), "2");
  assert.equal(paymentCategoryCode("2008-02-29", "2026-03-01"), "14");
  assert.equal(paymentCategoryCode("2012-02-29", "2024-02-29"), "2", "12 on a leap day");
  assert.equal(paymentCategoryCode("2012-02-29", "2024-02-28"), "1");

  // The stay's arrival counts, not the day the guest is registered.
  assert.equal(
    map({ dateOfBirth: "2008-07-11" }, { startDate: "2026-07-10" }).ttPaymentCategory,
    "2",
  );
  assert.equal(
    map({ dateOfBirth: "2008-07-11" }, { startDate: "2026-07-11" }).ttPaymentCategory,
    "14",
  );
});

Deno.test("a guest eVisitor cannot record as entered is a GuestMappingError the host can act on", () => {
  assert.throws(
    () => map({ gender: Gender.Unspecified }),
    (error: unknown) => error instanceof GuestMappingError && /male or female/.test(error.message),
  );
  assert.equal(map({ gender: Gender.Male }).gender, "muški");
  assert.equal(map({ gender: Gender.Female }).gender, "ženski");

  assert.throws(
    () => map({ dateOfBirth: "2012-01-01" }, {}, lists({ paymentCategories: offered("1", "14") })),
    (error: unknown) =>
      error instanceof GuestMappingError && error.failure.code === "payment-category-choice" &&
      error.failure.detail === "12-17: 1 Kategorija 1, 14 Kategorija 14",
    "no category for a 14-year-old: the host is told the age group and what is offered",
  );
  assert.throws(
    () => map({ citizenship: "HRV" }, {}, lists({ documentTypes: ["002", "027"] })),
    (error: unknown) => error instanceof GuestMappingError && error.message.includes('"051"'),
  );
  assert.throws(
    () => map({}, {}, lists({ arrivalOrganisations: ["A"] })),
    (error: unknown) => error instanceof GuestMappingError && error.message.includes('"I"'),
  );
  assert.throws(() => map({}, {}, lists({ offeredServiceTypes: [] })), GuestMappingError);
});

Deno.test("the stay's dates and times, the facility and the guest's fields are passed through", () => {
  const checkIn = map({
    middleName: "Anna",
    residenceAddress: "ul. Długa 5",
    email: "marta@example.pl",
    countryOfResidence: "UKR",
    borderCrossing: "053",
    passageDate: "2026-07-09",
  });
  assert.equal(checkIn.id, GUID, "the guest's guid is the registration id");
  assert.equal(checkIn.facilityCode, "0012345");
  assert.equal(checkIn.stayFrom, "2026-07-10");
  assert.equal(checkIn.timeStayFrom, "15:30");
  assert.equal(checkIn.foreseenStayUntil, "2026-07-17");
  assert.equal(checkIn.timeEstimatedStayUntil, "09:45");
  assert.equal(checkIn.touristName, "Marta");
  assert.equal(checkIn.touristMiddleName, "Anna");
  assert.equal(checkIn.touristSurname, "Kowalska");
  assert.equal(checkIn.dateOfBirth, "1990-05-14");
  assert.equal(checkIn.documentNumber, "ABC123456");
  assert.equal(checkIn.countryOfBirth, "POL");
  assert.equal(checkIn.cityOfBirth, "Kraków");
  assert.equal(checkIn.citizenship, "POL");
  assert.equal(checkIn.countryOfResidence, "UKR");
  assert.equal(checkIn.cityOfResidence, "Warszawa");
  assert.equal(checkIn.residenceAddress, "ul. Długa 5");
  assert.equal(checkIn.touristEmail, "marta@example.pl");
  assert.equal(checkIn.borderCrossing, "053");
  assert.equal(checkIn.passageDate, "2026-07-09");
  assert.equal(checkIn.arrivalOrganisation, "I", "personal arrival");
  assert.equal(checkIn.ttPaymentCategory, "14");

  const bare = map();
  assert.equal(bare.touristMiddleName, undefined, "absent fields are left out, not null");
  assert.equal(bare.residenceAddress, undefined);
  assert.equal(bare.touristEmail, undefined);
  assert.equal(bare.touristTelephone, undefined);
  assert.equal(bare.borderCrossing, undefined);
  assert.equal(bare.passageDate, undefined);
});

Deno.test("a Croatian city goes as the settlement list's Grad-Naselje entry, a foreign one as typed", () => {
  const croatian = map({
    citizenship: "HRV",
    countryOfBirth: "HRV",
    cityOfBirth: "Split-Kamen",
    countryOfResidence: "HRV",
    cityOfResidence: "Zagreb-Zagreb",
  });
  assert.equal(croatian.cityOfBirth, "Split-Kamen");
  assert.equal(croatian.cityOfResidence, "Zagreb-Zagreb");
  const abroad = map({ countryOfBirth: "AUT", cityOfBirth: "Graz" });
  assert.equal(abroad.cityOfBirth, "Graz");
});

Deno.test("the overnight service is found by name whatever its case, else the first offered", () => {
  const service = (names: string[]) =>
    map({}, {}, lists({ offeredServiceTypes: names })).offeredServiceType;
  assert.equal(service(["Polupansion", "NOĆENJE", "Puni pansion"]), "NOĆENJE");
  assert.equal(service(["Polupansion", " noćenje "]), " noćenje ");
  assert.equal(service(["Noćenje s doručkom", "Noćenje"]), "Noćenje", "the name, not a prefix");
  assert.equal(service(["Polupansion", "Puni pansion"]), "Polupansion");
});

Deno.test("telephone numbers lose their spaces, brackets and dashes", () => {
  assert.equal(map({ telephone: "+385 91 665 5333" }).touristTelephone, "+385916655333");
  assert.equal(map({ telephone: "+48 (22) 123-45-67" }).touristTelephone, "+48221234567");
  assert.equal(map({ telephone: "  " }).touristTelephone, undefined);
  assert.equal(map({ telephone: "" }).touristTelephone, undefined);
});

Deno.test("the unit type is sent only for units mirrored from eVisitor", () => {
  assert.equal(map({}, { unitType: "Apartman" }).accommodationUnitType, "Apartman");
  assert.equal(map({}, { unitType: null }).accommodationUnitType, undefined);
});

Deno.test("a check-out is never dated after now, nor before the registered arrival", async () => {
  const { checkOutMoment } = await import(
    "../../../workers/evisitor/registration/checkout-consumer.ts"
  );
  const stay = {
    today: "2026-07-10",
    endDate: "2026-07-12",
    plannedCheckOut: "10:00",
    arrival: { date: "2026-07-09", time: "14:00" },
  };
  // Leaving early: today, now.
  assert.deepEqual(checkOutMoment({ ...stay, now: "02:51" }), {
    date: "2026-07-10",
    time: "02:51",
  });
  // On the departure day: the planned time once it has passed, now before it.
  const departure = { ...stay, endDate: "2026-07-10" };
  assert.deepEqual(checkOutMoment({ ...departure, now: "15:00" }), {
    date: "2026-07-10",
    time: "10:00",
  });
  assert.deepEqual(checkOutMoment({ ...departure, now: "08:30" }), {
    date: "2026-07-10",
    time: "08:30",
  });
  // A departure day gone by: that day, at the planned time.
  assert.deepEqual(checkOutMoment({ ...stay, endDate: "2026-07-09", now: "08:30" }), {
    date: "2026-07-09",
    time: "10:00",
  });
  // On the arrival day before the registered arrival: held, never "14:01" at 02:51.
  const arrivalDay = { ...stay, arrival: { date: "2026-07-10", time: "14:00" } };
  assert.deepEqual(checkOutMoment({ ...arrivalDay, now: "02:51" }), { beforeArrival: "14:00" });
  assert.deepEqual(checkOutMoment({ ...arrivalDay, now: "16:40" }), {
    date: "2026-07-10",
    time: "16:40",
  });
});

Deno.test("a vacation home's guests get its own categories by age, never the owner's family", () => {
  const house = lists({ isVacationHome: true, paymentCategories: offered("1", "2", "16", "18") });
  assert.equal(map({ dateOfBirth: "1980-01-01" }, {}, house).ttPaymentCategory, "16");
  assert.equal(map({ dateOfBirth: "2012-01-01" }, {}, house).ttPaymentCategory, "2");
  assert.equal(map({ dateOfBirth: "2020-01-01" }, {}, house).ttPaymentCategory, "1");
  // A vacation home offering the commercial category uses it when it lacks "other persons".
  assert.equal(
    map({}, {}, lists({ isVacationHome: true, paymentCategories: offered("1", "2", "14", "18") }))
      .ttPaymentCategory,
    "14",
  );
  // Only the owner's family (18) for adults: that is the host's choice, never assumed.
  const ownersOnly = lists({ isVacationHome: true, paymentCategories: offered("1", "18") });
  assert.throws(
    () => map({}, {}, ownersOnly),
    (error: unknown) =>
      error instanceof GuestMappingError &&
      error.failure.detail === "18+: 1 Kategorija 1, 18 Kategorija 18",
  );
  assert.equal(map({ dateOfBirth: "2020-01-01" }, {}, ownersOnly).ttPaymentCategory, "1");
  // An ordinary facility never uses the vacation-home categories.
  assert.throws(
    () => map({}, {}, lists({ paymentCategories: offered("1", "2", "16") })),
    GuestMappingError,
  );
});

Deno.test("the flat rate: vacation homes only, EEA citizens only, arrivals up to 15 July", () => {
  const house = lists({ isVacationHome: true, paymentCategories: offered("1", "2", "16", "18") });
  const flat = (g: Partial<GuestForCheckIn>, startDate: string, l = house) =>
    map(g, { startDate, endDate: "2026-07-20" }, l).isTTFlatRatePaymentVacationHome;
  assert.equal(flat({}, "2026-07-15"), true, "a Polish citizen arriving on 15 July");
  assert.equal(flat({}, "2026-07-16"), undefined, "the day after");
  assert.equal(flat({ citizenship: "NOR" }, "2026-06-01"), true, "Norway is in the EEA");
  assert.equal(flat({ citizenship: "CHE" }, "2026-06-01"), undefined, "Switzerland is not");
  assert.equal(flat({ citizenship: "USA" }, "2026-06-01"), undefined);
  assert.equal(flat({}, "2026-06-01", lists()), undefined, "not a vacation home");
});
