/** ICAO 9303 check digit: values 0–9, A=10 … Z=35, `<`=0, weighted 7, 3, 1 repeating, mod 10. */
export function checkDigit(text: string): string {
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    sum += charValue(text[i]) * [7, 3, 1][i % 3];
  }
  return String(sum % 10);
}

function charValue(c: string): number {
  if (c >= "0" && c <= "9") return c.charCodeAt(0) - 48;
  if (c >= "A" && c <= "Z") return c.charCodeAt(0) - 55;
  return 0;
}

/** Whether a field's last character is the check digit of the rest. */
export const endsInCheckDigit = (text: string) => checkDigit(text.slice(0, -1)) === text.at(-1);

/** Whether `yymmdd` is a real date (the 29th of February only in a leap year). */
export function isMrzDate(yymmdd: string): boolean {
  const month = Number(yymmdd.slice(2, 4)), day = Number(yymmdd.slice(4, 6));
  if (!/^\d{6}$/.test(yymmdd) || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(2000 + Number(yymmdd.slice(0, 2)), month, 0)).getUTCDate();
}
