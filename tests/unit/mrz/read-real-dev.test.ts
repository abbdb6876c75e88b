import assert from "node:assert/strict";
import sharp from "sharp";
import { createMrzReader, type MrzReader } from "../../../workers/mrz/mrz-reader.ts";

/**
 * The whole reader on photos of real specimen documents that no one here made (the development
 * set of issue 29, `../shared/fixtures/mrz-real-dev/`): ICAO's Utopia passport, TD1 and TD2 cards
 * and MRV-A and MRV-B visas, a British passport on a security-printed page, and a page without a
 * zone. Their MRZs were read by eye and checked with the check digits (real-dev-truth.json).
 * bench/mrz.ts --truth measures the same set with timings.
 */
const PHOTOS = new URL("../../../../shared/fixtures/mrz-real-dev/", import.meta.url);
const TRUTH = JSON.parse(
  await Deno.readTextFile(new URL("./real-dev-truth.json", import.meta.url)),
);

/** A test with the worker's reader, on the set's reference date. */
const readerTest = (name: string, fn: (reader: MrzReader) => Promise<void>) =>
  Deno.test({
    name,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      const reader = await createMrzReader({
        clock: () => new Date(`${TRUTH.referenceDate}T12:00:00Z`),
      });
      try {
        await fn(reader);
      } finally {
        await reader.close();
      }
    },
  });

readerTest(
  "real specimen photos read to their MRZ, visas as visas; a page without a zone has none",
  async (reader) => {
    for (const truth of TRUTH.files) {
      const result = await reader.read(await Deno.readFile(new URL(truth.image, PHOTOS)));
      if (truth.fields === null) {
        assert.deepEqual(
          result,
          { ok: false, failure: "no-mrz-found", why: "zone-not-found" },
          truth.image,
        );
        continue;
      }
      assert.ok(result.ok, `${truth.image}: ${!result.ok && result.failure}`);
      assert.equal(result.format, truth.format, truth.image);
      assert.deepEqual(result.fields, truth.fields, truth.image);
      assert.deepEqual(result.uncertain, [], truth.image);
      if (truth.format.startsWith("MRV")) {
        // The holder's fields fill the form; the visa is not offered as the document.
        assert.equal(result.guest.surname, "Eriksson");
        assert.equal(result.guest.documentNumber, null, truth.image);
        assert.equal(result.guest.documentType, null, truth.image);
      }
    }
  },
);

readerTest(
  "a real passport and card photographed small (300 px wide) are read, not refused unread",
  async (reader) => {
    for (
      const truth of TRUTH.files.filter((f: { image: string }) =>
        ["passport_uk.jpg", "td1.jpg"].includes(f.image)
      )
    ) {
      const small = await sharp(await Deno.readFile(new URL(truth.image, PHOTOS)))
        .resize({ width: 300 }).jpeg({ quality: 80 }).toBuffer();
      const result = await reader.read(new Uint8Array(small));
      assert.ok(result.ok, `${truth.image}: ${!result.ok && result.why}`);
      assert.deepEqual(result.fields, truth.fields, truth.image);
    }
  },
);

readerTest("a zone in negative (light characters on dark) is read too", async (reader) => {
  const truth = TRUTH.files.find((f: { image: string }) => f.image === "td3.jpg");
  const negative = await sharp(await Deno.readFile(new URL(truth.image, PHOTOS)))
    .negate({ alpha: false }).jpeg({ quality: 85 }).toBuffer();
  const result = await reader.read(new Uint8Array(negative));
  assert.ok(result.ok, `negative: ${!result.ok && result.why}`);
  assert.deepEqual(result.fields, truth.fields);
});
