import assert from "node:assert/strict";
import { checkDigit } from "../../../workers/mrz/check-digit.ts";
import { decodeMrz } from "../../../workers/mrz/decode-mrz.ts";
import { MRZ_ALPHABET } from "../../../workers/mrz/mrz-format.ts";

// Valid MRZs (check digits as printed) of made-up people, Swedish for the W in the state codes.
const TD3 = [
  "P<SWEWALLIN<<ASTRID<MARIA<<<<<<<<<<<<<<<<<<<",
  "L898902C36SWE7408122F1204159ZE184226B<<<<<10",
];
const TD1 = [
  "I<HRV1234567897<<<<<<<<<<<<<<<",
  "7408122M3204153HRV<<<<<<<<<<<2",
  "HORVAT<<IVAN<<<<<<<<<<<<<<<<<<",
];

/**
 * Classifier output for `lines`: each position sure of its character (0.999) unless `doubts`
 * gives it other probabilities, by position in the lines laid end to end.
 */
function probabilitiesOf(
  lines: string[],
  doubts: Record<number, Record<string, number>> = {},
): Float32Array {
  const text = lines.join("");
  const out = new Float32Array(text.length * MRZ_ALPHABET.length).fill(0.001 / 36);
  [...text].forEach((char, n) => {
    const row = n * MRZ_ALPHABET.length;
    const spread = doubts[n] ?? { [char]: 0.999 };
    for (const [c, p] of Object.entries(spread)) out[row + MRZ_ALPHABET.indexOf(c)] = p;
  });
  return out;
}
const at = (line: number, index: number, length = 44) => line * length + index;

Deno.test("a clear reading is decoded as it is, with nothing uncertain", () => {
  const td3 = decodeMrz("TD3", probabilitiesOf(TD3));
  assert.deepEqual(td3?.lines, TD3);
  assert.deepEqual([...td3!.uncertain], []);
  const td1 = decodeMrz("TD1", probabilitiesOf(TD1));
  assert.deepEqual(td1?.lines, TD1);
  assert.deepEqual([...td1!.uncertain], []);
});

Deno.test("a W the classifier half took for an H is decided by the state codes, and flagged", () => {
  const read = probabilitiesOf(TD3, {
    [at(0, 3)]: { H: 0.55, W: 0.44 },
    [at(1, 11)]: { N: 0.5, W: 0.45 },
  });
  const decoded = decodeMrz("TD3", read)!;
  assert.deepEqual(decoded.lines, TD3);
  assert.deepEqual([...decoded.uncertain].sort(), ["issuingState", "nationality"]);
});

Deno.test("a sex read as H becomes M or F only with doubt", () => {
  const decoded = decodeMrz("TD3", probabilitiesOf(TD3, { [at(1, 20)]: { H: 0.7, F: 0.29 } }))!;
  assert.equal(decoded.lines[1][20], "F");
  assert.ok(decoded.uncertain.has("sex"));
});

Deno.test("a wrong digit the check digit corrects is corrected and flagged", () => {
  // Date of birth 740812 read with its 8 as 3 (the 8 a close second).
  const decoded = decodeMrz("TD3", probabilitiesOf(TD3, { [at(1, 16)]: { 3: 0.6, 8: 0.39 } }))!;
  assert.equal(decoded.lines[1].slice(13, 19), "740812");
  assert.deepEqual([...decoded.uncertain], ["dateOfBirth"]);
});

Deno.test("look-alikes that cancel in the check digit leave the field uncertain", () => {
  // 0 read as O at weights 7 and 3 adds 24 × (7 + 3) = 240 ≡ 0 (mod 10): both pass the check.
  const number = "00AB12345";
  const second = number + checkDigit(number) + TD3[1].slice(10, 43);
  const composite = checkDigit(second.slice(0, 10) + second.slice(13, 20) + second.slice(21, 43));
  const lines = [TD3[0], second + composite];
  const read = probabilitiesOf(lines, {
    [at(1, 0)]: { "0": 0.7, O: 0.3 },
    [at(1, 1)]: { "0": 0.7, O: 0.3 },
  });
  const decoded = decodeMrz("TD3", read)!;
  assert.equal(decoded.lines[1].slice(0, 9), number);
  assert.ok(decoded.uncertain.has("documentNumber"), "OO and 00 both pass: must be flagged");
});

Deno.test("a twin reading the classifier gives some chance is doubted, however sure the best", () => {
  // Two O read where 00 is printed, each at 99.5 %: OO and 00 pass the check alike (24 × 7 and
  // 24 × 3 cancel), and nothing but the classifier's confidence tells them apart.
  const number = "OOAB12345";
  const second = number + checkDigit(number) + TD3[1].slice(10, 43);
  const composite = checkDigit(second.slice(0, 10) + second.slice(13, 20) + second.slice(21, 43));
  const lines = [TD3[0], second + composite];
  const read = probabilitiesOf(lines, {
    [at(1, 0)]: { O: 0.995, "0": 0.005 },
    [at(1, 1)]: { O: 0.995, "0": 0.005 },
  });
  const decoded = decodeMrz("TD3", read)!;
  assert.equal(decoded.lines[1].slice(0, 9), number);
  assert.ok(decoded.uncertain.has("documentNumber"), "00 passes too: must be flagged");
});

