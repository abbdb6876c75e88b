import {
  belgianNationalNumber,
  bsn,
  czechBirthNumber,
  dni,
  oib,
  personnummer,
  pesel,
  ukrainianRecord,
} from "./national-numbers.ts";
import {
  COUNTRIES,
  type Country,
  type Person,
  pickCountry,
  pickPerson,
  STATELESS_NAMES,
} from "./people.ts";
import type { Rng } from "./random.ts";

/**
 * What a synthetic identity document says: format, codes, holder, numbers, dates and the special
 * case it was drawn for (the fixtures' `case` values). The MRZ is composed from this elsewhere.
 */
export type MrzFormat = "TD1" | "TD2" | "TD3";

export type SpecialCase =
  | "long_name"
  | "overflow"
  | "sex_unspecified"
  | "expired"
  | "residence"
  | "stateless"
  | "child"
  | "elder"
  | "temp_id"
  | "optional_cd_0";

export interface IdentityDocument {
  format: MrzFormat;
  /** Positions 1–2 as printed: "P<", "ID", "I<", "IR", "AR", "IT" … */
  documentCode: string;
  issuer: Country;
  /** MRZ nationality code ("XXA" for a stateless holder). */
  nationality: string;
  holder: Person;
  sex: "M" | "F" | "<";
  documentNumber: string;
  dateOfBirth: Date;
  dateOfIssue: Date;
  expiryDate: Date;
  optionalData: string;
  /** TD1 line 2 positions 19–29; null for TD2 and TD3. */
  optionalData2: string | null;
  /** TD3 check digit of empty optional data: `<` (most states) or `0`. */
  emptyOptionalCheck: "<" | "0";
  authority: string;
  /** What the document is (passport, identity card, residence permit), for its cover. */
  kind: "passport" | "identity card" | "residence permit" | "temporary identity card";
  case: SpecialCase | null;
}

/** Format shares among guests' documents: passports, ID cards, the rarer 2 × 36 documents. */
const FORMAT_WEIGHTS = [["TD3", 45], ["TD1", 42], ["TD2", 13]] as const;

const CASES: Record<MrzFormat, readonly (readonly [SpecialCase | null, number])[]> = {
  TD3: [
    [null, 60],
    ["long_name", 7],
    ["sex_unspecified", 4],
    ["expired", 7],
    ["child", 9],
    ["elder", 7],
    ["optional_cd_0", 4],
  ],
  TD1: [
    [null, 55],
    ["long_name", 7],
    ["overflow", 8],
    ["sex_unspecified", 4],
    ["expired", 6],
    ["residence", 7],
    ["stateless", 3],
    ["child", 5],
    ["elder", 5],
  ],
  TD2: [
    [null, 50],
    ["long_name", 6],
    ["expired", 6],
    ["child", 5],
    ["elder", 5],
    ["temp_id", 18],
    ["residence", 6],
    ["sex_unspecified", 4],
  ],
};

const DIGITS = "0123456789";
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** German document numbers: no vowels, no B, D, Q, S. */
const GERMAN = "CFGHJKLMNPRTVWXYZ0123456789";
/** Characters other typefaces' readers confuse: 0/O/D/Q, 8/S/B, 4/A, 1/I/L, 5/S, 2/Z, 6/G, W/H/N/U/M. */
const LOOK_ALIKE = "0O8SB4A1I5S2Z6GWHNUMDQLW0O8B";

type NumberKind = "passport" | "id" | "residence";

interface Issuer {
  number(rng: Rng, kind: NumberKind): string;
  /** Document codes of its TD1 and TD2 identity cards, when it issues them. */
  td1?: string;
  td2?: string;
  /** National number in the optional data (TD3 and TD1 line 1), if the state prints one. */
  optional?(rng: Rng, birth: Date, sex: "M" | "F", format: MrzFormat): string;
}

/** Alphanumeric numbers sometimes drawn look-alike-heavy and with a W, on purpose. */
function alnum(rng: Rng, alphabet: string, n: number): string {
  if (rng.chance(0.35)) {
    return rng.chars(LOOK_ALIKE.split("").filter((c) => alphabet.includes(c)).join(""), n);
  }
  let text = rng.chars(alphabet, n);
  if (alphabet.includes("W") && rng.chance(0.25)) {
    const at = rng.int(0, n - 1);
    text = text.slice(0, at) + "W" + text.slice(at + 1);
  }
  return text;
}

