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

Deno.test("TD1: the Italian CIE, whose code is C<, as Italy's own specimen prints it", () => {
  const fields = parseMrz([
    "C<ITACA00000AA4<<<<<<<<<<<<<<<",
    "6412308F2212304ITA<<<<<<<<<<<0",
    "ROSSI<<BIANCA<<<<<<<<<<<<<<<<<",
  ], TODAY);
  assert.equal(fields?.documentCode, "C<");
  assert.equal(fields?.documentType, "C");
  assert.equal(fields?.documentNumber, "CA00000AA");
  assert.equal(fields?.dateOfBirth, "1964-12-30");
  assert.equal(fields?.expiryDate, "2022-12-30");
  assert.equal(fields?.surname, "ROSSI");
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

Deno.test("ICAO's Utopia specimens parse, UTO as their state; no code at all is left empty", () => {
  const utopia = parseMrz([
    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
    "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
  ], TODAY);
  assert.equal(utopia?.issuingState, "UTO");
  assert.equal(utopia?.nationality, "UTO");
  assert.equal(utopia?.documentNumber, "L898902C3");
  const digits = parseMrz([
    "I<HRV1234567897<<<<<<<<<<<<<<<",
    "7408122M3204153123<<<<<<<<<<<2",
    "HORVAT<<IVAN<<<<<<<<<<<<<<<<<<",
  ], TODAY);
  assert.equal(digits?.nationality, "");
  assert.equal(digits?.issuingState, "HRV");
});

Deno.test("visas: MRV-A and MRV-B, with optional data and an expiry too far ahead for 20YY", () => {
  const mrva = parseMrz(
    [
      "V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
      "L8988901C4XXX4009078F96121096ZE184226B<<<<<<",
    ],
    TODAY,
    "MRVA",
  );
  assert.deepEqual(mrva, {
    documentCode: "V<",
    documentType: "V",
    issuingState: "UTO",
    surname: "ERIKSSON",
    givenNames: "ANNA MARIA",
    documentNumber: "L8988901C",
    nationality: "XXX",
    dateOfBirth: "1940-09-07",
    sex: "F",
    expiryDate: "1996-12-10",
    optionalData: "6ZE184226B",
    optionalData2: null,
  });
  const mrvb = parseMrz(
    [
      "V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<",
      "L8988901C4XXX4009078F9612109<<<<<<<<",
    ],
    TODAY,
    "MRVB",
  );
  assert.equal(mrvb?.optionalData, "");
  assert.equal(mrvb?.expiryDate, "1996-12-10");
  // A wrong check digit refuses a visa as it does a passport.
  assert.equal(
    parseMrz(
      [
        "V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<",
        "L8988901C5XXX4009078F9612109<<<<<<<<",
      ],
      TODAY,
      "MRVB",
    ),
    undefined,
  );
});

Deno.test("the old French identity card: number of 12, office code, no expiry in the zone", () => {
  assert.deepEqual(
    parseMrz(
      ["IDFRABERTHIER<<<<<<<<<<<<<<<<<923093", "9409923102854CORINNE<<<<<<<6512068F6"],
      TODAY,
    ),
    {
      documentCode: "ID",
      documentType: "ID",
      issuingState: "FRA",
      surname: "BERTHIER",
      givenNames: "CORINNE",
      documentNumber: "940992310285",
      nationality: "FRA",
      dateOfBirth: "1965-12-06",
      sex: "F",
      expiryDate: "",
      optionalData: "923093",
      optionalData2: null,
    },
  );
});
