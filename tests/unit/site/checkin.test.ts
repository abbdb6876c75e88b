import assert from "node:assert/strict";
import { DocumentType, Gender, WifiEncryptionType } from "@shared/enums.ts";
import { message, requiredMessage } from "@shared/messages.ts";
import { wifiQrPayload } from "@shared/wifi-qr.ts";
import { ApiError } from "../../../site/src/lib/api/api-error.ts";
import { languageOfPath, pathInLanguage } from "../../../site/src/i18n/checkin/languages.ts";
import { createTranslator } from "../../../site/src/i18n/checkin/translator.ts";
import hr from "../../../site/src/i18n/checkin/hr.json" with { type: "json" };
import de from "../../../site/src/i18n/checkin/de.json" with { type: "json" };
import ru from "../../../site/src/i18n/checkin/ru.json" with { type: "json" };
import {
  checkinFailureOf,
  guestErrorsOf,
  loadFailureOf,
} from "../../../site/src/features/checkin/checkin-errors.ts";
import { filterCountries, searchForm } from "../../../site/src/features/checkin/countries.ts";
import { fittedSize } from "../../../site/src/features/checkin/downscale-photo.ts";
import {
  firstErrorField,
  firstToCheck,
  type GuestValues,
  markChecked,
  newDraft,
  prefillFromDocument,
  storedDrafts,
  toGuestFormInput,
  validateDraft,
} from "../../../site/src/features/checkin/guest-draft.ts";

const birgitte: GuestValues = {
  ...newDraft().values,
  firstName: "Birgitte Ida",
  surname: "Rasmussen",
  gender: String(Gender.Female),
  dateOfBirth: "1961-10-25",
  citizenship: "DNK",
  countryOfBirth: "DNK",
  cityOfBirth: "Køge",
  countryOfResidence: "DNK",
  cityOfResidence: "København",
  documentType: String(DocumentType.Passport),
  documentNumber: "109957822",
};

const problem = (status: number, body: Record<string, unknown>) =>
  ApiError.fromResponse(
    status,
    new Headers({ "Content-Type": "application/problem+json" }),
    { title: "x", status, ...body },
  );

Deno.test("the check-in address keeps its path in every language", () => {
  assert.equal(languageOfPath("/prijava/smjestaj/abc"), "hr");
  assert.equal(languageOfPath("/de/prijava/smjestaj/abc"), "de");
  assert.equal(pathInLanguage("/prijava/smjestaj/abc", "ru"), "/ru/prijava/smjestaj/abc");
  assert.equal(pathInLanguage("/de/prijava/rezervacija/X1", "en"), "/en/prijava/rezervacija/X1");
  assert.equal(pathInLanguage("/fr/prijava/rezervacija/X1", "hr"), "/prijava/rezervacija/X1");
});

Deno.test("texts: placeholders, each language's plural forms, spec messages with field names", () => {
  const croatian = createTranslator("hr", hr);
  assert.equal(croatian.t("guest.heading", { number: 2 }), "Gost 2");
  assert.equal(croatian.plural("reservation.nights", 1), "1 noćenje");
  assert.equal(croatian.plural("reservation.nights", 3), "3 noćenja");
  assert.equal(croatian.plural("reservation.nights", 7), "7 noćenja");
  assert.equal(croatian.plural("entered.heading", 2), "Već prijavljena 2 gosta");
  assert.equal(croatian.plural("entered.heading", 5), "Već prijavljeno 5 gostiju");
  const russian = createTranslator("ru", ru);
  assert.equal(russian.plural("reservation.nights", 1), "1 ночь");
  assert.equal(russian.plural("reservation.nights", 3), "3 ночи");
  assert.equal(russian.plural("reservation.nights", 5), "5 ночей");
  const german = createTranslator("de", de);
  assert.equal(german.validation(requiredMessage("cityOfBirth")), "Geburtsort ist erforderlich");
  assert.equal(german.validation(requiredMessage("dateOfEntry")), "Einreisedatum ist erforderlich");
  assert.equal(
    german.validation(message("checkinTermsRequired")),
    "Sie müssen die Nutzungsbedingungen und die Datenschutzerklärung akzeptieren, um fortzufahren",
  );
  assert.equal(
    croatian.validation(message("lengthMax", { max: 64 })),
    "Unesite najviše 64 znakova",
  );
  assert.equal(german.validation("Something else."), "Something else.", "unknown texts stay");
  // The English sentence is never read: a text that only looks like a message stays as it came.
  assert.equal(german.validation("City of birth is required"), "City of birth is required");
  // A message the catalogue lacks reads in English rather than as its key.
  assert.equal(
    german.validation(message("numberMax", { max: 50 })),
    "The value must be at most 50",
  );
  assert.equal(german.maybe("gender.2"), undefined);
});

