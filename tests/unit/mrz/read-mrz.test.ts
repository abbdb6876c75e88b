import assert from "node:assert/strict";
import sharp from "sharp";
import { loadGlyphModel } from "../../../workers/mrz/glyph-model.ts";
import { impossibleFields, readMrzFromImage } from "../../../workers/mrz/read-mrz.ts";
import { toGuest } from "../../../workers/mrz/to-guest.ts";

const FIXTURES = new URL("../../../../shared/fixtures/mrz/", import.meta.url);
const TODAY = new Date("2026-11-20T12:00:00Z");
const glyphs = await loadGlyphModel();

async function truthOf(name: string) {
  return JSON.parse(await Deno.readTextFile(new URL(name.replace(/\.\w+$/, ".json"), FIXTURES)));
}

for (
  const photo of ["001_td3_l0.jpg", "003_td2_l1.png", "014_td1_l1.png", "005_td1_l3.jpg"]
) {
  Deno.test(`the OCR-B reader reads ${photo} exactly`, async () => {
    const truth = await truthOf(photo);
    const read = await readMrzFromImage(
      await Deno.readFile(new URL(photo, FIXTURES)),
      glyphs,
      TODAY,
    );
    assert.ok(read.ok, `read: ${JSON.stringify(read)}`);
    assert.equal(read.format, truth.format);
    assert.deepEqual(read.lines, truth.mrz);
    assert.deepEqual(read.fields, truth.fields);
  });
}

Deno.test("an upside-down document is read as well as an upright one", async () => {
  const photo = await Deno.readFile(new URL("001_td3_l0.jpg", FIXTURES));
  const turned = new Uint8Array(await sharp(photo).rotate(180).jpeg({ quality: 85 }).toBuffer());
  const read = await readMrzFromImage(turned, glyphs, TODAY);
  assert.ok(read.ok);
  assert.deepEqual(read.lines, (await truthOf("001_td3_l0.jpg")).mrz);
  assert.deepEqual(read.uncertain, []);
});

Deno.test("a photo without a zone, or with one blurred past reading, gets no answer", async () => {
  const photo = await Deno.readFile(new URL("001_td3_l0.jpg", FIXTURES));
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const top = await sharp(photo).extract({ left: 0, top: 0, width, height: height >> 1 }).jpeg()
    .toBuffer();
  assert.deepEqual(await readMrzFromImage(new Uint8Array(top), glyphs, TODAY), {
    ok: false,
    reason: "no-mrz-found",
    why: "zone-not-found",
  });
  const blurred = await sharp(photo).blur(6).jpeg().toBuffer();
  const read = await readMrzFromImage(new Uint8Array(blurred), glyphs, TODAY);
  assert.equal(read.ok, false, "nothing answered from an unreadable zone");
});

Deno.test("an old French identity card printed in OCR-B is read as one, without an expiry", async () => {
  const lines = ["IDFRABERTHIER<<<<<<<<<<<<<<<<<923093", "9409923102854CORINNE<<<<<<<6512068F6"];
  // The card's back: a light tint, the zone at 10 characters per inch (30 px high capitals).
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="500">
    <rect width="1500" height="500" fill="#eef1f4"/>
    ${
    lines.map((line, i) =>
      `<text x="60" y="${300 + i * 70}" font-family="OCR B" font-size="42" fill="#1b1b1b">${
        line.replaceAll("<", "&lt;")
      }</text>`
    ).join("")
  }</svg>`;
  const photo = new Uint8Array(
    await sharp(new TextEncoder().encode(svg)).jpeg({ quality: 90 }).toBuffer(),
  );
  const read = await readMrzFromImage(photo, glyphs, TODAY);
  assert.ok(read.ok, !read.ok ? read.why : "");
  assert.equal(read.format, "FRENCH_ID");
  assert.deepEqual(read.lines, lines);
  assert.equal(read.fields.documentNumber, "940992310285");
  assert.equal(read.fields.expiryDate, "");
  assert.equal(toGuest(read.format, read.fields, read.uncertain).documentExpiryDate, null);
});

Deno.test("a names line read as fillers alone is doubted, not offered as a nameless holder", () => {
  const fields = {
    documentCode: "I<",
    documentType: "I",
    issuingState: "SWE",
    surname: "",
    givenNames: "",
    documentNumber: "83923014",
    nationality: "SWE",
    dateOfBirth: "1989-08-25",
    sex: "F" as const,
    expiryDate: "2034-07-28",
    optionalData: "8908255709",
    optionalData2: "",
  };
  assert.deepEqual(impossibleFields(fields), ["surname", "givenNames"]);
  assert.deepEqual(impossibleFields({ ...fields, surname: "AAKESSON", givenNames: "SAGA" }), []);
  // One name alone is how some states write a person with a single name.
  assert.deepEqual(impossibleFields({ ...fields, surname: "SUKARNO" }), []);
});
