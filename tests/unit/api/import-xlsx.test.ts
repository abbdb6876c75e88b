/**
 * The import's own XLSX reader (read-xlsx.ts, zip-entries.ts): it reads what read-excel-file
 * read before, and holds its limits on files made to hurt, within a second each.
 */
import assert from "node:assert/strict";
import { readSheet } from "read-excel-file/universal";
import writeXlsxFile from "write-excel-file/universal";
import { zipSync } from "fflate";
import { IMPORT_MAX_ROWS, IMPORT_MAX_UNPACKED_BYTES } from "@shared/reservation-import.ts";
import { AppError } from "@core/errors.ts";
import { MESSAGES } from "@shared/messages.ts";
import { readImportSheet } from "@core/services/reservations/import/read-sheet.ts";
import { isDateFormat } from "@core/services/reservations/import/xlsx-date-formats.ts";
import { readImportSheetInWorker } from "@core/services/reservations/import/read-in-worker.ts";
import { importTemplate } from "@core/services/reservations/import/import-template.ts";
import { inlineRow, xlsxOf } from "../../support/xlsx.ts";

/** read-excel-file's rows as the import read them before: "" for empty, text, dates. */
async function asBefore(bytes: Uint8Array) {
  const rows = await readSheet(bytes.slice().buffer);
  return rows.map((cells, i) => ({
    row: i + 1,
    cells: cells.map((c) => c === null ? "" : c instanceof Date ? c : String(c)),
  })).filter(({ cells }) => cells.some((c) => c instanceof Date || c.trim() !== ""));
}

const trimmed = (rows: { row: number; cells: (string | Date)[] }[]) =>
  rows.map(({ row, cells }) => {
    const out = cells.map((c) => typeof c === "string" ? c.trim() : c);
    while (out.length > 0 && out.at(-1) === "") out.pop();
    return { row, cells: out };
  });

async function assertReadsAsBefore(bytes: Uint8Array, what: string) {
  assert.deepEqual(trimmed(await readImportSheet(bytes)), trimmed(await asBefore(bytes)), what);
}

async function expectProblem(reading: Promise<unknown>, code: string, what: string) {
  await assert.rejects(reading, (error) => error instanceof AppError && error.code === code, what);
}

Deno.test("XLSX files read as read-excel-file read them: text, numbers, dates, gaps", async () => {
  const day = new Date("2027-07-14T00:00:00Z");
  const workbook = await (await writeXlsxFile([
    [{ value: "Jedinica" }, { value: "Dolazak" }, { value: "Odlazak" }, { value: "Broj gostiju" }],
    [
      { value: "Apartman  Ćevapčić & <Sunce>" },
      { value: day, format: "dd.mm.yyyy" },
      { value: new Date("2027-07-21T00:00:00Z"), format: "yyyy-mm-dd" },
      { value: 2 },
    ],
    [null, null, null, null],
    [{ value: "  razmaci  " }, null, { value: 2.5 }, { value: true }],
    [{ value: "Soba" }, { value: 46217, format: "#,##0.00" }, { value: 0.1 }, { value: false }],
    [null, { value: new Date("2027-01-02T00:00:00Z"), format: "d. mmmm yyyy.;@" }],
  ]).toBlob()).arrayBuffer();
  await assertReadsAsBefore(new Uint8Array(workbook), "write-excel-file's workbook");
  for (const language of ["hr", "en"] as const) {
    await assertReadsAsBefore(await importTemplate(language), `the ${language} template`);
  }
});

Deno.test("shared strings, rich text runs, prefixed names and 1904 dates are read", async () => {
  const NS = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const bytes = xlsxOf({
    wholeSheet: `<x:worksheet ${NS}><x:sheetData>` +
      '<x:row r="2"><x:c r="B2" t="s"><x:v>0</x:v></x:c><x:c r="D2" t="s"><x:v>1</x:v></x:c></x:row>' +
      '<x:row r="4"><x:c r="A4" s="1"><x:v>45000</x:v></x:c><x:c r="B4" t="inlineStr"><x:is>' +
      "<x:r><x:t>Ana </x:t></x:r><x:r><x:t>Horvat</x:t></x:r><x:rPh><x:t>ignored</x:t></x:rPh>" +
      "</x:is></x:c></x:row></x:sheetData></x:worksheet>",
    sharedStrings: ["Jedinica", "a_x000D_b &amp; c"],
    styles: '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts>' +
      '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164"/></cellXfs>',
  });
  assert.deepEqual(await readImportSheet(bytes), [
    { row: 2, cells: ["", "Jedinica", "", "a\rb &amp; c"] },
    { row: 4, cells: [new Date("2023-03-15T00:00:00Z"), "Ana Horvat"] },
  ]);
});

Deno.test("date formats are told from number formats", () => {
  for (
    const code of ["dd.mm.yyyy", "d. mmmm yyyy.;@", "[$-41A]d/m/yy", "yyyy-mm-dd hh:mm", "[h]:mm"]
  ) {
    assert.ok(isDateFormat(code), code);
  }
  for (
    const code of [
      "General",
      "0.00",
      '#,##0 "kn"',
      "@",
      "[Red]0%",
      "0.00E+00",
      "[$€-x-euro1] #,##0",
    ]
  ) {
    assert.ok(!isDateFormat(code), code);
  }
});

