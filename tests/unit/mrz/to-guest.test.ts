import assert from "node:assert/strict";
import { DocumentType, Gender } from "@shared/enums.ts";
import { MrzGuest } from "@shared/schemas/mrz-guest.ts";
import {
  citizenshipOf,
  documentTypeOf,
  toGuest,
  uncertainGuestFields,
} from "../../../workers/mrz/to-guest.ts";
import type { MrzFields } from "../../../workers/mrz/parse-mrz.ts";

const FIELDS: MrzFields = {
  documentCode: "P<",
  documentType: "P",
  issuingState: "D",
  surname: "VON DER MUEHLE",
  givenNames: "ANNA MARIA",
  documentNumber: "C01X00T47",
  nationality: "D",
  dateOfBirth: "1983-08-12",
  sex: "F",
  expiryDate: "2031-10-31",
  optionalData: "",
  optionalData2: null,
};

Deno.test("an MRZ becomes the guest form's fields", () => {
  const guest = toGuest("TD3", FIELDS, []);
  assert.deepEqual(guest, {
    name: "Anna Maria",
    middleName: null,
    surname: "Von Der Muehle",
    gender: Gender.Female,
    dateOfBirth: "1983-08-12",
    citizenship: "DEU",
    documentType: DocumentType.Passport,
    documentNumber: "C01X00T47",
    documentExpiryDate: "2031-10-31",
    mrzFormat: "TD3",
    uncertainFields: [],
  });
  assert.deepEqual(MrzGuest.parse(guest), guest);
});

Deno.test("uncertain MRZ fields are named as the answer's fields, once each, in its order", () => {
  assert.deepEqual(uncertainGuestFields([]), []);
  assert.deepEqual(
    uncertainGuestFields([
      "expiryDate",
      "sex",
      "documentNumber",
      "givenNames",
      "nationality",
      "surname",
      "dateOfBirth",
      "documentType",
    ]),
    [
      "name",
      "surname",
      "gender",
      "dateOfBirth",
      "citizenship",
      "documentType",
      "documentNumber",
      "documentExpiryDate",
    ],
  );
  // The document code and the type it gives are one field of the answer.
  assert.deepEqual(uncertainGuestFields(["documentCode", "documentType"]), ["documentType"]);
  assert.deepEqual(uncertainGuestFields(["documentCode"]), ["documentType"]);
  // The issuing state and the optional data fill in nothing: nothing to check on the form.
  assert.deepEqual(uncertainGuestFields(["issuingState", "optionalData", "optionalData2"]), []);
  assert.deepEqual(uncertainGuestFields(["optionalData", "sex"]), ["gender"]);

  const guest = toGuest("TD1", FIELDS, ["documentNumber", "sex", "issuingState"]);
  assert.deepEqual(guest.uncertainFields, ["gender", "documentNumber"]);
  assert.deepEqual(MrzGuest.parse(guest), guest, "the shared schema takes the answer");
  assert.equal(
    MrzGuest.safeParse({ ...guest, uncertainFields: ["issuingState"] }).success,
    false,
    "only the answer's own fields can be named",
  );
  const { uncertainFields: _, ...withoutList } = guest;
  assert.equal(MrzGuest.safeParse(withoutList).success, false, "the list is always there");
});

Deno.test("document types: passports, visas, and cards and permits as identity cards", () => {
  assert.equal(documentTypeOf("P"), DocumentType.Passport);
  assert.equal(documentTypeOf("PN"), DocumentType.Passport);
  assert.equal(documentTypeOf("V"), DocumentType.Visa);
  for (const code of ["I", "ID", "IT", "IR", "AR", "C"]) {
    assert.equal(documentTypeOf(code), DocumentType.IdentityCard, code);
  }
});

Deno.test("sex < is Unspecified; M and F", () => {
  assert.equal(toGuest("TD1", { ...FIELDS, sex: "<" }, []).gender, Gender.Unspecified);
  assert.equal(toGuest("TD1", { ...FIELDS, sex: "M" }, []).gender, Gender.Male);
});

Deno.test("citizenship is ISO alpha-3; codes that are no country give none", () => {
  assert.equal(citizenshipOf("HRV"), "HRV");
  assert.equal(citizenshipOf("D"), "DEU");
  assert.equal(citizenshipOf("GBD"), "GBR");
  assert.equal(citizenshipOf("XXA"), null);
  assert.equal(citizenshipOf("UNO"), null);
});

Deno.test("a visa gives its holder's fields, never itself as the guest's document", () => {
  const visa = { ...FIELDS, documentCode: "V<", documentType: "V", expiryDate: "1996-12-10" };
  const guest = toGuest("MRVA", visa, ["documentNumber", "surname", "expiryDate"]);
  assert.equal(guest.surname, "Von Der Muehle");
  assert.equal(guest.citizenship, "DEU");
  assert.equal(guest.documentType, null);
  assert.equal(guest.documentNumber, null);
  assert.equal(guest.documentExpiryDate, null);
  assert.equal(guest.mrzFormat, "MRVA");
  assert.deepEqual(guest.uncertainFields, ["surname"]);
  assert.equal(MrzGuest.safeParse(guest).success, true);
});

Deno.test("Utopia and a state code left empty give no citizenship", () => {
  assert.equal(citizenshipOf("UTO"), null);
  assert.equal(citizenshipOf(""), null);
});
