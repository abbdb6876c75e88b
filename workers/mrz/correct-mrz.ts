import { checkDigit } from "./check-digit.ts";
import { type CharClass, type CheckedField, FIELD_LAYOUTS, type Span } from "./mrz-fields.ts";
import { MRZ_LAYOUTS, type MrzFormat } from "./mrz-format.ts";

/** OCR-B look-alikes: what a letter in a digit position most likely was, and the reverse. */
const AS_DIGIT: Record<string, string> = {
  O: "0",
  Q: "0",
  D: "0",
  U: "0",
  I: "1",
  L: "1",
  T: "1",
  Z: "2",
  S: "5",
  B: "8",
  G: "6",
  A: "4",
};
const AS_LETTER: Record<string, string> = {
  "0": "O",
  "1": "I",
  "2": "Z",
  "5": "S",
  "8": "B",
  "6": "G",
  "4": "A",
  "3": "B",
  "7": "T",
};
/** Pairs the check digits decide between where both a letter and a digit are allowed. */
const DIGITS = [..."0123456789"];
const LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];
const CONFUSABLE: Record<string, string[]> = {
  "0": ["O", "D", "Q"],
  O: ["0", "D", "Q"],
  D: ["0", "O"],
  Q: ["0", "O"],
  "1": ["I", "L"],
  I: ["1", "L"],
  L: ["1", "I"],
  "5": ["S"],
  S: ["5", "8"],
  "8": ["B", "S"],
  B: ["8", "3"],
  "2": ["Z"],
  Z: ["2"],
  "6": ["G"],
  G: ["6"],
  "4": ["A"],
  A: ["4"],
  "3": ["B"],
  "7": ["T"],
  T: ["7"],
};

/** What the OCR could not read: a slot where it recognised nothing. */
export const UNREAD = "?";

/**
 * Turns the OCR's lines (each exactly its layout's length, UNREAD where nothing was recognised)
 * into a valid MRZ of `format`, or undefined: each position coerced to what it may hold (a digit
 * in a date, a letter in a name), then the check digits used to choose between look-alikes
 * (0/O, 1/I, 5/S, 8/B, 2/Z, 6/G) in fields that may hold both, and to fill one unread
 * character. Gives up rather than guess when a check digit stays wrong or two answers fit.
 */
export interface CorrectionEvidence {
  /** A second reading of the same lines (the other OCR engine). */
  hint?: string[];
  /** The OCR's confidence (0–100) per position of `ocrLines`. */
  confidence?: number[][];
}

export function correctMrz(
  format: MrzFormat,
  ocrLines: string[],
  evidence: CorrectionEvidence = {},
): string[] | undefined {
  const { lines: count, length } = MRZ_LAYOUTS[format];
  if (ocrLines.length !== count || ocrLines.some((line) => line.length !== length)) {
    return undefined;
  }
  const chars = ocrLines.map((line) => [...line]);
  coerceClasses(format, chars);
  cleanNames(format, chars);
  if (!repairCheckedFields(format, chars, evidence)) return undefined;
  const lines = chars.map((line) => line.join(""));
  return lines.some((line) => line.includes(UNREAD)) ? undefined : lines;
}

/**
 * Names hold single `<` between parts and `<<` between surname and given names; a run of three
 * or more only pads the end. Whatever the OCR saw after such a run (a speck, a filler read as
 * "K") is padding, and an unread position in the names is taken as padding too.
 */
function cleanNames(format: MrzFormat, chars: string[][]): void {
  const names = format === "TD1" ? { line: 2, start: 0 } : { line: 0, start: 5 };
  const line = chars[names.line];
  for (let i = names.start; i < line.length; i++) if (line[i] === UNREAD) line[i] = "<";
  const text = line.join("");
  const run = text.indexOf("<<<", names.start);
  if (run >= 0) { for (let i = run; i < line.length; i++) line[i] = "<"; }
}

function coerceClasses(format: MrzFormat, chars: string[][]): void {
  for (const { span, cls } of FIELD_LAYOUTS[format].classes) {
    for (let i = span.start; i < span.end; i++) {
      chars[span.line][i] = coerce(chars[span.line][i], cls);
    }
  }
}

function coerce(c: string, cls: CharClass): string {
  if (c === "<") return c;
  if (cls === "digit" || cls === "digitOrFiller") return AS_DIGIT[c] ?? c;
  if (cls === "letter") return AS_LETTER[c] ?? c;
  return c;
}

const textOf = (chars: string[][], spans: Span[]) =>
  spans.map((s) => chars[s.line].slice(s.start, s.end).join("")).join("");

function alternativesOf(c: string, cls: CharClass | undefined): string[] {
  if (c === UNREAD) {
    if (cls === "digit") return DIGITS;
    if (cls === "digitOrFiller") return [...DIGITS, "<"];
    return [...DIGITS, ...LETTERS, "<"];
  }
  return cls === "alnum" ? CONFUSABLE[c] ?? [] : [];
}

