import { checkDigit, endsInCheckDigit, isMrzDate } from "./check-digit.ts";
import { type DocumentFormat, FRENCH_ID, isVisa, MRZ_ALPHABET } from "./mrz-format.ts";
import { isMrzState } from "./mrz-states.ts";
import type { MrzFields } from "./parse-mrz.ts";

/**
 * Where each field of an MRZ sits in each document format (TD1, TD2, TD3, visas, the old French
 * ID), what its positions may hold, and the rule its text must pass (check digit, real date, state
 * code): the table decode-mrz.ts decodes against.
 */

export const DIGITS = "0123456789";
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const ALLOWED = {
  digit: DIGITS,
  digitOrFiller: DIGITS + "<",
  letter: LETTERS + "<",
  alnum: MRZ_ALPHABET,
  sex: "MF<",
} as const;
export type Allowed = keyof typeof ALLOWED;
/**
 * What a position's certainty is measured among: its class. A digit-shaped O in a date is
 * certainly a 0 (the class decides), but an H where the sex must be M or F is a guess.
 */
export const CLASS_OF: Record<Allowed, Allowed> = {
  digit: "digit",
  digitOrFiller: "digitOrFiller",
  letter: "letter",
  alnum: "alnum",
  sex: "letter",
};

/** A run of positions of one line. */
export interface Run {
  line: number;
  start: number;
  end: number;
}

/** A part of the MRZ decoded as one: its positions, what they may hold and its rule. */
export interface Group {
  fields: (keyof MrzFields)[];
  runs: { run: Run; allowed: Allowed }[];
  valid?: (text: string) => boolean;
  /** Try the OCR-B look-alikes of what was read even where the classifier gives them no chance:
   * a code that must be in a list (a state) says more than the shapes. */
  lookAlikes?: boolean;
  /**
   * A state code: when what is printed is no code at all (digits, a code no list has), the field
   * is left for the answer to name as empty and uncertain, never replaced by the nearest code.
   */
  stateCode?: boolean;
}

export const r = (line: number, start: number, end: number): Run => ({ line, start, end });
const one = (run: Run, allowed: Allowed) => [{ run, allowed }];

/** A state code's group: one of the list, look-alikes tried, left as read when none is. */
const stateCode = (field: "issuingState" | "nationality", run: Run): Group => ({
  fields: [field],
  runs: one(run, "letter"),
  valid: isMrzState,
  lookAlikes: true,
  stateCode: true,
});
const checkedDate = (text: string) => isMrzDate(text.slice(0, 6)) && endsInCheckDigit(text);
/** An empty personal number may carry `<` or `0` as its check digit. */
const checkedOptional = (text: string) =>
  /^<+$/.test(text.slice(0, -1)) ? /[<0]/.test(text.at(-1)!) : endsInCheckDigit(text);
/** TD1 document number: 9 characters and a check digit, or a longer number overflowing into
 * the optional data (`<` at position 15, the rest and its check digit before the next `<`). */
const td1Number = (text: string) => {
  if (text[9] !== "<") return endsInCheckDigit(text.slice(0, 10));
  const rest = text.slice(10).split("<")[0];
  return rest.length >= 2 && checkDigit(text.slice(0, 9) + rest.slice(0, -1)) === rest.at(-1);
};

