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
