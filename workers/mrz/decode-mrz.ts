/*
 * One decoder, one file: the search over each field's alternatives, the look-alikes and twins it
 * tries, the composite check and the uncertainty it reports all work on the same probabilities
 * and field groups, each step reading what the one before chose; apart, they would pass that state
 * back and forth. The table of fields per format is mrz-field-groups.ts.
 */
import { checkDigit } from "./check-digit.ts";
import {
  type DocumentFormat,
  FRENCH_ID,
  layoutOf,
  MRZ_ALPHABET,
  MRZ_LAYOUTS,
} from "./mrz-format.ts";
import type { MrzFields } from "./parse-mrz.ts";
import {
  ALLOWED,
  CLASS_OF,
  compositeOf,
  DIGITS,
  type Group,
  groupsOf,
  r,
} from "./mrz-field-groups.ts";

/**
 * Turns per-position character probabilities (the glyph classifier's, one row of MRZ_ALPHABET
 * per position) into MRZ lines and the fields whose reading is not certain.
 *
 * Every field is decoded against what it may hold: the most probable text that passes its check
 * digit (and is a real date), a real state code, a sex of M, F or `<`. Alternatives are only the
 * characters the classifier itself gives a chance, so a character it is sure of is never changed
 * (but in a state code, which must be in a list: there OCR-B look-alikes are tried, and flagged).
 * A field is uncertain when the chosen text is not the position-wise most probable one (a
 * correction happened), when another valid text keeps a real share of the probability (look-
 * alikes that cancel in a check digit), or when a character is read with low probability.
 * (A second engine's reading was tried as more evidence: Tesseract's LSTM engine found no wrong
 * field these rules missed on the tune split and named a field on half of the exact reads.)
 */
export interface DecodedMrz {
  lines: string[];
  uncertain: Set<keyof MrzFields>;
}

export interface DecodeOptions {
  /** Told why each field is uncertain (for tuning; never given the document's data). */
  explain?: (fields: (keyof MrzFields)[], why: string) => void;
}

/** Below this probability a character (after the field's constraints) is not certain. */
export const CERTAIN_CHAR = 0.9;
/** Below this share of the valid alternatives' probability, a field's text is not certain. */
export const CERTAIN_FIELD = 0.99;
/** Characters below this probability are no alternative at all. */
const CANDIDATE_FLOOR = 1e-3;
const MAX_CANDIDATES = 4;
/**
 * A reading whose check digits only pass after changing more than this many fields is not a
 * reading of this zone (a line cut in the wrong place, the wrong way up): no answer from it.
 */
const MAX_CORRECTIONS = 2;
const BEAM = 256;

/**
 * Letters OCR-B engines confuse (W read as H, N or U; M as H or N ...), tried for state codes.
 * A choice made this way is always reported uncertain.
 */
const LOOK_ALIKES: Record<string, string> = {
  W: "HNUMV",
  H: "WNM",
  N: "WHM",
  M: "HNW",
  U: "WVO",
  V: "WUY",
  O: "DQCU",
  D: "O",
  Q: "O",
  C: "GO",
  G: "C",
  I: "LJT",
  L: "I",
  E: "F",
  F: "EP",
  P: "FR",
  R: "PBK",
  B: "RE",
  K: "RX",
  X: "KY",
  Y: "VX",
  T: "IY",
  J: "I",
};
const LOOK_ALIKE_P = 1e-4;

interface Candidate {
  text: string;
  logP: number;
}

/** The probable texts of a group (valid ones only when it has a rule), most probable first. */
function alternatives(
  probabilities: Float32Array,
  positions: { index: number; allowed: string }[],
  { valid, lookAlikes }: Group,
): { candidates: Candidate[]; argmax: string } {
  let beam: Candidate[] = [{ text: "", logP: 0 }];
  let argmax = "";
  for (const { index, allowed } of positions) {
    const options = candidatesAt(probabilities, index, allowed);
    argmax += options[0].char;
    if (lookAlikes) {
      for (const char of LOOK_ALIKES[options[0].char] ?? "") {
        if (!options.some((o) => o.char === char)) options.push({ char, p: LOOK_ALIKE_P });
      }
    }
    const next: Candidate[] = [];
    for (const partial of beam) {
      for (const option of options) {
        next.push({ text: partial.text + option.char, logP: partial.logP + Math.log(option.p) });
      }
    }
    next.sort((a, b) => b.logP - a.logP);
    beam = next.slice(0, BEAM);
  }
  return { candidates: valid ? beam.filter((c) => valid(c.text)) : beam.slice(0, 8), argmax };
}

/** The characters `allowed` at a position with their renormalised probabilities, best first. */
function candidatesAt(
  probabilities: Float32Array,
  index: number,
  allowed: string,
): { char: string; p: number }[] {
  const row = index * MRZ_ALPHABET.length;
  let total = 0;
  const all = [...allowed].map((char) => {
    const p = probabilities[row + MRZ_ALPHABET.indexOf(char)];
    total += p;
    return { char, p };
  });
  for (const option of all) option.p = total > 0 ? option.p / total : 1 / all.length;
  all.sort((a, b) => b.p - a.p);
  return all.filter((o, i) => i === 0 || o.p >= CANDIDATE_FLOOR).slice(0, MAX_CANDIDATES);
}

