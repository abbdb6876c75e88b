import assert from "node:assert/strict";
import {
  QR_SHEET_LANGUAGES,
  QR_SHEET_TEXTS,
  QrSheetLanguages,
  sheetText,
} from "@shared/qr-sheet-texts.ts";
import { CHECKIN_LANGUAGES } from "../../../site/src/i18n/checkin/languages.ts";

Deno.test("the door sheet speaks the check-in page's seven languages, every text in each", () => {
  assert.deepEqual([...QR_SHEET_LANGUAGES], [...CHECKIN_LANGUAGES]);
  const keys = Object.keys(QR_SHEET_TEXTS.hr).sort();
  for (const lang of QR_SHEET_LANGUAGES) {
    assert.deepEqual(Object.keys(QR_SHEET_TEXTS[lang]).sort(), keys, lang);
    for (const [key, text] of Object.entries(QR_SHEET_TEXTS[lang])) {
      assert.ok(text.trim().length > 0, `${lang}.${key}`);
    }
  }
});

Deno.test("the sheet's languages: one to three known ones, each once, in the host's order", () => {
  assert.deepEqual(QrSheetLanguages.parse("de, fr,ru"), ["de", "fr", "ru"]);
  for (const bad of ["", "xx", "hr,hr", "hr,en,de,fr"]) {
    assert.equal(QrSheetLanguages.safeParse(bad).success, false, bad);
  }
  assert.deepEqual(sheetText(["hr", "en"], "wifiHeading"), ["WiFi"], "the same word once");
});