Deno.test("a guest is checked with the shared schema; the entry fields only outside the EU", () => {
  assert.equal(validateDraft(birgitte).ok, true);
  const input = toGuestFormInput({ ...birgitte, borderCrossing: "053", passageDate: "2026-07-01" });
  assert.equal(input.borderCrossing, undefined, "an EU resident sends no border crossing");
  assert.equal(input.gender, Gender.Female);
  assert.equal(input.middleName, undefined);

  const american = { ...birgitte, countryOfResidence: "USA", cityOfResidence: "Boston" };
  const missing = validateDraft(american);
  assert.equal(missing.ok, false);
  assert.deepEqual(Object.keys(!missing.ok ? missing.errors : {}), [
    "borderCrossing",
    "passageDate",
  ]);
  assert.equal(
    validateDraft({ ...american, borderCrossing: "053", passageDate: "2026-01-02" }).ok,
    true,
  );

  const empty = validateDraft(newDraft().values);
  assert.equal(empty.ok, false);
  if (!empty.ok) {
    assert.equal(firstErrorField(empty.errors), "firstName");
    assert.equal(empty.errors.cityOfBirth, requiredMessage("cityOfBirth"));
    assert.equal(empty.errors.middleName, undefined, "optional fields may stay empty");
  }
});

Deno.test("a scanned document fills what it says and nothing else", () => {
  const draft = { ...newDraft(), errors: { firstName: requiredMessage("firstName") } };
  const filled = prefillFromDocument(draft, {
    name: "Soeren",
    middleName: null,
    surname: "Meissner",
    gender: Gender.Unspecified,
    dateOfBirth: "2014-01-11",
    citizenship: "DEU",
    documentType: DocumentType.Passport,
    documentNumber: "HZX35F18R",
    documentExpiryDate: "2027-07-28",
    mrzFormat: "TD3",
    uncertainFields: [],
  });
  assert.equal(filled.values.firstName, "Soeren");
  assert.equal(filled.values.gender, "", "an X in the MRZ is left for the guest to choose");
  assert.equal(filled.values.cityOfBirth, "");
  assert.deepEqual(filled.prefilled, [
    "firstName",
    "surname",
    "dateOfBirth",
    "citizenship",
    "documentType",
    "documentNumber",
  ]);
  assert.deepEqual(filled.errors, {});
  assert.equal(filled.documentExpiry, "2027-07-28");
  assert.deepEqual(filled.toCheck, [], "a sure reading leaves nothing to check");
});

Deno.test("fields read without certainty are to check until the guest confirms them", () => {
  const filled = prefillFromDocument(newDraft(), {
    name: "Soeren",
    middleName: null,
    surname: "Meissner",
    gender: Gender.Unspecified,
    dateOfBirth: "2014-01-11",
    citizenship: "DEU",
    documentType: DocumentType.Passport,
    documentNumber: "HZX35F18R",
    documentExpiryDate: "2027-07-28",
    mrzFormat: "TD3",
    uncertainFields: ["name", "gender", "citizenship", "documentNumber", "documentExpiryDate"],
  });
  // In the form's order; the sex left empty (X) is asked for anyway, the expiry date has no field.
  assert.deepEqual(filled.toCheck, ["firstName", "citizenship", "documentNumber"]);
  assert.equal(firstToCheck(filled), "firstName");
  const checked = markChecked(filled, "firstName");
  assert.deepEqual(checked.toCheck, ["citizenship", "documentNumber"]);
  assert.equal(checked.values.firstName, "Soeren", "confirming keeps the value");
  assert.equal(firstToCheck(checked), "citizenship");
  assert.equal(markChecked(checked, "surname"), checked);
  assert.equal(
    firstToCheck(markChecked(markChecked(checked, "citizenship"), "documentNumber")),
    undefined,
  );
  assert.deepEqual(newDraft().toCheck, []);
});

