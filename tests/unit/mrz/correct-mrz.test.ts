import assert from "node:assert/strict";
import { correctMrz } from "../../../workers/mrz/correct-mrz.ts";

// The ICAO 9303 specimens, valid as printed.
const TD3 = [
  "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
  "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
];
const TD1 = [
  "I<UTOD231458907<<<<<<<<<<<<<<<",
  "7408122F1204159UTO<<<<<<<<<<<6",
  "ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
];

Deno.test("a valid MRZ passes unchanged", () => {
  assert.deepEqual(correctMrz("TD3", TD3), TD3);
  assert.deepEqual(correctMrz("TD1", TD1), TD1);
});

Deno.test("digits read as letters in dates and check digits, letters as digits in names", () => {
  const read = [
    "P<UT0ERIKSS0N<<ANNA<MAR1A<<<<<<<<<<<<<<<<<<<",
    "L898902C36UTO74O8I22F12O4I59ZE184226B<<<<<1O",
  ];
  assert.deepEqual(correctMrz("TD3", read), TD3);
});

Deno.test("the check digit decides between look-alikes where letters and digits mix", () => {
  // Document number L898902C3 read with its 0 as O: only the 0 fits the check digit.
  const read = [TD3[0], "L8989O2C36UTO7408122F1204159ZE184226B<<<<<10"];
  assert.deepEqual(correctMrz("TD3", read), TD3);
  const card = ["I<UTOD2314589O7<<<<<<<<<<<<<<<", TD1[1], TD1[2]];
  assert.deepEqual(correctMrz("TD1", card), TD1);
});

Deno.test("one character the OCR did not see is filled in from its check digit", () => {
  const read = [TD3[0], "L898902C36UTO740?122F1204159ZE184226B<<<<<10"];
  assert.deepEqual(correctMrz("TD3", read), TD3);
});

Deno.test("padding after the names is cleaned: a filler read as K or a speck", () => {
  const read = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<K<<<<<<<<<<I", TD3[1]];
  assert.deepEqual(correctMrz("TD3", read), TD3);
});

Deno.test("a wrong check digit that no look-alike explains gives no answer", () => {
  const read = [TD3[0], "L898902C36UTO7408122F1204159ZE184226B<<<<<13"];
  assert.equal(correctMrz("TD3", read), undefined);
  const dates = [TD3[0], "L898902C36UTO7408132F1204159ZE184226B<<<<<10"];
  assert.equal(correctMrz("TD3", dates), undefined);
});

Deno.test("lines of the wrong number or length are refused", () => {
  assert.equal(correctMrz("TD3", [TD3[0]]), undefined);
  assert.equal(correctMrz("TD3", [TD3[0], TD3[1] + "<"]), undefined);
});

Deno.test("a long TD1 document number continues in the optional data with its check digit", () => {
  const overflow = [
    "I<PRT261407736<XX68<<<<<<<<<<<",
    "8402253F2902289PRT<<<<<<<<<<<4",
    "OLIVEIRA<<LEONOR<<<<<<<<<<<<<<",
  ];
  assert.deepEqual(correctMrz("TD1", overflow), overflow);
  const misread = ["I<PRT261407736<XX6B<<<<<<<<<<<", overflow[1], overflow[2]];
  assert.deepEqual(correctMrz("TD1", misread), overflow);
});
