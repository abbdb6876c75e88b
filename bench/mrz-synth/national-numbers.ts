import type { Rng } from "./random.ts";

/**
 * National identity numbers printed in the MRZ's optional data, each with its own valid national
 * check digit: Croatian OIB, Polish PESEL, Dutch BSN, Spanish DNI, Belgian national register
 * number, Swedish personnummer, Czech birth number, Ukrainian record number.
 */

/** Croatian OIB: 10 random digits and an ISO 7064 MOD 11,10 check digit. */
export function oib(rng: Rng): string {
  const body = String(rng.int(1, 9)) + rng.chars("0123456789", 9);
  let a = 10;
  for (const c of body) {
    a = (a + Number(c)) % 10;
    if (a === 0) a = 10;
    a = (a * 2) % 11;
  }
  return body + String((11 - a) % 10);
}

/** Polish PESEL: birth date with the century in the month, serial with the sex, check digit. */
export function pesel(rng: Rng, birth: Date, sex: "M" | "F"): string {
  const year = birth.getUTCFullYear();
  const month = birth.getUTCMonth() + 1 + (year >= 2000 ? 20 : 0);
  const serial = rng.chars("0123456789", 3) + String(2 * rng.int(0, 4) + (sex === "M" ? 1 : 0));
  const body = pad(year % 100) + pad(month) + pad(birth.getUTCDate()) + serial;
  const weights = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];
  const sum = [...body].reduce((s, c, i) => s + Number(c) * weights[i], 0);
  return body + String((10 - (sum % 10)) % 10);
}

/** Dutch BSN: nine digits passing the eleven test. */
export function bsn(rng: Rng): string {
  for (;;) {
    const body = String(rng.int(1, 6)) + rng.chars("0123456789", 7);
    const sum = [...body].reduce((s, c, i) => s + Number(c) * (9 - i), 0);
    const last = sum % 11;
    if (last <= 9) return body + String(last);
  }
}

/** Spanish DNI: eight digits and the letter of their remainder mod 23. */
export function dni(rng: Rng): string {
  const digits = rng.chars("0123456789", 8);
  return digits + "TRWAGMYFPDXBNJZSQVHLCKE"[Number(digits) % 23];
}

/** Belgian national register number: YYMMDD, a serial (odd for men), 97 − (n mod 97). */
export function belgianNationalNumber(rng: Rng, birth: Date, sex: "M" | "F"): string {
  const year = birth.getUTCFullYear();
  const serial = 2 * rng.int(1, 498) + (sex === "M" ? 1 : 0);
  const body = pad(year % 100) + pad(birth.getUTCMonth() + 1) + pad(birth.getUTCDate()) +
    String(serial).padStart(3, "0");
  const n = BigInt((year >= 2000 ? "2" : "") + body);
  return body + pad(97 - Number(n % 97n));
}

/** Swedish personnummer (10 digits, no separator): YYMMDD, serial, Luhn check digit. */
export function personnummer(rng: Rng, birth: Date, sex: "M" | "F"): string {
  const serial = rng.chars("0123456789", 2) + String(2 * rng.int(0, 4) + (sex === "M" ? 1 : 0));
  const body = pad(birth.getUTCFullYear() % 100) + pad(birth.getUTCMonth() + 1) +
    pad(birth.getUTCDate()) + serial;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = Number(body[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** Czech birth number: YYMMDD (women's month + 50) and a serial making it divisible by 11. */
export function czechBirthNumber(rng: Rng, birth: Date, sex: "M" | "F"): string {
  const month = birth.getUTCMonth() + 1 + (sex === "F" ? 50 : 0);
  for (;;) {
    const body = pad(birth.getUTCFullYear() % 100) + pad(month) + pad(birth.getUTCDate()) +
      rng.chars("0123456789", 3);
    const check = Number(body) % 11;
    if (check < 10) return body + String(check);
  }
}

/** Ukrainian unique record number: YYYYMMDD<NNNNC (the form the MRZ prints). */
export function ukrainianRecord(rng: Rng, birth: Date): string {
  const date = String(birth.getUTCFullYear()) + pad(birth.getUTCMonth() + 1) +
    pad(birth.getUTCDate());
  const serial = rng.chars("0123456789", 4);
  const weights = [7, 3, 1];
  const digits = date + serial;
  const sum = [...digits].reduce((s, c, i) => s + Number(c) * weights[i % 3], 0);
  return `${date}<${serial}${sum % 10}`;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}
