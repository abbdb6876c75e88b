import assert from "node:assert/strict";
import { checkDigit } from "../../../workers/mrz/check-digit.ts";

Deno.test("check digits follow ICAO 9303 (7-3-1 weights, A=10, < = 0)", () => {
  // ICAO 9303 part 3 examples and the specimen passport L898902C3.
  assert.equal(checkDigit("L898902C3"), "6");
  assert.equal(checkDigit("740812"), "2");
  assert.equal(checkDigit("120415"), "9");
  assert.equal(checkDigit("ZE184226B<<<<<"), "1");
  assert.equal(checkDigit("<<<<<<<<<<<<<<"), "0");
});
