import type { MrzFormat } from "./mrz-format.ts";

/** What a position of an MRZ line may hold. */
export type CharClass = "digit" | "letter" | "alnum" | "digitOrFiller";

/** A span of one line: [line, start, end) and its class. */
export interface Span {
  line: number;
  start: number;
  end: number;
}

/** A field protected by a check digit, with the digit's position. */
export interface CheckedField {
  name: string;
  spans: Span[];
  check: Span;
  /** An empty field (all `<`) may carry `<` instead of a digit (TD3 personal number). */
  fillerAllowed?: boolean;
}

interface Layout {
  classes: { span: Span; cls: CharClass }[];
  checked: CheckedField[];
}

const s = (line: number, start: number, end: number): Span => ({ line, start, end });

/** Positions per ICAO 9303 parts 4 (TD3), 5 (TD1) and 6 (TD2). */
export const FIELD_LAYOUTS: Record<MrzFormat, Layout> = {
  TD3: {
    classes: [
      { span: s(0, 0, 44), cls: "letter" },
      { span: s(1, 0, 9), cls: "alnum" },
      { span: s(1, 9, 10), cls: "digit" },
      { span: s(1, 10, 13), cls: "letter" },
      { span: s(1, 13, 20), cls: "digit" },
      { span: s(1, 20, 21), cls: "letter" },
      { span: s(1, 21, 28), cls: "digit" },
      { span: s(1, 28, 42), cls: "alnum" },
      { span: s(1, 42, 43), cls: "digitOrFiller" },
      { span: s(1, 43, 44), cls: "digit" },
    ],
    checked: [
      { name: "documentNumber", spans: [s(1, 0, 9)], check: s(1, 9, 10) },
      { name: "dateOfBirth", spans: [s(1, 13, 19)], check: s(1, 19, 20) },
      { name: "expiryDate", spans: [s(1, 21, 27)], check: s(1, 27, 28) },
      { name: "optionalData", spans: [s(1, 28, 42)], check: s(1, 42, 43), fillerAllowed: true },
      {
        name: "composite",
        spans: [s(1, 0, 10), s(1, 13, 20), s(1, 21, 43)],
        check: s(1, 43, 44),
      },
    ],
  },
  TD2: {
    classes: [
      { span: s(0, 0, 36), cls: "letter" },
      { span: s(1, 0, 9), cls: "alnum" },
      { span: s(1, 9, 10), cls: "digit" },
      { span: s(1, 10, 13), cls: "letter" },
      { span: s(1, 13, 20), cls: "digit" },
      { span: s(1, 20, 21), cls: "letter" },
      { span: s(1, 21, 28), cls: "digit" },
      { span: s(1, 28, 35), cls: "alnum" },
      { span: s(1, 35, 36), cls: "digit" },
    ],
    checked: [
      { name: "documentNumber", spans: [s(1, 0, 9)], check: s(1, 9, 10) },
      { name: "dateOfBirth", spans: [s(1, 13, 19)], check: s(1, 19, 20) },
      { name: "expiryDate", spans: [s(1, 21, 27)], check: s(1, 27, 28) },
      {
        name: "composite",
        spans: [s(1, 0, 10), s(1, 13, 20), s(1, 21, 35)],
        check: s(1, 35, 36),
      },
    ],
  },
  TD1: {
    classes: [
      { span: s(0, 0, 5), cls: "letter" },
      { span: s(0, 5, 14), cls: "alnum" },
      { span: s(0, 14, 15), cls: "digitOrFiller" },
      { span: s(0, 15, 30), cls: "alnum" },
      { span: s(1, 0, 7), cls: "digit" },
      { span: s(1, 7, 8), cls: "letter" },
      { span: s(1, 8, 15), cls: "digit" },
      { span: s(1, 15, 18), cls: "letter" },
      { span: s(1, 18, 29), cls: "alnum" },
      { span: s(1, 29, 30), cls: "digit" },
      { span: s(2, 0, 30), cls: "letter" },
    ],
    checked: [
      // A long number (Belgium, Portugal) overflows: `<` at 14, the rest and its check digit in
      // the optional data; documentNumberCheck() handles that case.
      { name: "documentNumber", spans: [s(0, 5, 14)], check: s(0, 14, 15) },
      { name: "dateOfBirth", spans: [s(1, 0, 6)], check: s(1, 6, 7) },
      { name: "expiryDate", spans: [s(1, 8, 14)], check: s(1, 14, 15) },
      {
        name: "composite",
        spans: [s(0, 5, 30), s(1, 0, 7), s(1, 8, 15), s(1, 18, 29)],
        check: s(1, 29, 30),
      },
    ],
  },
};