/** Every checked field valid, after trying look-alike swaps where letters and digits mix. */
function repairCheckedFields(
  format: MrzFormat,
  chars: string[][],
  evidence: CorrectionEvidence,
): boolean {
  const layout = FIELD_LAYOUTS[format];
  const classes = new Map<string, CharClass>();
  for (const { span, cls } of layout.classes) {
    for (let i = span.start; i < span.end; i++) classes.set(`${span.line}:${i}`, cls);
  }
  const classOf = (line: number, index: number) => classes.get(`${line}:${index}`);
  // The composite check may only change what no other check digit already vouches for (TD1
  // optional data): one digit accepts a tenth of random changes, and would "confirm" them.
  const vouched = new Set(
    layout.checked.filter((f) => f.name !== "composite").flatMap((f) => [
      ...fieldPositions(format, f, chars),
      `${f.check.line}:${f.check.start}`,
    ]),
  );
  for (const field of layout.checked) {
    const positions = [
      ...fieldPositions(format, field, chars),
      `${field.check.line}:${field.check.start}`,
    ].filter((p) => field.name !== "composite" || !vouched.has(p));
    const valid = () => fieldValid(format, field, chars);
    if (!valid() && !swapUntilValid(chars, positions, valid, classOf, evidence)) return false;
  }
  return true;
}

function fieldPositions(format: MrzFormat, field: CheckedField, chars: string[][]): string[] {
  const spans = format === "TD1" && field.name === "documentNumber" && chars[0][14] === "<"
    ? [{ line: 0, start: 5, end: 30 }]
    : field.spans;
  return spans.flatMap((s) =>
    Array.from({ length: s.end - s.start }, (_, k) => `${s.line}:${s.start + k}`)
  );
}

function fieldValid(format: MrzFormat, field: CheckedField, chars: string[][]): boolean {
  if (format === "TD1" && field.name === "documentNumber" && chars[0][14] === "<") {
    // Overflow: number continues in the optional data; its last character is the check digit.
    const rest = chars[0].slice(15).join("").split("<")[0];
    if (rest.length < 2) return false;
    const number = textOf(chars, field.spans) + rest.slice(0, -1);
    return checkDigit(number) === rest.at(-1);
  }
  const text = textOf(chars, field.spans);
  const check = chars[field.check.line][field.check.start];
  if (field.fillerAllowed && /^<*$/.test(text)) return check === "<" || check === "0";
  return checkDigit(text) === check;
}

/**
 * One swap, then two: the combination that makes the field valid, if only one does, or if one
 * agrees best with a second reading (`hint`, from the other OCR engine).
 */
function swapUntilValid(
  chars: string[][],
  positions: string[],
  valid: () => boolean,
  classOf: (line: number, index: number) => CharClass | undefined,
  evidence: CorrectionEvidence,
): boolean {
  const cells = positions
    .map((p) => p.split(":").map(Number) as [number, number])
    .filter(([l, i]) => alternativesOf(chars[l][i], classOf(l, i)).length > 0);
  // Unread characters are only guessed one at a time: any character fits a check digit 1 in 10.
  if (cells.filter(([l, i]) => chars[l][i] === UNREAD).length > 1) return false;
  for (const depth of [1, 2]) {
    const found: Swap[][] = [];
    const tryDepth = (from: number, chosen: Swap[]) => {
      if (chosen.length === depth) {
        if (valid()) found.push([...chosen]);
        return;
      }
      for (let k = from; k < cells.length; k++) {
        const [l, i] = cells[k];
        const original = chars[l][i];
        for (const alt of alternativesOf(original, classOf(l, i))) {
          chars[l][i] = alt;
          chosen.push([l, i, alt, original]);
          tryDepth(k + 1, chosen);
          chosen.pop();
        }
        chars[l][i] = original;
      }
    };
    tryDepth(0, []);
    const chosen = mostPlausible(found, evidence);
    if (chosen) {
      for (const [l, i, alt] of chosen) chars[l][i] = alt;
      return true;
    }
    if (found.length > 0) return false;
  }
  return false;
}

/** One change: line, index, new character, the character read. */
type Swap = [number, number, string, string];

/** The usual OCR-B confusions cost 1, rarer ones 2. */
const COMMON_SWAPS = new Set(["0O", "O0", "1I", "I1", "5S", "S5", "8B", "B8", "2Z", "Z2"]);

/**
 * Of several swap sets that all satisfy a check digit (one digit accepts a tenth of random
 * guesses), the one that is clearly the most plausible: common confusions, characters the OCR
 * was unsure of, and agreement with the second reading make a swap cheaper. A near tie is no
 * answer.
 */
function mostPlausible(
  found: Swap[][],
  { hint, confidence }: CorrectionEvidence,
): Swap[] | undefined {
  if (found.length <= 1) return found[0];
  const costs = found.map((swaps) =>
    swaps.reduce((total, [l, i, alt, original]) => {
      let cost = COMMON_SWAPS.has(original + alt) ? 1 : 2;
      if (confidence) cost += (confidence[l]?.[i] ?? 50) / 100;
      if (hint?.[l]?.[i] === alt) cost -= 0.75;
      return total + cost;
    }, 0)
  );
  const order = costs.map((c, k) => [c, k]).sort((a, b) => a[0] - b[0]);
  return order[1][0] - order[0][0] >= 0.3 ? found[order[0][1]] : undefined;
}
