import assert from "node:assert/strict";
import { cleanMessage } from "@core/evisitor/messages.ts";

Deno.test("unresolved i18n nuggets are unwrapped", () => {
  assert.equal(cleanMessage("[[[Nije zadan ID.]]]"), "Nije zadan ID.");
});

Deno.test("nugget parameters replace their placeholders", () => {
  assert.equal(
    cleanMessage("[[[Obavezan podatak nije zadan: %0.|||TouristSurname]]]"),
    "Obavezan podatak nije zadan: TouristSurname.",
  );
  assert.equal(cleanMessage("[[[%1 prije %0|||a|||b]]]"), "b prije a");
  assert.equal(cleanMessage("[[[Objekt %0.|||(((Apartmani)))]]]"), "Objekt Apartmani.");
});

Deno.test("a placeholder without a parameter stays, plain text passes through", () => {
  assert.equal(cleanMessage("[[[Vrijednost %0]]]"), "Vrijednost %0");
  assert.equal(
    cleanMessage("Turist je već prijavljen u navedenom objektu."),
    "Turist je već prijavljen u navedenom objektu.",
  );
});

Deno.test("several nuggets in one message are all cleaned", () => {
  assert.equal(cleanMessage("[[[Prvo.]]] [[[Drugo %0.|||x]]]"), "Prvo. Drugo x.");
});
