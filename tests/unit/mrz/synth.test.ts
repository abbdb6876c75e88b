/**
 * The synthetic MRZ set (bench/mrz-synth.ts): its ground truth is valid ICAO 9303 that the
 * worker's own parser reads back to the recorded fields, its images decode to the recorded size,
 * the same split and seed give the same bytes, and the splits never share a document.
 */
import assert from "node:assert/strict";
import sharp from "sharp";
import { checkDigit } from "../../../workers/mrz/check-digit.ts";
import { parseMrz } from "../../../workers/mrz/parse-mrz.ts";
import { composeMrz, nameField } from "../../../bench/mrz-synth/compose-mrz.ts";
import { drawDocument, REFERENCE_DATE } from "../../../bench/mrz-synth/documents.ts";
import { Rng, SPLITS } from "../../../bench/mrz-synth/random.ts";
import { makeItem, writeSet } from "../../../bench/mrz-synth/write-set.ts";

/** The check digits an MRZ prints, each recomputed from the characters it covers. */
function checkDigitsHold(format: string, lines: string[]): boolean {
  const [a, b] = lines;
  const pairs: [string, string][] = format === "TD1"
    ? [
      [b.slice(0, 6), b[6]],
      [b.slice(8, 14), b[14]],
      [a.slice(5, 30) + b.slice(0, 7) + b.slice(8, 15) + b.slice(18, 29), b[29]],
    ]
    : [
      [b.slice(0, 9), b[9]],
      [b.slice(13, 19), b[19]],
      [b.slice(21, 27), b[27]],
      format === "TD3"
        ? [b.slice(0, 10) + b.slice(13, 20) + b.slice(21, 43), b[43]]
        : [b.slice(0, 10) + b.slice(13, 20) + b.slice(21, 35), b[35]],
    ];
  if (format === "TD1") {
    // The document number's digit follows it, or, when it is longer than 9 (a `<` where the
    // digit would be), ends its remainder at the start of the optional data.
    const long = a[14] === "<";
    const number = long
      ? a.slice(5, 14) + a.slice(15).replace(/<.*$/, "").slice(0, -1)
      : a.slice(5, 14);
    const digit = long ? a.slice(15).replace(/<.*$/, "").slice(-1) : a[14];
    pairs.push([number, digit]);
  }
  if (format === "TD3" && b.slice(28, 42) !== "<".repeat(14)) pairs.push([b.slice(28, 42), b[42]]);
  return pairs.every(([text, digit]) => checkDigit(text) === digit);
}

Deno.test("ground truth: 3,000 documents per split have valid check digits and parse back to their fields", () => {
  const seen = new Map<string, string>();
  for (const split of SPLITS) {
    for (let index = 0; index < 3000; index++) {
      const doc = drawDocument(Rng.forDocument(split, 1, index).fork(), REFERENCE_DATE);
      const mrz = composeMrz(doc);
      assert.ok(
        checkDigitsHold(doc.format, mrz.lines),
        `${split} ${index}: a check digit is wrong`,
      );
      assert.deepEqual(parseMrz(mrz.lines, REFERENCE_DATE), mrz.fields, `${split} ${index}`);
      // Splits are disjoint: no MRZ appears in two of them.
      const key = mrz.lines.join("\n");
      const other = seen.get(key);
      assert.ok(other === undefined || other === split, `${split} ${index} repeats a ${other} MRZ`);
      seen.set(key, split);
    }
  }
});

Deno.test("names too long for the zone are cut as ICAO 9303 says", () => {
  assert.deepEqual(nameField("WOLF", "SEBASTIAN<LUKAS", 30), {
    field: "WOLF<<SEBASTIAN<LUKAS<<<<<<<<<",
    truncated: false,
  });
  // Given names are cut first.
  assert.equal(
    nameField("SCHMIDT<WENDLER", "MAXIMILIAN<ALEXANDER", 30).field,
    "SCHMIDT<WENDLER<<MAXIMILIAN<AL",
  );
  assert.equal(
    nameField("MUELLER<SCHWARZ", "LUKAS<JUERGEN", 30).field,
    "MUELLER<SCHWARZ<<LUKAS<JUERGEN",
  );
  // A surname alone too long keeps `<<` and the initial of the given names.
  assert.equal(
    nameField("WAWRZYNIAK<GRZEGORZEWSKA<SZCZEPANSKA", "WIKTORIA", 30).field,
    "WAWRZYNIAK<GRZEGORZEWSKA<SZ<<W",
  );
});

Deno.test("a written set: manifest, files and images as recorded; one per level round", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mrz-synth-" });
  try {
    const manifest = await writeSet({ out: dir, split: "tune", count: 4, seed: 7 });
    assert.equal(manifest.referenceDate, "2026-11-20");
    assert.deepEqual(manifest.byLevel, { 0: 1, 1: 1, 2: 1, 3: 1 });
    assert.equal(manifest.files.length, 4);
    for (const entry of manifest.files) {
      const truth = JSON.parse(await Deno.readTextFile(`${dir}/${entry.groundTruth}`));
      assert.equal(truth.image, entry.image);
      assert.equal(truth.level, entry.level);
      assert.match(
        entry.image,
        new RegExp(`^\\d{3}_${truth.format.toLowerCase()}_l${truth.level}\\.(png|jpg)$`),
      );
      assert.deepEqual(parseMrz(truth.mrz, REFERENCE_DATE), truth.fields);
      assert.equal(truth.mrzText, truth.mrz.join("\n"));
      assert.equal(typeof truth.degradations.mrzCharHeightPx, "number");
      assert.equal(truth.degradations.orientationDeg, entry.orientationDeg);
      const meta = await sharp(await Deno.readFile(`${dir}/${entry.image}`)).metadata();
      assert.equal(meta.width, truth.imageInfo.width);
      assert.equal(meta.height, truth.imageInfo.height);
      assert.equal(meta.format === "png" ? "image/png" : "image/jpeg", truth.imageInfo.mimeType);
      assert.equal(entry.mimeType, truth.imageInfo.mimeType);
      // Each MRZ line's quadrilateral lies in the image.
      assert.equal(truth.mrzLineQuads.length, truth.mrz.length);
      for (const quad of truth.mrzLineQuads) {
        assert.equal(quad.length, 4);
        for (const [x, y] of quad) {
          assert.ok(x >= 0 && x <= meta.width! && y >= 0 && y <= meta.height!, `${entry.image}`);
        }
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the same split, seed and index give the same bytes; another split another document", async () => {
  // Index 3 is a level-3 photo: every kind of degradation may be drawn.
  const [first, again, other] = await Promise.all([
    makeItem("report", 5, 3),
    makeItem("report", 5, 3),
    makeItem("train", 5, 3),
  ]);
  assert.deepEqual(first.bytes, again.bytes);
  assert.deepEqual(first.groundTruth, again.groundTruth);
  assert.notDeepEqual(first.groundTruth.mrz, other.groundTruth.mrz);
});
