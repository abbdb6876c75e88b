import assert from "node:assert/strict";
import { LANGUAGE_KEYS } from "@shared/enums.ts";
import { LANGUAGES, languagesFor } from "@shared/languages.ts";
import { Language } from "@shared/schemas/language.ts";
import { LOCALES } from "../../../site/src/i18n/locales.ts";
import { CHECKIN_LANGUAGES, LANGUAGE_NAMES } from "../../../site/src/i18n/checkin/languages.ts";

Deno.test("the language entries are valid data: every key once, Croatian first", () => {
  Language.array().parse(LANGUAGES);
  assert.deepEqual(LANGUAGES.map((entry) => entry.Key), [...LANGUAGE_KEYS]);
  assert.equal(LANGUAGES[0].Key, "hr");
});

Deno.test("the site offers the languages not limited to check-in; the check-in page all of them", () => {
  assert.deepEqual(languagesFor("site").map((entry) => entry.Key), [...LOCALES]);
  assert.deepEqual(languagesFor("checkin").map((entry) => entry.Key), [...CHECKIN_LANGUAGES]);
  assert.deepEqual(
    LANGUAGES.filter((entry) => entry.CheckinPageOnly).map((entry) => entry.Key),
    ["fr", "it", "de", "es", "ru"],
  );
  assert.equal(LANGUAGE_NAMES.de, "Deutsch");
  assert.equal(LANGUAGE_NAMES.ru, "Русский");
});
