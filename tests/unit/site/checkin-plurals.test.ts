import assert from "node:assert/strict";
import { createTranslator } from "../../../site/src/i18n/checkin/translator.ts";
import ru from "../../../site/src/i18n/checkin/ru.json" with { type: "json" };
import hr from "../../../site/src/i18n/checkin/hr.json" with { type: "json" };

Deno.test("Russian counts take the form Intl.PluralRules names: 1 гостя, 3 гостя, 5 гостей", () => {
  const { plural } = createTranslator("ru", ru);
  const room = (count: number) => plural("overview.room", count, { capacity: 6 });
  assert.match(room(1), /ещё 1 гостя\.$/);
  assert.match(room(3), /ещё 3 гостя\.$/);
  assert.match(room(5), /ещё 5 гостей\.$/);
  assert.match(room(22), /ещё 22 гостя\.$/);
  assert.match(room(11), /ещё 11 гостей\.$/);
  const nights = (count: number) => plural("reservation.nights", count);
  assert.deepEqual([1, 2, 5, 21].map(nights), ["1 ночь", "2 ночи", "5 ночей", "21 ночь"]);
  const entered = (count: number) => plural("entered.heading", count);
  assert.deepEqual([1, 3, 7].map(entered), [
    "Уже зарегистрирован 1 гость",
    "Уже зарегистрированы 3 гостя",
    "Уже зарегистрировано 7 гостей",
  ]);
  assert.match(plural("country.results", 24), /24 страны/);
  assert.match(plural("country.results", 25), /25 стран/);
});

Deno.test("Croatian counts keep their three forms", () => {
  const { plural } = createTranslator("hr", hr);
  assert.match(plural("overview.room", 3, { capacity: 4 }), /još 3 gosta/);
  assert.match(plural("overview.room", 5, { capacity: 6 }), /još 5 gostiju/);
});