Deno.test("a clear digit is not doubted for being a letter's twin", () => {
  // 6 and G differ by 10: a G would pass the check as well, but the classifier gives it no chance.
  const number = "6AB123456";
  const second = number + checkDigit(number) + TD3[1].slice(10, 43);
  const composite = checkDigit(second.slice(0, 10) + second.slice(13, 20) + second.slice(21, 43));
  const decoded = decodeMrz("TD3", probabilitiesOf([TD3[0], second + composite]))!;
  assert.equal(decoded.lines[1].slice(0, 9), number);
  assert.deepEqual([...decoded.uncertain], []);
});

Deno.test("a character read with certainty is never changed to make a check digit pass", () => {
  // The check digit of the document number misread with certainty: no reading, no guess.
  const wrong = [TD3[0], TD3[1].slice(0, 9) + "7" + TD3[1].slice(10)];
  assert.equal(decodeMrz("TD3", probabilitiesOf(wrong)), undefined);
});

Deno.test("an unsure letter in the names makes that part uncertain, not the other", () => {
  const decoded = decodeMrz("TD3", probabilitiesOf(TD3, { [at(0, 14)]: { S: 0.6, R: 0.4 } }))!;
  assert.deepEqual(decoded.lines, TD3);
  assert.deepEqual([...decoded.uncertain], ["givenNames"]);
});

Deno.test("specks after the names are padding", () => {
  const decoded = decodeMrz(
    "TD1",
    probabilitiesOf(TD1, { [at(2, 27, 30)]: { K: 0.9, "<": 0.1 } }),
  )!;
  assert.equal(decoded.lines[2], TD1[2]);
  assert.deepEqual([...decoded.uncertain], []);
});

Deno.test("a W read with certainty as H is tried where a state code must be, and flagged", () => {
  // "SHE" is no state: the look-alike W makes "SWE", whatever the classifier thought of it.
  const decoded = decodeMrz("TD3", probabilitiesOf(TD3, { [at(0, 3)]: { H: 0.999 } }))!;
  assert.equal(decoded.lines[0].slice(2, 5), "SWE");
  assert.deepEqual([...decoded.uncertain], ["issuingState"]);
});

Deno.test("digits printed where the nationality goes are left as read and flagged, not a code", () => {
  // A card whose nationality field holds a number: forcing letters on it once gave "ISR".
  const lines = [TD1[0], "7408122M3204153123<<<<<<<<<<<2", TD1[2]];
  const decoded = decodeMrz("TD1", probabilitiesOf(lines))!;
  assert.equal(decoded.lines[1].slice(15, 18), "123");
  assert.deepEqual([...decoded.uncertain], ["nationality"]);
});

Deno.test("a code no list has is left as read and flagged; one round O read as 0 is still a code", () => {
  const unknown = ["P<QQQWALLIN<<ASTRID<MARIA<<<<<<<<<<<<<<<<<<<", TD3[1]];
  const decoded = decodeMrz("TD3", probabilitiesOf(unknown))!;
  assert.equal(decoded.lines[0].slice(2, 5), "QQQ");
  assert.deepEqual([...decoded.uncertain], ["issuingState"]);
  const utopia = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", TD3[1].replace("SWE", "UTO")];
  const round = decodeMrz("TD3", probabilitiesOf(utopia, { [at(0, 4)]: { "0": 0.8, O: 0.19 } }))!;
  assert.deepEqual(round.lines, utopia);
  assert.deepEqual([...round.uncertain], []);
});

Deno.test("a visa's zone has no composite check digit and optional data to the line's end", () => {
  const mrva = [
    "V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
    "L8988901C4XXX4009078F96121096ZE184226B<<<<<<",
  ];
  assert.equal(decodeMrz("TD3", probabilitiesOf(mrva)), undefined);
  assert.deepEqual(decodeMrz("MRVA", probabilitiesOf(mrva))?.lines, mrva);
  const mrvb = ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "L8988901C4XXX4009078F9612109<<<<<<<<"];
  assert.deepEqual(decodeMrz("MRVB", probabilitiesOf(mrvb))?.lines, mrvb);
  // The check digits of the number and the dates still hold a visa's reading.
  const wrong = [mrva[0], mrva[1].replace("4XXX", "5XXX")];
  assert.equal(decodeMrz("MRVA", probabilitiesOf(wrong)), undefined);
});

Deno.test("the old French identity card: its own layout, a check digit over both lines", () => {
  const card = ["IDFRABERTHIER<<<<<<<<<<<<<<<<<923093", "9409923102854CORINNE<<<<<<<6512068F6"];
  const decoded = decodeMrz(
    "FRENCH_ID",
    probabilitiesOf(card, { [at(1, 2, 36)]: { "0": 0.6, "8": 0.39 } }),
  )!;
  assert.deepEqual(decoded.lines, card);
  assert.deepEqual([...decoded.uncertain], ["documentNumber"]);
  // Read as a TD2 card, the same zone decodes to nothing: its fields are elsewhere.
  assert.equal(decodeMrz("TD2", probabilitiesOf(card)), undefined);
  const unsure = decodeMrz(
    "FRENCH_ID",
    probabilitiesOf(card, { [at(0, 6, 36)]: { E: 0.6, F: 0.39 } }),
  )!;
  assert.deepEqual([...unsure.uncertain], ["surname"], "the surname alone, not the given names");
});