export function groupsOf(format: DocumentFormat): Group[] {
  if (format === "TD1") {
    return [
      { fields: ["documentCode", "documentType"], runs: one(r(0, 0, 2), "letter") },
      stateCode("issuingState", r(0, 2, 5)),
      {
        fields: ["documentNumber", "optionalData"],
        runs: [
          { run: r(0, 5, 14), allowed: "alnum" },
          { run: r(0, 14, 15), allowed: "digitOrFiller" },
          { run: r(0, 15, 30), allowed: "alnum" },
        ],
        valid: td1Number,
      },
      { fields: ["dateOfBirth"], runs: one(r(1, 0, 7), "digit"), valid: checkedDate },
      { fields: ["sex"], runs: one(r(1, 7, 8), "sex") },
      { fields: ["expiryDate"], runs: one(r(1, 8, 15), "digit"), valid: checkedDate },
      stateCode("nationality", r(1, 15, 18)),
      { fields: ["optionalData2"], runs: one(r(1, 18, 29), "alnum") },
      { fields: [], runs: one(r(1, 29, 30), "digit") },
      { fields: ["surname", "givenNames"], runs: one(r(2, 0, 30), "letter") },
    ];
  }
  if (format === FRENCH_ID) {
    return [
      { fields: ["documentCode", "documentType"], runs: one(r(0, 0, 2), "letter") },
      stateCode("issuingState", r(0, 2, 5)),
      { fields: ["surname"], runs: one(r(0, 5, 30), "letter") },
      { fields: ["optionalData"], runs: one(r(0, 30, 36), "alnum") },
      { fields: ["documentNumber"], runs: one(r(1, 0, 13), "alnum"), valid: endsInCheckDigit },
      { fields: ["givenNames"], runs: one(r(1, 13, 27), "letter") },
      { fields: ["dateOfBirth"], runs: one(r(1, 27, 34), "digit"), valid: checkedDate },
      { fields: ["sex"], runs: one(r(1, 34, 35), "sex") },
      { fields: [], runs: one(r(1, 35, 36), "digit") },
    ];
  }
  const long = format === "TD3" || format === "MRVA";
  const lineLength = long ? 44 : 36;
  if (isVisa(format)) {
    // ICAO 9303 part 7: the passport's first 28 positions, then optional data to the end of the
    // line, with no check digit of its own and no composite check digit.
    return [
      { fields: ["documentCode", "documentType"], runs: one(r(0, 0, 2), "letter") },
      stateCode("issuingState", r(0, 2, 5)),
      { fields: ["surname", "givenNames"], runs: one(r(0, 5, lineLength), "letter") },
      { fields: ["documentNumber"], runs: one(r(1, 0, 10), "alnum"), valid: endsInCheckDigit },
      stateCode("nationality", r(1, 10, 13)),
      { fields: ["dateOfBirth"], runs: one(r(1, 13, 20), "digit"), valid: checkedDate },
      { fields: ["sex"], runs: one(r(1, 20, 21), "sex") },
      { fields: ["expiryDate"], runs: one(r(1, 21, 28), "digit"), valid: checkedDate },
      { fields: ["optionalData"], runs: one(r(1, 28, lineLength), "alnum") },
    ];
  }
  const compositeAt = long ? 43 : 35;
  return [
    { fields: ["documentCode", "documentType"], runs: one(r(0, 0, 2), "letter") },
    stateCode("issuingState", r(0, 2, 5)),
    { fields: ["surname", "givenNames"], runs: one(r(0, 5, long ? 44 : 36), "letter") },
    { fields: ["documentNumber"], runs: one(r(1, 0, 10), "alnum"), valid: endsInCheckDigit },
    stateCode("nationality", r(1, 10, 13)),
    { fields: ["dateOfBirth"], runs: one(r(1, 13, 20), "digit"), valid: checkedDate },
    { fields: ["sex"], runs: one(r(1, 20, 21), "sex") },
    { fields: ["expiryDate"], runs: one(r(1, 21, 28), "digit"), valid: checkedDate },
    long
      ? {
        fields: ["optionalData"],
        runs: [
          { run: r(1, 28, 42), allowed: "alnum" },
          { run: r(1, 42, 43), allowed: "digitOrFiller" },
        ],
        valid: checkedOptional,
      }
      : { fields: ["optionalData"], runs: one(r(1, 28, 35), "alnum") },
    { fields: [], runs: one(r(1, compositeAt, compositeAt + 1), "digit") },
  ];
}

/** The composite check digit's position and the runs it covers (a visa has none). */
export function compositeOf(
  format: DocumentFormat,
): { check: [number, number]; runs: Run[] } | undefined {
  if (isVisa(format)) return undefined;
  if (format === FRENCH_ID) return { check: [1, 35], runs: [r(0, 0, 36), r(1, 0, 35)] };
  if (format === "TD1") {
    return { check: [1, 29], runs: [r(0, 5, 30), r(1, 0, 7), r(1, 8, 15), r(1, 18, 29)] };
  }
  const end = format === "TD3" ? 43 : 35;
  return { check: [1, end], runs: [r(1, 0, 10), r(1, 13, 20), r(1, 21, end)] };
}
