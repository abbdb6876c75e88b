/**
 * The Croatian personal identification number (OIB): eleven digits, the last a check digit by
 * ISO 7064 MOD 11,10 (the rule the Tax Administration publishes). No maintained npm package for
 * it is installed and the rule is a few lines, so it is written here, with tests
 * (tests/unit/shared/oib.test.ts).
 */
export function isValidOib(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  let carry = 10;
  for (let i = 0; i < 10; i++) {
    carry = (carry + Number(value[i])) % 10;
    if (carry === 0) carry = 10;
    carry = (carry * 2) % 11;
  }
  const check = (11 - carry) % 10;
  return check === Number(value[10]);
}