const ISSUERS: Record<string, Issuer> = {
  D: {
    number: (rng, kind) =>
      (kind === "passport" ? rng.pick(["C", "K", "G", "H"]) : rng.pick(["L", "T"])) +
      alnum(rng, GERMAN, 8),
    td1: "ID",
    td2: "IT",
  },
  HRV: { number: (rng) => rng.chars(DIGITS, 9), td1: "IO", optional: (rng) => oib(rng) },
  ITA: {
    number: (rng, kind) =>
      kind === "passport"
        ? rng.chars(LETTERS, 2) + rng.chars(DIGITS, 7)
        : "C" + alnum(rng, LETTERS, 1) + rng.chars(DIGITS, 5) + alnum(rng, LETTERS, 2),
    // The CIE prints `C<` (Italy's specimen: C<ITACA00000AA4…), not an I-code.
    td1: "C<",
  },
  AUT: {
    number: (
      rng,
      kind,
    ) => (kind === "passport" ? "P" + rng.chars(DIGITS, 7) : rng.chars(DIGITS, 8)),
    td1: "ID",
  },
  SVN: {
    number: (rng, kind) =>
      (kind === "passport" ? "P" : "I") + rng.pick(["A", "B", "C"]) + rng.chars(DIGITS, 7),
    td1: "IP",
  },
  POL: {
    number: (rng, kind) =>
      kind === "passport"
        ? alnum(rng, LETTERS, 2) + rng.chars(DIGITS, 7)
        : alnum(rng, LETTERS, 3) + rng.chars(DIGITS, 6),
    td1: "ID",
    optional: (rng, birth, sex) => pesel(rng, birth, sex),
  },
  CZE: {
    number: (rng) => rng.chars(DIGITS, rng.pick([8, 9])),
    td1: "ID",
    optional: (
      rng,
      birth,
      sex,
      format,
    ) => (format === "TD3" ? czechBirthNumber(rng, birth, sex) : ""),
  },
  NLD: {
    number: (rng) =>
      alnum(rng, "ABCDEFGHJKLMNPRSTUVWXYZ", 2) +
      alnum(rng, "ABCDEFGHJKLMNPRSTUVWXYZ0123456789", 6) + rng.chars(DIGITS, 1),
    td1: "I<",
    optional: (rng) => bsn(rng),
  },
  GBR: { number: (rng) => rng.chars(DIGITS, 9) },
  FRA: {
    number: (rng, kind) =>
      kind === "passport"
        ? rng.chars(DIGITS, 2) + alnum(rng, LETTERS, 2) + rng.chars(DIGITS, 5)
        : alnum(rng, LETTERS + DIGITS, 9),
    td1: "ID",
  },
  USA: {
    number: (
      rng,
      kind,
    ) => (kind === "passport" ? rng.chars(DIGITS, 9) : "C" + rng.chars(DIGITS, 8)),
    td1: "IP",
  },
  UKR: {
    number: (
      rng,
      kind,
    ) => (kind === "passport"
      ? alnum(rng, LETTERS, 2) + rng.chars(DIGITS, 6)
      : rng.chars(DIGITS, 9)),
    td1: "ID",
    td2: "I<",
    optional: (rng, birth) => ukrainianRecord(rng, birth),
  },
  SWE: {
    number: (rng) => rng.chars(DIGITS, 8),
    td1: "I<",
    optional: (rng, birth, sex) => personnummer(rng, birth, sex),
  },
  NOR: {
    number: (rng) => alnum(rng, "CDEFGHJKLMNPRSTUVWXYZ", 2) + rng.chars(DIGITS, 7),
    td1: "ID",
  },
  DNK: { number: (rng) => rng.chars(DIGITS, 9) },
  ESP: {
    number: (rng) => alnum(rng, LETTERS, 3) + rng.chars(DIGITS, 6),
    td1: "ID",
    optional: (rng) => dni(rng),
  },
  PRT: {
    number: (rng, kind) =>
      kind === "passport"
        ? alnum(rng, LETTERS, 2) + rng.chars(DIGITS, 6)
        : rng.chars(DIGITS, 9) + alnum(rng, LETTERS, 2) + rng.chars(DIGITS, 1),
    td1: "I<",
  },
  HUN: {
    number: (rng, kind) =>
      kind === "passport"
        ? alnum(rng, LETTERS, 2) + rng.chars(DIGITS, 7)
        : rng.chars(DIGITS, 6) + alnum(rng, LETTERS, 2),
    td1: "ID",
    td2: "I<",
  },
  ROU: {
    number: (
      rng,
      kind,
    ) => (kind === "passport"
      ? rng.chars(DIGITS, 9)
      : alnum(rng, LETTERS, 2) + rng.chars(DIGITS, 6)),
    td2: "ID",
  },
  SVK: { number: (rng) => alnum(rng, LETTERS, 2) + rng.chars(DIGITS, 6), td1: "ID" },
  BEL: {
    number: (
      rng,
      kind,
    ) => (kind === "passport"
      ? alnum(rng, LETTERS, 2) + rng.chars(DIGITS, 6)
      : rng.chars(DIGITS, 12)),
    td1: "ID",
  },
  CHE: {
    number: (rng, kind) => (kind === "passport" ? "X" : "C") + rng.chars(DIGITS, 7),
    td1: "ID",
  },
  ISL: { number: (rng) => "A" + rng.chars(DIGITS, 7) },
  SRB: { number: (rng) => rng.chars(DIGITS, 9), td1: "ID", td2: "I<" },
  BIH: { number: (rng) => alnum(rng, LETTERS + DIGITS, 9), td1: "ID" },
  LTU: { number: (rng) => rng.chars(DIGITS, 8), td1: "ID" },
  FIN: { number: (rng) => alnum(rng, LETTERS, 2) + rng.chars(DIGITS, 7), td1: "ID" },
  IRL: { number: (rng) => alnum(rng, LETTERS + DIGITS, 9) },
  GRC: { number: (rng) => alnum(rng, LETTERS, 2) + rng.chars(DIGITS, 7) },
  TUR: { number: (rng) => alnum(rng, LETTERS, 1) + rng.chars(DIGITS, 8) },
  CAN: { number: (rng) => alnum(rng, LETTERS, 2) + rng.chars(DIGITS, 6) },
  AUS: { number: (rng) => alnum(rng, LETTERS, 2) + rng.chars(DIGITS, 7) },
  KOR: { number: (rng) => "M" + rng.chars(DIGITS, 8) },
};

