import { checkDigit } from "../../workers/mrz/check-digit.ts";
import type { MrzFields } from "../../workers/mrz/parse-mrz.ts";
import type { IdentityDocument, MrzFormat } from "./documents.ts";
import { transliterate } from "./transliterate.ts";

/**
 * The MRZ lines of a document by ICAO Doc 9303 (parts 4–6) and the ground-truth `fields`, in the
 * fixtures' shape and semantics: fillers removed, `<` inside names as spaces, dates YYYY-MM-DD.
 */
export interface ComposedMrz {
  lines: string[];
  fields: MrzFields;
  checkDigits: Record<string, string>;
  nameTruncated: boolean;
}

const NAME_LENGTH: Record<MrzFormat, number> = { TD1: 30, TD2: 31, TD3: 39 };

export function composeMrz(doc: IdentityDocument): ComposedMrz {
  const state = padRight(doc.issuer.code, 3);
  const nationality = padRight(doc.nationality, 3);
  const { field: name, truncated } = nameField(
    transliterate(doc.holder.surname),
    transliterate(doc.holder.givenNames),
    NAME_LENGTH[doc.format],
  );
  const birth = yymmdd(doc.dateOfBirth);
  const expiry = yymmdd(doc.expiryDate);
  const number = doc.documentNumber;
  const numberCd = checkDigit(number.length > 9 ? number : padRight(number, 9));
  const checkDigits: Record<string, string> = {
    documentNumber: numberCd,
    dateOfBirth: checkDigit(birth),
    expiryDate: checkDigit(expiry),
  };
  let lines: string[];
  if (doc.format === "TD3") {
    const optional = padRight(doc.optionalData, 14);
    const optionalCd = doc.optionalData ? checkDigit(optional) : doc.emptyOptionalCheck;
    checkDigits.optionalData = optionalCd;
    const body = padRight(number, 9) + numberCd + nationality + birth + checkDigits.dateOfBirth +
      doc.sex + expiry + checkDigits.expiryDate + optional + optionalCd;
    const composite = checkDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
    lines = [doc.documentCode + state + name, body + composite];
    checkDigits.composite = composite;
  } else if (doc.format === "TD2") {
    const body = padRight(number, 9) + numberCd + nationality + birth + checkDigits.dateOfBirth +
      doc.sex + expiry + checkDigits.expiryDate + padRight(doc.optionalData, 7);
    const composite = checkDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 35));
    lines = [doc.documentCode + state + name, body + composite];
    checkDigits.composite = composite;
  } else {
    // A number longer than 9: its first 9 characters, `<`, then the rest and its check digit
    // at the start of the optional data (Part 5, note j).
    const numberPart = number.length > 9
      ? number.slice(0, 9) + "<" + padRight(number.slice(9) + numberCd + doc.optionalData, 15)
      : padRight(number, 9) + numberCd + padRight(doc.optionalData, 15);
    const first = doc.documentCode + state + numberPart;
    const second = birth + checkDigits.dateOfBirth + doc.sex + expiry + checkDigits.expiryDate +
      nationality + padRight(doc.optionalData2 ?? "", 11);
    const composite = checkDigit(
      first.slice(5, 30) + second.slice(0, 7) + second.slice(8, 15) + second.slice(18, 29),
    );
    lines = [first, second + composite, padRight(name, 30)];
    checkDigits.composite = composite;
  }
  for (const line of lines) {
    if (line.length !== { TD1: 30, TD2: 36, TD3: 44 }[doc.format] || !/^[A-Z0-9<]+$/.test(line)) {
      throw new Error(`composed a malformed ${doc.format} line`);
    }
  }
  const [surname, given = ""] = name.replace(/<+$/, "").split("<<");
  return {
    lines,
    fields: {
      documentCode: doc.documentCode,
      documentType: doc.documentCode.replaceAll("<", ""),
      issuingState: doc.issuer.code,
      surname: surname.replaceAll("<", " "),
      givenNames: given.replaceAll("<", " ").trim(),
      documentNumber: number,
      nationality: doc.nationality,
      dateOfBirth: isoDate(doc.dateOfBirth),
      sex: doc.sex,
      expiryDate: isoDate(doc.expiryDate),
      optionalData: doc.optionalData,
      optionalData2: doc.optionalData2,
    },
    checkDigits,
    nameTruncated: truncated,
  };
}

/**
 * SURNAME<<GIVEN<NAMES filled with `<`. Too long: cut to fit; when the surname alone is too long,
 * it is cut so that `<<` and the initial of the given names remain.
 */
export function nameField(
  surname: string,
  given: string,
  length: number,
): { field: string; truncated: boolean } {
  const full = given ? `${surname}<<${given}` : surname;
  if (full.length <= length) return { field: padRight(full, length), truncated: false };
  const cut = surname.length + 3 <= length || !given
    ? full.slice(0, length)
    : `${surname.slice(0, length - 3).replace(/<+$/, "")}<<${given[0]}`;
  return { field: padRight(cut, length), truncated: true };
}

export function padRight(text: string, length: number): string {
  return text.padEnd(length, "<");
}

function yymmdd(date: Date): string {
  return isoDate(date).slice(2).replaceAll("-", "");
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
