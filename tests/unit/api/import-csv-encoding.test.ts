/**
 * Issue 32, item 8: a CSV saved by Croatian Excel (Windows-1250, `;` or `,`) was refused as "the
 * file cannot be read". The reader now tells the encodings and separators apart, and says what
 * is wrong with a file it really cannot read.
 */
import assert from "node:assert/strict";
import { AppError } from "@core/errors.ts";
import { decodeCsvText } from "@core/services/reservations/import/decode-text.ts";
import { csvSeparator, readImportSheet } from "@core/services/reservations/import/read-sheet.ts";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((p) => typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p),
  );

// Real byte sequences, as each encoding writes the Croatian letters.
const W1250 = {
  Šibenik: bytes([0x8a], "ibenik"),
  Đakovo: bytes([0xd0], "akovo"),
  Čakovec: bytes([0xc8], "akovec"),
  Žižić: bytes([0x8e], "i", [0x9e], "i", [0xe6]),
};
const ISO_8859_2 = {
  Šibenik: bytes([0xa9], "ibenik"),
  Đakovo: bytes([0xd0], "akovo"),
  Čakovec: bytes([0xc8], "akovec"),
  Žižić: bytes([0xae], "i", [0xbe], "i", [0xe6]),
};

const join = (...parts: Uint8Array[]) => new Uint8Array(parts.flatMap((p) => [...p]));

Deno.test("Windows-1250 and ISO-8859-2 are told apart by which reads as Croatian letters", () => {
  for (const [word, encoded] of Object.entries(W1250)) {
    assert.equal(decodeCsvText(encoded).text, word, `${word} in Windows-1250`);
  }
  for (const [word, encoded] of Object.entries(ISO_8859_2)) {
    assert.equal(decodeCsvText(encoded).text, word, `${word} in ISO-8859-2`);
  }
  assert.equal(decodeCsvText(ISO_8859_2.Šibenik).encoding, "iso-8859-2");
  assert.equal(decodeCsvText(W1250.Žižić).encoding, "windows-1250");
  // Nothing tells them apart (Đ and Č sit at the same bytes): Windows-1250, as Excel saves.
  assert.equal(decodeCsvText(W1250.Đakovo).encoding, "windows-1250");
  const utf8 = new TextEncoder().encode("\uFEFFŠibenik;Žižić");
  assert.deepEqual(decodeCsvText(utf8), { text: "Šibenik;Žižić", encoding: "utf-8" });
});

const HEADER_1250 = join(
  bytes("Jedinica;Dolazak;Odlazak;Broj gostiju;Nositelj rezervacije;Napomena;Dr"),
  bytes([0x9e], "avljanstvo\r\n"),
);

Deno.test("a Croatian Excel CSV in Windows-1250 with semicolons is read, letters intact", async () => {
  const file = join(
    HEADER_1250,
    W1250.Šibenik,
    bytes(";14.7.2027.;21.7.2027.;2;"),
    W1250.Žižić,
    bytes(";;HRV\r\n"),
    W1250.Čakovec,
    bytes(";1.8.2027.;3.8.2027.;1;"),
    W1250.Đakovo,
    bytes(';"Dolazak; kasno";\r\n'),
  );
  const rows = await readImportSheet(file);
  assert.deepEqual(rows.map((r) => r.cells), [
    [
      "Jedinica",
      "Dolazak",
      "Odlazak",
      "Broj gostiju",
      "Nositelj rezervacije",
      "Napomena",
      "Državljanstvo",
    ],
    ["Šibenik", "14.7.2027.", "21.7.2027.", "2", "Žižić", "", "HRV"],
    ["Čakovec", "1.8.2027.", "3.8.2027.", "1", "Đakovo", "Dolazak; kasno", ""],
  ]);
});

Deno.test("comma, semicolon and tab files, ISO-8859-2, UTF-16 and Excel's sep= line", async () => {
  const comma = join(
    bytes("Unit,Arrival,Departure,Guests,Lead guest,Notes\n"),
    ISO_8859_2.Šibenik,
    bytes(',2027-07-14,2027-07-21,2,"Horvat, Ana",'),
    ISO_8859_2.Žižić,
    bytes("\n"),
  );
  assert.deepEqual((await readImportSheet(comma))[1].cells, [
    "Šibenik",
    "2027-07-14",
    "2027-07-21",
    "2",
    "Horvat, Ana",
    "Žižić",
  ]);
  // Excel's "Unicode text": UTF-16 with a BOM, tab-separated.
  const tsv = "Jedinica\tDolazak\tOdlazak\tBroj gostiju\tNositelj rezervacije\n" +
    "Šibenik\t2027-07-14\t2027-07-21\t2\tŽižić, Ana\n";
  const utf16 = new Uint8Array(2 + tsv.length * 2);
  utf16.set([0xff, 0xfe]);
  for (let i = 0; i < tsv.length; i++) {
    utf16[2 + 2 * i] = tsv.charCodeAt(i) & 0xff;
    utf16[3 + 2 * i] = tsv.charCodeAt(i) >> 8;
  }
  assert.deepEqual((await readImportSheet(utf16))[1].cells, [
    "Šibenik",
    "2027-07-14",
    "2027-07-21",
    "2",
    "Žižić, Ana",
  ]);
  // The header decides: a `;` file whose header holds a comma, and Excel's sep= first line.
  assert.equal(csvSeparator("Jedinica;Dolazak;Odlazak;Napomena, interna\n"), ";");
  assert.equal(csvSeparator("Unit,Arrival,Departure;x\n"), ",");
  const named = await readImportSheet(new TextEncoder().encode("sep=,\nUnit,Arrival\na,b\n"));
  assert.deepEqual(named.map((r) => r.cells), [["Unit", "Arrival"], ["a", "b"]]);
});

async function reasonOf(file: Uint8Array): Promise<string | undefined> {
  try {
    await readImportSheet(file);
  } catch (error) {
    assert.ok(error instanceof AppError);
    assert.equal(error.code, "ImportFileUnreadable");
    return error.detailCode?.code;
  }
  assert.fail("the file was read");
}

Deno.test("a file that cannot be read says why and what to do", async () => {
  const xls = bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], [0, 0, 0, 0]);
  assert.equal(await reasonOf(xls), "importUnreadableOldExcel");
  const pdf = bytes("%PDF-1.7\n", [0, 1, 2, 3, 0, 0, 0x9c, 0xff]);
  assert.equal(await reasonOf(pdf), "importUnreadableNotText");
  const brokenZip = bytes([0x50, 0x4b, 0x03, 0x04], "not a workbook at all");
  assert.equal(await reasonOf(brokenZip), "importUnreadableDamagedXlsx");
});
