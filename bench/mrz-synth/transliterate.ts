/**
 * Names to MRZ text by ICAO Doc 9303 Part 3 (first option of the transliteration table):
 * Ä→AE Å→AA Ö→OE Ø→OE Ü→UE Æ→AE ß→SS Þ→TH, other diacritics dropped (Č→C, Ł→L, Đ→D …), hyphens
 * and spaces → `<`, apostrophes dropped.
 */
const SPECIAL: Record<string, string> = {
  "Ä": "AE",
  "Å": "AA",
  "Ö": "OE",
  "Ø": "OE",
  "Ü": "UE",
  "Æ": "AE",
  "ß": "SS",
  "Þ": "TH",
  "Ð": "D",
  "Đ": "D",
  "Ł": "L",
  "Ħ": "H",
  "Ŀ": "L",
  "Œ": "OE",
  "Ĳ": "IJ",
  "ı": "I",
};

export function transliterate(name: string): string {
  let out = "";
  for (const ch of name.toUpperCase()) {
    if (ch in SPECIAL) out += SPECIAL[ch];
    else if (ch === "'" || ch === "’" || ch === ".") continue;
    else if (ch === " " || ch === "-") out += "<";
    else {
      const base = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      if (/^[A-Z]$/.test(base)) out += base;
      else throw new Error(`no transliteration for ${JSON.stringify(ch)}`);
    }
  }
  return out;
}
