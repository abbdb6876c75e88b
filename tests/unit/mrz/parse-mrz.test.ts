import assert from "node:assert/strict";
import { parseMrz } from "../../../workers/mrz/parse-mrz.ts";

const TODAY = new Date("2026-11-20T12:00:00Z");

Deno.test("TD3: a passport's fields, with centuries from today", () => {
  const fields = parseMrz([
    "P<DNKRASMUSSEN<<BIRGITTE<IDA<<<<<<<<<<<<<<<<",
    "1099578225DNK6110257F2908052<<<<<<<<<<<<<<<4",
  ], TODAY);
  assert.deepEqual(fields, {
    documentCode: "P<",
    documentType: "P",
    issuingState: "DNK",
    surname: "RASMUSSEN",
    givenNames: "BIRGITTE IDA",
    documentNumber: "109957822",
    nationality: "DNK",
    dateOfBirth: "1961-10-25",
    sex: "F",
    expiryDate: "2029-08-05",
    optionalData: "",
    optionalData2: null,
  });
});

Deno.test("TD2: a German temporary ID card; Germany is D; a child born this century", () => {
  const fields = parseMrz([
    "ITD<<HOFFMANN<<LUKAS<<<<<<<<<<<<<<<<",
    "L1H08JFW67D<<0901277M2705192<<<<<<<2",
  ], TODAY);
  assert.equal(fields?.documentCode, "IT");
  assert.equal(fields?.issuingState, "D");
  assert.equal(fields?.nationality, "D");
  assert.equal(fields?.dateOfBirth, "2009-01-27");
  assert.equal(fields?.sex, "M");
  assert.equal(fields?.documentNumber, "L1H08JFW6");
});

Deno.test("TD1: a Belgian card with a 12-character number and a national number", () => {
  const fields = parseMrz([
    "IDBEL428472828<3417<<<<<<<<<<<",
    "6209137F3512252BEL620913296976",
    "DHONDT<<ELS<<<<<<<<<<<<<<<<<<<",
  ], TODAY);
  assert.equal(fields?.documentNumber, "428472828341");
  assert.equal(fields?.optionalData, "");
  assert.equal(fields?.optionalData2, "62091329697");
  assert.equal(fields?.dateOfBirth, "1962-09-13");
});

Deno.test("an MRZ with a wrong check digit does not parse", () => {
  assert.equal(
    parseMrz([
      "P<DNKRASMUSSEN<<BIRGITTE<IDA<<<<<<<<<<<<<<<<",
      "1099578226DNK6110257F2908052<<<<<<<<<<<<<<<4",
    ], TODAY),
    undefined,
  );
});