Deno.test("a retry leaves out the guests an earlier, interrupted submit stored", () => {
  const one = { ...newDraft(), values: birgitte };
  const two = { ...newDraft(), values: { ...birgitte, firstName: "Mads", documentNumber: "2" } };
  const guest = (id: string, name: string) => ({
    id,
    initials: "X. Y.",
    name,
    surname: "RASMUSSEN ",
    status: "PreCheckIn" as const,
    registrationState: "queued" as const,
    registrationError: null,
  });
  const { stored, storedIds } = storedDrafts(
    [one, two],
    [guest("old", "Mads"), guest("new", "birgitte  ida")],
    new Set(["old"]),
  );
  assert.deepEqual(stored, [one], "Mads was there before this phone's submit: not ours");
  assert.deepEqual(storedIds, ["new"]);

  // Without a receipt (the answer was lost) the stay shows initials only: they are matched.
  const anonymous = (id: string, initials: string) => ({
    ...guest(id, ""),
    initials,
    name: null,
    surname: null,
  });
  const byInitials = storedDrafts(
    [one, two],
    [anonymous("old", "M. R."), anonymous("new", "B. R.")],
    new Set(["old"]),
  );
  assert.deepEqual(byInitials.stored, [one]);
  assert.deepEqual(byInitials.storedIds, ["new"]);
});

Deno.test("failed calls become the page's load and check-in outcomes", () => {
  assert.equal(loadFailureOf(problem(404, { code: "NotFound" }), true), "noStayToday");
  assert.equal(loadFailureOf(problem(404, { code: "NotFound" }), false), "notFound");
  assert.equal(loadFailureOf(problem(404, { code: "UnknownCode" }), true), "unknownCode");
  assert.equal(loadFailureOf(problem(404, { code: "UnknownCode" }), false), "unknownCode");
  assert.equal(loadFailureOf(problem(404, { code: "NoStayToday" }), true), "noStayToday");
  assert.equal(loadFailureOf(problem(403, { code: "Forbidden" }), false), "forbidden");
  assert.equal(loadFailureOf(problem(503, {}), false), "server");
  assert.equal(loadFailureOf(ApiError.offline(new Error("x")), false), "offline");
  assert.equal(checkinFailureOf(problem(409, { code: "GuestAlreadyCheckedIn" })), "conflict");
  assert.equal(checkinFailureOf(problem(409, { code: "CheckInClosed" })), "closed");
  assert.equal(checkinFailureOf(problem(400, { code: "TooManyGuests" })), "tooManyGuests");
  assert.equal(checkinFailureOf(problem(400, { code: "Other" })), "badRequest");
  assert.equal(checkinFailureOf(problem(500, {})), "server");
  assert.equal(checkinFailureOf(new Error("?")), "generic");
  const invalid = problem(400, {
    code: "ValidationFailed",
    errors: {
      "reservationGuests.1.cityOfBirth": ["City of birth is required"],
      "reservationGuests.0.passageDate": ["The date must be in the past"],
      "reservationCode": ["Reservation code is required"],
    },
  });
  assert.equal(checkinFailureOf(invalid), "invalidData");
  assert.deepEqual(guestErrorsOf(invalid, 2), [
    { passageDate: "The date must be in the past" },
    { cityOfBirth: "City of birth is required" },
  ]);
});

Deno.test("country search: diacritics optional, names first, then words, then anywhere", () => {
  const list = [
    { code: "AUT", name: "Österreich", search: searchForm("Österreich|AUT") },
    { code: "DEU", name: "Deutschland", search: searchForm("Deutschland|DEU") },
    { code: "USA", name: "Vereinigte Staaten", search: searchForm("Vereinigte Staaten|USA") },
  ];
  assert.deepEqual(filterCountries(list, "oster").map((c) => c.code), ["AUT"]);
  assert.deepEqual(filterCountries(list, "staaten").map((c) => c.code), ["USA"]);
  assert.deepEqual(filterCountries(list, "usa").map((c) => c.code), ["USA"]);
  assert.deepEqual(filterCountries(list, "").length, 3);
});

Deno.test("photos are scaled down to 2000 px on their longest side, never up", () => {
  assert.deepEqual(fittedSize(4000, 3000), { width: 2000, height: 1500 });
  assert.deepEqual(fittedSize(3024, 4032), { width: 1500, height: 2000 });
  assert.deepEqual(fittedSize(1578, 1134), { width: 1578, height: 1134 });
});

Deno.test("the WiFi QR payload escapes the format's reserved characters", () => {
  assert.equal(
    wifiQrPayload({ ssid: "Vila;Marija", password: 'a\\b,c:d"e', encryptionType: 2 }),
    'WIFI:T:WPA;S:Vila\\;Marija;P:a\\\\b\\,c\\:d\\"e;;',
  );
  assert.equal(
    wifiQrPayload({ ssid: "Gosti", password: "", encryptionType: WifiEncryptionType.None }),
    "WIFI:T:nopass;S:Gosti;;",
  );
});