const shareOfBest = (candidates: Candidate[]) => {
  const best = candidates[0].logP;
  const total = candidates.reduce((sum, c) => sum + Math.exp(c.logP - best), 0);
  return 1 / total;
};

/**
 * Decodes an MRZ of `format` from the probabilities of its positions (lines concatenated), or
 * undefined when some field has no valid reading among the classifier's candidates.
 */
export function decodeMrz(
  format: DocumentFormat,
  probabilities: Float32Array,
  { explain }: DecodeOptions = {},
): DecodedMrz | undefined {
  const { lines: count, length } = MRZ_LAYOUTS[layoutOf(format)];
  const chars: string[][] = Array.from({ length: count }, () => Array(length).fill("<"));
  const uncertain = new Set<keyof MrzFields>();
  const chosen = new Map<Group, Candidate[]>();
  const groups = groupsOf(format);
  let corrections = 0;
  for (const group of groups) {
    const positions = group.runs.flatMap(({ run, allowed }) =>
      Array.from({ length: run.end - run.start }, (_, k) => ({
        index: run.line * length + run.start + k,
        allowed: ALLOWED[allowed],
        kind: ALLOWED[CLASS_OF[allowed]],
      }))
    );
    const { candidates, argmax } = alternatives(probabilities, positions, group);
    if (group.stateCode && (candidates.length === 0 || digitsRead(probabilities, positions))) {
      // No state code is printed here: left as read (any character), for the answer to leave
      // empty and name.
      explain?.(group.fields, candidates.length === 0 ? "no state code" : "digits, not a code");
      const read = positions.map(({ index }) =>
        candidatesAt(probabilities, index, MRZ_ALPHABET)[0]
      );
      placeText(chars, group, read.map((option) => option.char).join(""));
      for (const field of group.fields) uncertain.add(field);
      continue;
    }
    if (candidates.length === 0) return undefined;
    chosen.set(group, candidates);
    const best = candidates[0].text;
    const corrected = best !== argmax;
    const share = group.valid ? shareOfBest(candidates) : 1;
    const unsure = positions.some(({ index, kind }, k) =>
      relevant(group, best, k) && probabilityOf(probabilities, index, kind, best[k]) < CERTAIN_CHAR
    );
    if (corrected && group.valid && ++corrections > MAX_CORRECTIONS) return undefined;
    const twin = group.valid ? twinPasses(best, positions, group.valid, probabilities) : false;
    const doubtful = corrected || share < CERTAIN_FIELD || unsure || twin;
    if (doubtful && explain) {
      explain(
        group.fields,
        [
          corrected && "corrected",
          share < CERTAIN_FIELD && `share ${share.toFixed(3)}`,
          unsure && "unsure character",
          twin && "a look-alike twin passes the check",
        ].filter(Boolean).join(", "),
      );
    }
    placeText(chars, group, best);
    if (doubtful) markUncertain(uncertain, group, best, positions, probabilities);
  }
  if (!compositeHolds(format, chars, groups, chosen, uncertain)) return undefined;
  cleanNames(format, chars);
  return { lines: chars.map((line) => line.join("")), uncertain };
}

/**
 * Whether the classifier, free to answer any character, reads digits at two or more of the
 * positions, more likely than not: letters forced on them would be a guess (a card printing a
 * number where the nationality goes once became "ISR"). One digit alone is a look-alike (the O
 * of UTO printed round, read 0), which the letters-only rule of the position settles.
 */
function digitsRead(probabilities: Float32Array, positions: { index: number }[]): boolean {
  const digits = positions.filter(({ index }) => {
    const best = candidatesAt(probabilities, index, MRZ_ALPHABET)[0];
    return DIGITS.includes(best.char) && best.p >= 0.5;
  });
  return digits.length >= 2;
}

/**
 * Letters and digits OCR-B draws alike. Where a position may hold either (a document number,
 * optional data), the check digit tells them apart only when their values differ by a weight
 * it sees: G (16) and 6 differ by 10, and two swaps can cancel (O for 0 at weights 7 and 3 add
 * 24 × 10 ≡ 0). Such a twin reading is as valid as the chosen one.
 */
const TWIN_P = 1e-3;
const DIGIT_TWINS: Record<string, string> = {
  O: "0",
  "0": "OD",
  D: "0",
  Q: "0",
  I: "1",
  "1": "I",
  B: "8",
  "8": "B",
  S: "5",
  "5": "S",
  Z: "2",
  "2": "Z",
  G: "6",
  "6": "G",
};

/**
 * Whether another reading of `text`, one or two look-alike swaps away, passes `valid` too; a
 * swap counts where the classifier gives the other character some chance (TWIN_P): a clear 6 is
 * not doubted for being a G's twin.
 */
