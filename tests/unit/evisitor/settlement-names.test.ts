import assert from "node:assert/strict";
import {
  gradNaseljeEntries,
  isPreparedList,
  type SettlementRow,
} from "@core/evisitor/settlement-names.ts";

const ZAGREB = "c1ty-zagreb";
const SPLIT = "c1ty-split";
const row = (id: string, name: string, cityId: string | null, zipCode: string | null) => ({
  id,
  name,
  cityId,
  zipCode,
});
const entries = (rows: SettlementRow[]) => Object.fromEntries(gradNaseljeEntries(rows));

Deno.test("bare settlement names are sent as '<city>-<settlement>', the city's own first", () => {
  // Listed with the suburb first, so the order of the answer does not decide the city.
  const rows = [
    row("s2", "Adamovec", ZAGREB, "10363"),
    row("s1", "Zagreb", ZAGREB, "10000"),
    row("s3", "Sesvete", ZAGREB, "10360"),
    row("s4", "Stobreč", SPLIT, "21311"),
    row("s5", "Split", SPLIT, "21000"),
  ];
  assert.equal(isPreparedList(rows), false);
  assert.deepEqual(entries(rows), {
    s1: "Zagreb-Zagreb",
    s2: "Zagreb-Adamovec",
    s3: "Zagreb-Sesvete",
    s4: "Split-Stobreč",
    s5: "Split-Split",
  });
});

Deno.test("a list already in the 'Grad-Naselje' form is sent as it is", () => {
  const rows = [
    row("s1", "Zagreb-Zagreb", ZAGREB, "10000"),
    row("s2", "Zagreb-Adamovec", ZAGREB, "10363"),
    row("s3", "Kaštela-Kaštel Stari", "c1ty-kastela", "21216"),
    row("s4", "Kaštela-Kaštel Sućurac", "c1ty-kastela", "21212"),
    // A city whose own name has a hyphen, alone in its city.
    row("s5", "Ivanić-Grad-Ivanić-Grad", "c1ty-ivanic", "10310"),
  ];
  assert.equal(isPreparedList(rows), true);
  assert.deepEqual(entries(rows), {
    s1: "Zagreb-Zagreb",
    s2: "Zagreb-Adamovec",
    s3: "Kaštela-Kaštel Stari",
    s4: "Kaštela-Kaštel Sućurac",
    s5: "Ivanić-Grad-Ivanić-Grad",
  });
});

Deno.test("a hyphenated settlement name in a list of bare names is composed, not taken whole", () => {
  const rows = [
    row("s1", "Ivanić-Grad", "c1ty-ivanic", "10310"),
    row("s2", "Deanovec", "c1ty-ivanic", "10313"),
    row("s3", "Zagreb", ZAGREB, "10000"),
  ];
  assert.deepEqual(entries(rows), {
    s1: "Ivanić-Grad-Ivanić-Grad",
    s2: "Ivanić-Grad-Deanovec",
    s3: "Zagreb-Zagreb",
  });
});

Deno.test("the city's own settlement: by ID first, then post code, then the shorter name", () => {
  // CityMunicipalityHrID naming one of the settlements wins over post codes.
  assert.deepEqual(
    entries([row("a", "Adamovec", "z", "10000"), row("z", "Zagreb", "z", "10363")]),
    { a: "Zagreb-Adamovec", z: "Zagreb-Zagreb" },
  );
  // Without post codes, the shorter name.
  assert.deepEqual(
    entries([row("a", "Kamen", SPLIT, null), row("b", "Split", SPLIT, null)]),
    { a: "Kamen-Kamen", b: "Kamen-Split" },
    "a tie of length falls to the first alphabetically (a guess the module documents)",
  );
  // A settlement with no city is a city of its own.
  assert.deepEqual(entries([row("b", "Bol", null, "21420")]), { b: "Bol-Bol" });
});