/** States issuing residence permits to guests of other nationalities (TD1, some TD2). */
const RESIDENCE_ISSUERS = ["D", "AUT", "HRV", "SVN", "ITA", "SWE", "CZE", "NLD"];
const FOREIGN_HOLDERS = ["SRB", "BIH", "UKR", "TUR", "KOR", "USA", "CAN", "AUS", "GBR"];

function country(code: string): Country {
  return COUNTRIES.find((c) => c.code === code)!;
}

const REFERENCE = Date.UTC(2026, 10, 20);
const DAY = 86_400_000;

/** A document drawn for one index of a split: format first, then a case it allows. */
export function drawDocument(rng: Rng, referenceDate: Date): IdentityDocument {
  const format = rng.weighted(FORMAT_WEIGHTS);
  const special = rng.weighted(CASES[format]);
  const today = referenceDate.getTime();

  // Issuer, holder's country and the kind of document.
  let issuer: Country;
  let holderCountry: Country;
  let kind: IdentityDocument["kind"] = format === "TD3" ? "passport" : "identity card";
  let documentCode: string;
  let nationality: string;
  if (special === "residence" || special === "stateless") {
    issuer = country(rng.pick(RESIDENCE_ISSUERS));
    holderCountry = special === "stateless"
      ? rng.pick(STATELESS_NAMES)
      : country(rng.pick(FOREIGN_HOLDERS.filter((c) => c !== issuer.code)));
    kind = "residence permit";
    documentCode = rng.pick(["IR", "AR"]);
    nationality = special === "stateless" ? "XXA" : holderCountry.code;
  } else {
    if (special === "temp_id") issuer = country("D");
    else if (special === "optional_cd_0") issuer = country("USA");
    else if (special === "overflow") issuer = country(rng.pick(["BEL", "PRT"]));
    else if (format === "TD3") issuer = pickCountry(rng);
    else {
      const key = format === "TD1" ? "td1" : "td2";
      // German TD2 documents are the temporary cards, drawn for their own case.
      const able = COUNTRIES.filter((c) =>
        ISSUERS[c.code][key] && !(format === "TD2" && c.code === "D")
      );
      issuer = pickCountry(rng, able);
    }
    holderCountry = issuer;
    nationality = issuer.code;
    if (format === "TD3") documentCode = "P<";
    else documentCode = format === "TD1" ? ISSUERS[issuer.code].td1! : ISSUERS[issuer.code].td2!;
    if (special === "temp_id") kind = "temporary identity card";
  }

  const sex = rng.chance(0.5) ? "M" : "F";
  const holder = pickPerson(rng, holderCountry, sex, special === "long_name");

  // Dates: birth by age group, validity by document, expiry the day before the anniversary.
  let birthYear: number;
  if (special === "child") birthYear = rng.int(2011, 2024);
  else if (special === "elder") birthYear = rng.int(1930, 1948);
  else {birthYear = rng.weighted([[rng.int(1949, 1965), 3], [rng.int(1966, 1990), 6], [
      rng.int(1991, 2008),
      5,
    ], [rng.int(2009, 2024), 2]]);}
  const dateOfBirth = new Date(Date.UTC(birthYear, 0, 1) + rng.int(0, 364) * DAY);
  if (dateOfBirth.getTime() >= today - 30 * DAY) {
    dateOfBirth.setTime(today - rng.int(60, 400) * DAY);
  }
  const ageAt = (t: number) => (t - dateOfBirth.getTime()) / (365.25 * DAY);
  const validity = (issued: number) =>
    kind === "temporary identity card"
      ? 1
      : kind === "residence permit"
      ? rng.pick([2, 5, 10])
      : ageAt(issued) < 12
      ? (issuer.code === "USA" ? 5 : rng.pick([5, 6]))
      : ageAt(issued) < 24 && issuer.code === "D"
      ? 6
      : 10;
  let dateOfIssue = 0, expiryDate = 0;
  for (let attempt = 0; attempt < 50; attempt++) {
    const years = validity(today);
    const expiredCase = special === "expired";
    // Issued so that the expiry falls after the reference date (or before it, when expired).
    const lastIssue = expiredCase ? today - years * 365 * DAY - 10 * DAY : today - 7 * DAY;
    const firstIssue = expiredCase
      ? lastIssue - 6 * 365 * DAY
      : today - years * 365 * DAY + 5 * DAY;
    dateOfIssue = firstIssue + rng.int(0, Math.floor((lastIssue - firstIssue) / DAY)) * DAY;
    const issued = new Date(dateOfIssue);
    expiryDate =
      Date.UTC(issued.getUTCFullYear() + years, issued.getUTCMonth(), issued.getUTCDate()) - DAY;
    if (
      dateOfIssue > dateOfBirth.getTime() + 20 * DAY &&
      new Date(expiryDate).getUTCFullYear() >= 2000
    ) break;
  }

  const numberKind: NumberKind = kind === "passport"
    ? "passport"
    : kind === "residence permit"
    ? "residence"
    : "id";
  const spec = ISSUERS[issuer.code];
  let documentNumber = spec.number(rng, numberKind);
  if (special === "overflow") documentNumber = ISSUERS[issuer.code].number(rng, "id");
  if (kind === "residence permit") {
    documentNumber = rng.pick(["Y", "R", "U"]) + alnum(rng, GERMAN, 8);
  }

  const sexCode: "M" | "F" | "<" = special === "sex_unspecified" ? "<" : sex;
  let optionalData = "";
  let optionalData2: string | null = format === "TD1" ? "" : null;
  const optionalSex = sex;
  if (format === "TD3" && spec.optional && kind === "passport" && rng.chance(0.85)) {
    optionalData = spec.optional(rng, dateOfBirth, optionalSex, format);
  } else if (format === "TD1" && documentNumber.length <= 9) {
    if (
      issuer.code === "HRV" ||
      (spec.optional && kind === "identity card" &&
        ["POL", "NLD", "ESP", "SWE", "UKR"].includes(issuer.code))
    ) {
      optionalData = spec.optional!(rng, dateOfBirth, optionalSex, format);
    }
  } else if (format === "TD2" && issuer.code === "ROU") {
    optionalData = rng.pick(sex === "M" ? ["1", "5"] : ["2", "6"]) + rng.chars(DIGITS, 6);
  }
  if (format === "TD1" && issuer.code === "BEL" && kind === "identity card") {
    optionalData2 = belgianNationalNumber(rng, dateOfBirth, sex);
  }

  return {
    format,
    documentCode,
    issuer,
    nationality,
    holder,
    sex: sexCode,
    documentNumber,
    dateOfBirth,
    dateOfIssue: new Date(dateOfIssue),
    expiryDate: new Date(expiryDate),
    optionalData,
    optionalData2,
    emptyOptionalCheck: special === "optional_cd_0" ? "0" : "<",
    authority: rng.pick(issuer.authorities),
    kind,
    case: special,
  };
}

export const REFERENCE_DATE = new Date(REFERENCE);
