import assert from "node:assert/strict";
import { csvCell, toCsv } from "../../../api/http/csv.ts";

Deno.test("CSV fields are quoted only when they must be, with quotes doubled (RFC 4180)", () => {
  assert.equal(csvCell("Rasmussen"), "Rasmussen");
  assert.equal(csvCell("Holm, Ingrid"), '"Holm, Ingrid"');
  assert.equal(csvCell('Ingrid "Ingi" Holm'), '"Ingrid ""Ingi"" Holm"');
  assert.equal(csvCell("Nørrebrogade 41\r\n2200 København"), '"Nørrebrogade 41\r\n2200 København"');
  assert.equal(csvCell(null), "");
  assert.equal(csvCell(undefined), "");
  assert.equal(csvCell(4), "4");
  assert.equal(csvCell(19.9), "19.9");
  assert.equal(csvCell(true), "true");
  assert.equal(csvCell({ reservationList: "a,b" }), '"{""reservationList"":""a,b""}"');
});

Deno.test("CSV cells that a spreadsheet would run as formulas are kept as text; numbers are not", () => {
  assert.equal(
    csvCell('=HYPERLINK("http://evil.example","x")'),
    `"'=HYPERLINK(""http://evil.example"",""x"")"`,
  );
  assert.equal(csvCell("@SUM(A1)"), "'@SUM(A1)");
  assert.equal(csvCell("+cmd|' /C calc'!A0"), "'+cmd|' /C calc'!A0");
  assert.equal(csvCell("-2+3+cmd"), "'-2+3+cmd");
  assert.equal(csvCell("\tTAB"), "'\tTAB");
  // Telephone numbers and negative numbers stay as they are.
  assert.equal(csvCell("+45 31 55 77 99"), "+45 31 55 77 99");
  assert.equal(csvCell("+385 (91) 555-1234"), "+385 (91) 555-1234");
  assert.equal(csvCell("-12.5"), "-12.5");
  // Only texts: a number is never prefixed.
  assert.equal(csvCell(-3), "-3");
});

Deno.test("a CSV file is a header row and one CRLF-ended line per record, in column order", () => {
  const csv = toCsv(["id", "name", "note"], [
    { id: "1", name: "Ana", note: null, ignored: "x" },
    { name: "Bruno, Jr", id: "2", note: "ok" },
  ]);
  assert.equal(csv, 'id,name,note\r\n1,Ana,\r\n2,"Bruno, Jr",ok\r\n');
  assert.equal(toCsv(["id"], []), "id\r\n");
});
