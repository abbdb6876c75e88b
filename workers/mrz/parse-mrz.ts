import { parse } from "mrz";
import { endsInCheckDigit, isMrzDate } from "./check-digit.ts";
import { type DocumentFormat, isVisa, MRZ_LAYOUTS, type MrzFormat } from "./mrz-format.ts";
import { isMrzState } from "./mrz-states.ts";

/** The data of an MRZ, in the shape of the fixtures' ground truth (dates as YYYY-MM-DD). */
export interface MrzFields {
  documentCode: string;
  documentType: string;
  issuingState: string;
  surname: string;
  givenNames: string;
  documentNumber: string;
  nationality: string;
  dateOfBirth: string;
  sex: "M" | "F" | "<";
  expiryDate: string;
  optionalData: string;
  optionalData2: string | null;
}

/** Fields the answer leaves empty when the MRZ holds no valid value there (see parseMrz). */
const MAY_BE_EMPTY = new Set(["issuingState", "nationality"]);

/**
 * Parses and validates MRZ lines with the `mrz` library (check digits, state codes, dates) and
 * returns their fields, or undefined when the library finds a field invalid; visas, which the
 * library does not know, by parseVisa. The state codes are ours (mrz-states.ts): one that is no
 * code at all (digits, an unknown code) is left empty, for the reader to name as uncertain,
 * rather than refusing the whole document. Centuries are ours too: a birth date is in the past
 * of `today`; an expiry date is 20YY unless that is too far ahead (expiryYear).
 */
export function parseMrz(
  lines: string[],
  today: Date,
  documentFormat?: DocumentFormat,
): MrzFields | undefined {
  if (documentFormat && isVisa(documentFormat)) return parseVisa(lines, today);
  let result;
  try {
    result = parse(lines);
  } catch {
    return undefined;
  }
  const invalid = result.details.filter((d) => !d.valid && !MAY_BE_EMPTY.has(d.field ?? ""));
  if (invalid.length > 0 || !result.documentNumber) return undefined;
  const f = result.fields;
  const [first, second] = lines;
  if (result.format === "FRENCH_NATIONAL_ID") {
    return {
      ...documentOf(first, {
        surname: f.lastName ?? "",
        givenNames: f.firstName ?? "",
        documentNumber: result.documentNumber,
        birth: f.birthDate!,
        today,
      }),
      nationality: stateAt(first, 2),
      sex: second[34] as MrzFields["sex"],
      // The card's zone has no expiry date (15 years from the issue month the number begins
      // with, for adults; extended by law since): none is answered.
      expiryDate: "",
      optionalData: trimFillers(first.slice(30, 36)),
      optionalData2: null,
    };
  }
  const format = result.format as MrzFormat;
  if (!(format in MRZ_LAYOUTS)) return undefined;
  const sex = (format === "TD1" ? second[7] : second[20]) as MrzFields["sex"];
  let optionalData: string, optionalData2: string | null = null;
  if (format === "TD1") {
    // A long document number ends, with its check digit, before the first `<` of the optional data.
    optionalData = first[14] === "<"
      ? first.slice(15).replace(/^[^<]*<?/, "").replace(/<+$/, "")
      : trimFillers(first.slice(15, 30));
    optionalData2 = trimFillers(second.slice(18, 29));
  } else {
    optionalData = trimFillers(second.slice(28, format === "TD3" ? 42 : 35));
  }
  return {
    ...documentOf(first, {
      surname: f.lastName ?? "",
      givenNames: f.firstName ?? "",
      documentNumber: result.documentNumber,
      birth: f.birthDate!,
      today,
    }),
    nationality: stateAt(second, format === "TD1" ? 15 : 10),
    sex,
    expiryDate: mrzDate(f.expirationDate!, (yy) => expiryYear(yy, today)),
    optionalData,
    optionalData2,
  };
}

/**
 * A visa's lines (MRV-A or MRV-B, ICAO 9303 part 7), which the `mrz` library does not know: the
 * same rules as a passport's first 28 positions of the second line (check digits on the number
 * and both dates, a real date, M, F or `<`), then optional data without a check digit.
 */
function parseVisa(lines: string[], today: Date): MrzFields | undefined {
  const [first, second] = lines;
  if (!first?.startsWith("V") || !second || second.length !== first.length) return undefined;
  const number = second.slice(0, 10), birth = second.slice(13, 20), expiry = second.slice(21, 28);
  const sex = second[20];
  if (![number, birth, expiry].every(endsInCheckDigit) || !"MF<".includes(sex)) return undefined;
  if (!isMrzDate(birth.slice(0, 6)) || !isMrzDate(expiry.slice(0, 6))) return undefined;
  const names = first.slice(5);
  const split = names.indexOf("<<");
  const words = (text: string) => text.replace(/<+/g, " ").trim();
  return {
    ...documentOf(first, {
      surname: words(split < 0 ? names : names.slice(0, split)),
      givenNames: split < 0 ? "" : words(names.slice(split + 2)),
      documentNumber: trimFillers(number.slice(0, 9)),
      birth,
      today,
    }),
    nationality: stateAt(second, 10),
    sex: sex as MrzFields["sex"],
    expiryDate: mrzDate(expiry, (yy) => expiryYear(yy, today)),
    optionalData: trimFillers(second.slice(28)),
    optionalData2: null,
  };
}

/**
 * The fields every layout has in the same shape: the code and issuing state from the first line,
 * the names and number as parsed, the birth date in the past of `today`.
 */
function documentOf(
  first: string,
  { surname, givenNames, documentNumber, birth, today }: {
    surname: string;
    givenNames: string;
    documentNumber: string;
    /** YYMMDD (a check digit after it is ignored). */
    birth: string;
    today: Date;
  },
) {
  return {
    documentCode: first.slice(0, 2),
    documentType: first.slice(0, 2).replaceAll("<", ""),
    issuingState: stateAt(first, 2),
    surname,
    givenNames,
    documentNumber,
    dateOfBirth: mrzDate(birth, (yy) => pastCentury(yy, today)),
  };
}

/** A state code as printed, or "" when the three characters are no code (mrz-states.ts). */
function stateAt(line: string, at: number): string {
  const code = line.slice(at, at + 3);
  return isMrzState(code) ? code.replaceAll("<", "") : "";
}

const trimFillers = (text: string) => text.replace(/<+$/, "");

/**
 * Expiry dates are 20YY, unless that is more than 20 years ahead: no travel document is valid
 * that long, so "96" on a specimen visa is 1996, not 2096.
 */
function expiryYear(yy: number, today: Date): number {
  return 2000 + yy > today.getUTCFullYear() + 20 ? 1900 + yy : 2000 + yy;
}

function mrzDate(yymmdd: string, year: (yy: number) => number): string {
  const y = year(Number(yymmdd.slice(0, 2)));
  return `${y}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}

/** The latest year ending in `yy` that is not after this year. */
function pastCentury(yy: number, today: Date): number {
  const year = today.getUTCFullYear();
  const candidate = year - (year % 100) + yy;
  return candidate > year ? candidate - 100 : candidate;
}
