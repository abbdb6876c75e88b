import { parse } from "mrz";
import { MRZ_LAYOUTS, type MrzFormat } from "./mrz-format.ts";

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

/**
 * Parses and validates valid MRZ lines with the `mrz` library (check digits, state codes, dates)
 * and returns its fields, or undefined when the library finds any field invalid. Centuries are
 * ours: a birth date is in the past of `today`; expiry dates are 20YY.
 */
export function parseMrz(lines: string[], today: Date): MrzFields | undefined {
  let result;
  try {
    result = parse(lines);
  } catch {
    return undefined;
  }
  const format = result.format as MrzFormat;
  if (!result.valid || !(format in MRZ_LAYOUTS) || !result.documentNumber) return undefined;
  const f = result.fields;
  const [first, second] = lines;
  const trimFillers = (text: string) => text.replace(/<+$/, "");
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
    documentCode: first.slice(0, 2),
    documentType: first.slice(0, 2).replaceAll("<", ""),
    issuingState: f.issuingState ?? "",
    surname: f.lastName ?? "",
    givenNames: f.firstName ?? "",
    documentNumber: result.documentNumber,
    nationality: f.nationality ?? "",
    dateOfBirth: mrzDate(f.birthDate!, (yy) => pastCentury(yy, today)),
    sex,
    expiryDate: mrzDate(f.expirationDate!, (yy) => 2000 + yy),
    optionalData,
    optionalData2,
  };
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
