import assert from "node:assert/strict";
import { DocumentType, Gender } from "../../../shared/enums.ts";
import { MESSAGES, messageText } from "../../../shared/messages.ts";
import { Guest, GuestForm } from "../../../shared/schemas/guest.ts";
import { todayInStayZone } from "../../../shared/time-zone.ts";

const valid = {
  firstName: " Birgitte ",
  surname: "Rasmussen",
  gender: Gender.Female,
  dateOfBirth: "1961-10-25",
  citizenship: "DNK",
  countryOfBirth: "DNK",
  cityOfBirth: "Køge",
  countryOfResidence: "DNK",
  cityOfResidence: "København",
  documentType: DocumentType.Passport,
  documentNumber: "109957822",
};

const issuesOf = (input: unknown) =>
  GuestForm.safeParse(input).error?.issues.map((i) => [i.path.join("."), messageText(i.message)]) ??
    [];

Deno.test("a complete guest form parses, trimming names", () => {
  const guest = GuestForm.parse(valid);
  assert.equal(guest.firstName, "Birgitte");
  assert.equal(guest.documentType, 1);
});

Deno.test("a missing first name is reported on firstName with the field's name", () => {
  const { firstName: _, ...rest } = valid;
  assert.deepEqual(issuesOf(rest), [["firstName", "First name is required"]]);
  assert.deepEqual(issuesOf({ ...valid, firstName: "   " }), [[
    "firstName",
    "First name is required",
  ]]);
});

Deno.test("every required guest field says it is required when missing", () => {
  const required = [
    "firstName",
    "surname",
    "gender",
    "dateOfBirth",
    "citizenship",
    "countryOfBirth",
    "cityOfBirth",
    "countryOfResidence",
    "cityOfResidence",
    "documentType",
    "documentNumber",
  ];
  const issues = issuesOf({});
  assert.deepEqual(issues.map(([path]) => path), required);
  for (const [, message] of issues) assert.match(message, /^[A-Z][a-z ]+ is required$/);
});

Deno.test("a date of birth in the future is rejected", () => {
  assert.deepEqual(issuesOf({ ...valid, dateOfBirth: "2999-01-01" }), [
    ["dateOfBirth", MESSAGES.datePast],
  ]);
  assert.deepEqual(issuesOf({ ...valid, dateOfBirth: "25.10.1961" }), [
    ["dateOfBirth", MESSAGES.dateInvalid],
  ]);
});

Deno.test("a document type outside the list is an invalid choice", () => {
  assert.deepEqual(issuesOf({ ...valid, documentType: 7 }), [[
    "documentType",
    MESSAGES.invalidType,
  ]]);
});

Deno.test("countries are 3-letter upper-case codes", () => {
  assert.equal(issuesOf({ ...valid, citizenship: "DK" }).length, 1);
  assert.equal(issuesOf({ ...valid, citizenship: "dnk" }).length, 1);
});

Deno.test("optional contact fields accept empty input but not nonsense", () => {
  assert.ok(GuestForm.safeParse({ ...valid, email: "", telephone: "" }).success);
  assert.deepEqual(issuesOf({ ...valid, email: "nope" }), [["email", MESSAGES.email]]);
  assert.ok(GuestForm.safeParse({ ...valid, telephone: "+385 91 665 5333" }).success);
  assert.equal(issuesOf({ ...valid, telephone: "call me" }).length, 1);
});

Deno.test("a document number longer than the tourist system allows is rejected", () => {
  assert.deepEqual(issuesOf({ ...valid, documentNumber: "1".repeat(17) }), [
    ["documentNumber", "Must be at most 16 characters"],
  ]);
});

Deno.test("the guest response uses name and a status", () => {
  const { firstName, ...rest } = GuestForm.parse(valid);
  const guest = {
    ...rest,
    id: "g1",
    guid: "5b1b6d2e-8a4f-4c47-9a52-0f1f5d1b2c3d",
    name: firstName,
    middleName: null,
    cityOfBirth: null,
    residenceAddress: null,
    email: null,
    telephone: null,
    status: "PreCheckIn",
  };
  assert.equal(Guest.parse(guest).name, "Birgitte");
  assert.equal(Guest.safeParse({ ...guest, status: "Ready" }).success, false);
});

Deno.test("a guest living outside the EU is asked for the border crossing and the date of entry", () => {
  const american = {
    ...valid,
    citizenship: "USA",
    countryOfResidence: "USA",
    cityOfResidence: "Boston",
  };
  assert.deepEqual(issuesOf(american), [
    ["borderCrossing", "Border crossing is required"],
    ["passageDate", "Date of entry is required"],
  ]);
  assert.deepEqual(issuesOf({ ...american, borderCrossing: "053", passageDate: "2026-06-01" }), []);
  assert.deepEqual(issuesOf(valid), [], "a Danish resident is never asked");
});

Deno.test("countries must be real ISO 3166 alpha-3 codes", () => {
  assert.deepEqual(issuesOf({ ...valid, citizenship: "XYZ" }), [[
    "citizenship",
    MESSAGES.invalidType,
  ]]);
});

Deno.test("today is Zagreb's: a date of entry of today counts after Zagreb's midnight", () => {
  // 23:30 UTC on 25 November is 00:30 on 26 November in Zagreb.
  assert.equal(todayInStayZone(new Date("2026-11-25T23:30:00Z")), "2026-11-26");
  assert.equal(todayInStayZone(new Date("2026-07-01T21:59:00Z")), "2026-07-01");
  assert.equal(todayInStayZone(new Date("2026-07-01T22:00:00Z")), "2026-07-02");
});
