import assert from "node:assert/strict";
import { createMrzReader, type MrzReader } from "../../../workers/mrz/mrz-reader.ts";

/**
 * The whole reader on a few fixture photos (a clean passport, a card, a TD2, slightly degraded
 * ones). The full set, with timings, is bench/mrz.ts's job.
 */
const FIXTURES = new URL("../../../../shared/fixtures/mrz/", import.meta.url);
const SAMPLE = ["001_td3_l0.jpg", "008_td1_l0.png", "003_td2_l1.png", "014_td1_l1.png"];

async function withReader(fn: (reader: MrzReader) => Promise<void>) {
  const reader = await createMrzReader({ clock: () => new Date("2026-11-20T12:00:00Z") });
  try {
    await fn(reader);
  } finally {
    await reader.close();
  }
}

Deno.test({
  name: "fixture photos read to their ground truth",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: () =>
    withReader(async (reader) => {
      for (const image of SAMPLE) {
        const truth = JSON.parse(
          await Deno.readTextFile(new URL(image.replace(/\.\w+$/, ".json"), FIXTURES)),
        );
        const result = await reader.read(await Deno.readFile(new URL(image, FIXTURES)));
        assert.ok(result.ok, `${image}: ${!result.ok && result.failure}`);
        assert.equal(result.format, truth.format, image);
        assert.deepEqual(result.fields, truth.fields, image);
      }
    }),
});

Deno.test({
  name: "a blank photo has no MRZ; a PDF is no image; an oversized one is refused unread",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: () =>
    withReader(async (reader) => {
      const { default: sharp } = await import("sharp");
      const blank = await sharp({
        create: { width: 800, height: 600, channels: 3, background: "#f4f1ea" },
      }).jpeg().toBuffer();
      assert.deepEqual(await reader.read(new Uint8Array(blank)), {
        ok: false,
        failure: "no-mrz-found",
        why: "zone-not-found",
      });
      const pdf = new TextEncoder().encode(
        "%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n",
      );
      assert.deepEqual(await reader.read(pdf), { ok: false, failure: "not-an-image" });
      const cut = (await Deno.readFile(new URL(SAMPLE[0], FIXTURES))).slice(0, 400);
      assert.deepEqual(await reader.read(cut), { ok: false, failure: "not-an-image" });
      assert.deepEqual(await reader.read(new Uint8Array(9 * 1024 * 1024)), {
        ok: false,
        failure: "too-large",
      });
    }),
});