function twinPasses(
  text: string,
  positions: { index: number; allowed: string }[],
  valid: (text: string) => boolean,
  probabilities: Float32Array,
): boolean {
  const swaps: { k: number; char: string }[] = [];
  positions.forEach(({ index, allowed }, k) => {
    for (const char of DIGIT_TWINS[text[k]] ?? "") {
      const p = probabilities[index * MRZ_ALPHABET.length + MRZ_ALPHABET.indexOf(char)];
      if (allowed.includes(char) && p >= TWIN_P) swaps.push({ k, char });
    }
  });
  const swapped = (...changes: { k: number; char: string }[]) => {
    const chars = [...text];
    for (const { k, char } of changes) chars[k] = char;
    return chars.join("");
  };
  for (let i = 0; i < swaps.length; i++) {
    if (valid(swapped(swaps[i]))) return true;
    for (let j = i + 1; j < swaps.length; j++) {
      if (swaps[i].k !== swaps[j].k && valid(swapped(swaps[i], swaps[j]))) return true;
    }
  }
  return false;
}

/** Name positions after the names end (the padding) do not matter; every other one does. */
const isNames = (group: Group) =>
  group.fields.includes("surname") || group.fields.includes("givenNames");

function relevant(group: Group, text: string, k: number): boolean {
  if (!isNames(group)) return true;
  const end = text.search(/<<<|<*$/);
  return k < Math.max(end, 1) + 1;
}

function probabilityOf(
  probabilities: Float32Array,
  index: number,
  allowed: string,
  char: string,
): number {
  return candidatesAt(probabilities, index, allowed).find((o) => o.char === char)?.p ?? 0;
}

function placeText(chars: string[][], group: Group, text: string): void {
  let k = 0;
  for (const { run } of group.runs) {
    for (let i = run.start; i < run.end; i++) chars[run.line][i] = text[k++];
  }
}

/** The group's fields; for the names, only the part (surname or given names) in doubt. */
function markUncertain(
  uncertain: Set<keyof MrzFields>,
  group: Group,
  text: string,
  positions: { index: number; kind: string }[],
  probabilities: Float32Array,
): void {
  if (!isNames(group)) {
    for (const field of group.fields) uncertain.add(field);
    return;
  }
  // Both names in one run (ICAO): the part before or after `<<`; one name alone (the French
  // card's runs): that name.
  const both = group.fields.length === 2;
  const split = both ? text.indexOf("<<") : -1;
  positions.forEach(({ index, kind }, k) => {
    if (!relevant(group, text, k)) return;
    if (probabilityOf(probabilities, index, kind, text[k]) >= CERTAIN_CHAR) return;
    if (!both) uncertain.add(group.fields[0]);
    else {
      if (split < 0 || k <= split + 1) uncertain.add("surname");
      if (split < 0 || k >= split) uncertain.add("givenNames");
    }
  });
}

/**
 * The composite check digit over the chosen texts; when it fails, the next most probable valid
 * alternatives of the fields it covers are tried (one field at a time), and a field changed this
 * way is uncertain.
 */
function compositeHolds(
  format: DocumentFormat,
  chars: string[][],
  groups: Group[],
  chosen: Map<Group, Candidate[]>,
  uncertain: Set<keyof MrzFields>,
): boolean {
  const composite = compositeOf(format);
  if (!composite) return true;
  const { check, runs } = composite;
  const holds = () =>
    checkDigit(runs.map((run) => chars[run.line].slice(run.start, run.end).join("")).join("")) ===
      chars[check[0]][check[1]];
  if (holds()) return true;
  const covered = groups.filter((g) =>
    g.runs.some(({ run }) =>
      runs.some((c) => c.line === run.line && run.start < c.end && c.start < run.end) ||
      (run.line === check[0] && run.start === check[1])
    )
  );
  let best: { group: Group; candidate: Candidate; loss: number } | undefined;
  let ties = 0;
  for (const group of covered) {
    const candidates = chosen.get(group)!;
    const original = candidates[0];
    for (const candidate of candidates.slice(1)) {
      placeText(chars, group, candidate.text);
      if (holds()) {
        const loss = original.logP - candidate.logP;
        if (!best || loss < best.loss) best = { group, candidate, loss };
        ties++;
      }
    }
    placeText(chars, group, original.text);
  }
  if (!best) return false;
  placeText(chars, best.group, best.candidate.text);
  for (const field of best.group.fields) uncertain.add(field);
  if (ties > 1) {
    for (const group of covered) for (const field of group.fields) uncertain.add(field);
  }
  return true;
}

/** After a run of three fillers the names are over: the rest is padding, whatever was read. */
function cleanNames(format: DocumentFormat, chars: string[][]): void {
  const names = format === "TD1"
    ? [r(2, 0, 30)]
    : format === FRENCH_ID
    ? [r(0, 5, 30), r(1, 13, 27)]
    : [r(0, 5, MRZ_LAYOUTS[layoutOf(format)].length)];
  for (const { line, start, end } of names) {
    const text = chars[line].slice(0, end).join("");
    const run = text.indexOf("<<<", start);
    if (run >= 0) { for (let i = run; i < end; i++) chars[line][i] = "<"; }
  }
}