Deno.test("a sheet of 40 MB of whitespace in 60 kB is refused at the unpacked limit, quickly", async () => {
  const padding = " ".repeat(40 * 1024 * 1024);
  const bytes = xlsxOf({ sheetData: inlineRow(1, ["Jedinica", "Dolazak"]) + padding });
  assert.ok(bytes.length < 100_000, `${bytes.length} bytes`);
  const started = performance.now();
  await expectProblem(readImportSheet(bytes), "ImportFileTooLarge", "whitespace bomb");
  assert.ok(performance.now() - started < 2000, `${performance.now() - started} ms`);

  // Parts the reader does not need are never inflated, whatever they hold.
  const picture = zipSync({ x: new Uint8Array(IMPORT_MAX_UNPACKED_BYTES + 1) });
  const withMedia = xlsxOf({
    sheetData: inlineRow(1, ["Jedinica"]) + inlineRow(2, ["Soba"]),
    extra: {
      "xl/media/image1.png": picture,
      "xl/worksheets/sheet2.xml": new TextEncoder().encode(padding),
    },
  });
  assert.equal((await readImportSheet(withMedia)).length, 2);
});

Deno.test("thousands of parts are refused before any is read", async () => {
  const extra = Object.fromEntries(
    Array.from({ length: 5000 }, (_, i) => [`xl/x/${i}.xml`, new Uint8Array()]),
  );
  await expectProblem(
    readImportSheet(xlsxOf({ sheetData: inlineRow(1, ["Jedinica"]), extra })),
    "ImportFileTooLarge",
    "5,000 parts",
  );
});

Deno.test("reading stops at the row limit; far rows and columns cost nothing", async () => {
  const rows = Array.from({ length: IMPORT_MAX_ROWS + 2 }, (_, i) => inlineRow(i + 1, [`r${i}`]));
  await expectProblem(
    readImportSheet(xlsxOf({ sheetData: rows.join("") })),
    "ImportTooManyRows",
    "the header and 5,001 rows",
  );
  assert.equal(
    (await readImportSheet(xlsxOf({ sheetData: rows.slice(0, -1).join("") }))).length,
    5001,
  );

  // The last row and column Excel allows: read as a row of its own, the far column left out.
  const far = xlsxOf({
    sheetData: inlineRow(1, ["Jedinica"]) +
      '<row r="1048576"><c r="B1048576" t="inlineStr"><is><t>x</t></is></c>' +
      '<c r="XFD1048576" t="inlineStr"><is><t>far</t></is></c></row>',
  });
  assert.deepEqual(await readImportSheet(far), [
    { row: 1, cells: ["Jedinica"] },
    { row: 1048576, cells: ["", "x"] },
  ]);

  // CSV too: rows past the limit are not read, fields past the last column are dropped.
  const csv = new TextEncoder().encode("a;b\n" + "1;2\n".repeat(IMPORT_MAX_ROWS + 1));
  await expectProblem(readImportSheet(csv), "ImportTooManyRows", "CSV");
  const wide = await readImportSheet(new TextEncoder().encode("a" + ";".repeat(100_000) + "\n1;2"));
  assert.equal(wide[0].cells.length, 256);
});

Deno.test("a DTD, a broken archive or a missing sheet is unreadable", async () => {
  const dtd = xlsxOf({
    wholeSheet: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet><sheetData>' +
      '<row><c t="inlineStr"><is><t>&a;</t></is></c></row></sheetData></worksheet>',
  });
  await expectProblem(readImportSheet(dtd), "ImportFileUnreadable", "DTD");
  const bytes = xlsxOf({ sheetData: inlineRow(1, ["Jedinica"]) });
  await expectProblem(readImportSheet(bytes.slice(0, 200)), "ImportFileUnreadable", "cut short");
  const broken = bytes.slice();
  broken.fill(0x55, 100, 400);
  await expectProblem(readImportSheet(broken), "ImportFileUnreadable", "damaged");
  const noSheet = zipSync({ "xl/workbook.xml": new TextEncoder().encode("<workbook/>") });
  await expectProblem(readImportSheet(noSheet), "ImportFileUnreadable", "no sheet");
});

Deno.test("the worker answers the rows, the problem, or ImportFileTooLarge past its budget", async () => {
  const bytes = xlsxOf({ sheetData: inlineRow(1, ["Jedinica"]) + inlineRow(3, ["Soba"]) });
  assert.deepEqual(await readImportSheetInWorker(bytes), [
    { row: 1, cells: ["Jedinica"] },
    { row: 3, cells: ["Soba"] },
  ]);
  await assert.rejects(
    readImportSheetInWorker(new Uint8Array([0x50, 0x4b, 3, 4, 1])),
    (error) => error instanceof AppError && error.code === "ImportFileUnreadable",
  );
  // Why, by its message key as well as in English, across the worker's boundary.
  await assert.rejects(
    readImportSheetInWorker(new TextEncoder().encode("%PDF-1.7\n\u0000\u0001binary")),
    (error) =>
      error instanceof AppError && error.code === "ImportFileUnreadable" &&
      error.detailCode?.code === "importUnreadableNotText" &&
      error.detail === MESSAGES.importUnreadableNotText,
  );
  await assert.rejects(
    readImportSheetInWorker(bytes, { budgetMs: 1 }),
    (error) =>
      error instanceof AppError && error.code === "ImportFileTooLarge" &&
      /too long/.test(error.detail ?? ""),
  );
});
