import assert from "node:assert/strict";
import { createSecretBox } from "@core/platform/crypto/secret-box.ts";
import { decodeBase64, encodeBase64 } from "@core/platform/crypto/base64.ts";

const KEY = encodeBase64(new Uint8Array(32).map((_, i) => i + 1));
const OTHER_KEY = encodeBase64(new Uint8Array(32).map((_, i) => 200 - i));

Deno.test("a sealed secret opens to the same text, and differs each time it is sealed", async () => {
  const box = await createSecretBox(KEY);
  for (const plain of ["P1234567", "", "Šime Đurđević 🌊", "x".repeat(5000)]) {
    const a = await box.seal(plain);
    const b = await box.seal(plain);
    assert.notEqual(a, b, "a fresh IV each time");
    assert.match(a, /^v1:/);
    assert.equal(await box.open(a), plain);
    assert.equal(await box.open(b), plain);
  }
});

Deno.test("a sealed secret does not open when changed, cut short, of another key or format", async () => {
  const box = await createSecretBox(KEY);
  const sealed = await box.seal("P1234567");
  const bytes = decodeBase64(sealed.slice(3));
  for (const index of [0, 12, bytes.length - 1]) {
    const changed = bytes.slice();
    changed[index] ^= 1;
    await assert.rejects(box.open(`v1:${encodeBase64(changed)}`), `byte ${index} changed`);
  }
  await assert.rejects(box.open(`v1:${encodeBase64(bytes.slice(0, 20))}`));
  await assert.rejects((await createSecretBox(OTHER_KEY)).open(sealed));
  await assert.rejects(box.open(`v2:${sealed.slice(3)}`), /unknown secret format/);
});
