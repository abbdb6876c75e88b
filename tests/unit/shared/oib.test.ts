import assert from "node:assert/strict";
import { isValidOib } from "@shared/oib.ts";

Deno.test("isValidOib accepts OIBs whose last digit is the ISO 7064 MOD 11,10 check", () => {
  // 69435151530 is the example OIB used across Croatian documentation; the others end in the
  // digit the rule gives for their first ten.
  for (const oib of ["69435151530", "12345678903", "94577403194", "00000000001"]) {
    assert.ok(isValidOib(oib), oib);
  }
});

Deno.test("isValidOib refuses a wrong check digit, a wrong length and anything but digits", () => {
  for (
    const oib of ["69435151531", "12345678901", "1234567890", "123456789012", "6943515153a", ""]
  ) {
    assert.equal(isValidOib(oib), false, oib);
  }
});

Deno.test("isValidOib: changing any one digit of a valid OIB makes it invalid", () => {
  const valid = "69435151530";
  for (let i = 0; i < 11; i++) {
    for (let d = 0; d < 10; d++) {
      if (String(d) === valid[i]) continue;
      const changed = valid.slice(0, i) + d + valid.slice(i + 1);
      assert.equal(isValidOib(changed), false, changed);
    }
  }
});
