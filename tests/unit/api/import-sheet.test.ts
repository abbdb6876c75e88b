import assert from "node:assert/strict";
import { parseCsv } from "@core/services/reservations/import/read-sheet.ts";
import { unitFinder } from "@core/services/reservations/import/import-rows.ts";
import { importDateOf } from "@core/services/reservations/import/import-dates.ts";
import { importColumnOf } from "@shared/reservation-import.ts";

Deno.test("parseCsv reads comma and semicolon files, quotes, doubled quotes and line breaks", () => {
  assert.deepEqual(parseCsv('a,b\r\n"x, y","say ""hi"""\r\n'), [["a", "b"], ["x, y", 'say "hi"']]);
  assert.deepEqual(parseCsv('a;b\n1,5;"two\nlines"'), [["a", "b"], ["1,5", "two\nlines"]]);
  assert.deepEqual(parseCsv("a;b\n\n1;2"), [["a", "b"], [""], ["1", "2"]]);
});

Deno.test("importDateOf takes ISO and Croatian dates and refuses days that do not exist", () => {
  assert.equal(importDateOf("2027-07-14"), "2027-07-14");
  assert.equal(importDateOf("14.7.2027."), "2027-07-14");
  assert.equal(importDateOf(" 1. 2. 2027"), "2027-02-01");
  assert.equal(importDateOf(new Date("2027-07-14T00:00:00Z")), "2027-07-14");
  assert.equal(importDateOf(""), null);
  assert.equal(importDateOf("30.2.2027."), undefined);
  assert.equal(importDateOf("07/14/2027"), undefined);
});

Deno.test("units are found by code or by a name no other unit shares; headers in hr or en", () => {
  const find = unitFinder([
    { id: "1", code: "ABC", name: "Apartman 1", propertyId: "p" },
    { id: "2", code: "DEF", name: "Soba", propertyId: "p" },
    { id: "3", code: "GHI", name: "soba", propertyId: "q" },
  ]);
  assert.equal(find("apartman 1")?.id, "1");
  assert.equal(find("DEF")?.id, "2");
  assert.equal(find("Soba"), undefined, "two units share the name: neither is meant");
  assert.equal(find("Vila"), undefined);
  assert.equal(importColumnOf(" broj gostiju "), "guests");
  assert.equal(importColumnOf("Lead guest"), "leadGuest");
  assert.equal(importColumnOf("Telefon"), undefined);
});
