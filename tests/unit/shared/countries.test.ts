import assert from "node:assert/strict";
import countries from "i18n-iso-countries";
import { COUNTRY_CODES, isKnownCountry } from "@shared/countries.ts";
import { loadCountries } from "../../../site/src/features/checkin/countries.ts";

Deno.test("the country codes are i18n-iso-countries' own, in its order", () => {
  assert.deepEqual(
    COUNTRY_CODES.map(([alpha2, alpha3]) => [alpha3, alpha2]),
    Object.entries(countries.getAlpha3Codes()),
  );
  for (const [, alpha3] of COUNTRY_CODES) assert.ok(isKnownCountry(alpha3), alpha3);
  for (const code of ["HRV", "DEU", "XKK", "GBR"]) assert.ok(isKnownCountry(code), code);
  for (const code of ["HR", "hrv", "XXA", "UNO", "D", "191", "", "HRVX", "GBD"]) {
    assert.equal(isKnownCountry(code), false, code);
    assert.equal(isKnownCountry(code), countries.isValid(code) && /^[A-Z]{3}$/.test(code), code);
  }
});

Deno.test("the check-in page's country names are the library's, by alpha-3 code, sorted", async () => {
  const list = await loadCountries("hr");
  assert.equal(list.length, COUNTRY_CODES.length);
  const byCode = new Map(list.map((c) => [c.code, c]));
  assert.equal(byCode.get("DNK")?.name, "Danska");
  assert.equal(byCode.get("HRV")?.name, "Hrvatska");
  const gb = byCode.get("GBR")!;
  assert.equal(gb.name, [countries.getName("GB", "hr", { select: "official" })].flat()[0]);
  for (const name of [countries.getNames("hr", { select: "all" }).GB].flat()) {
    assert.ok(
      gb.search.includes(name.toLocaleLowerCase().normalize("NFD").replace(/\p{Diacritic}/gu, "")),
      name,
    );
  }
  const collator = new Intl.Collator("hr");
  const names = list.map((c) => c.name);
  assert.deepEqual(names, names.toSorted(collator.compare));
});
