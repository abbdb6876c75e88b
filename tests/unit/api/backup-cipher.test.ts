import assert from "node:assert/strict";
import {
  BackupDecryptionError,
  CHUNK_BYTES,
  decryptStream,
  encryptStream,
  HEADER_BYTES,
  parseBackupKey,
} from "@core/db/backup/backup-cipher.ts";

const KEY = parseBackupKey("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=");
const OTHER_KEY = parseBackupKey("HyAhIiMkJSYnKCkqKywtLi8wMTIzNDU2Nzg5Ojs8PT4=");

/** Pushes `bytes` through `transform` in pieces of `piece` bytes and collects what comes out. */
async function through(
  transform: TransformStream<Uint8Array, Uint8Array>,
  bytes: Uint8Array,
  piece = 10_000,
): Promise<Uint8Array> {
  const input = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += piece) {
        controller.enqueue(bytes.slice(at, at + piece));
      }
      controller.close();
    },
  });
  const out = await new Response(input.pipeThrough(transform)).arrayBuffer();
  return new Uint8Array(out);
}

function randomBytes(n: number): Uint8Array {
  const bytes = new Uint8Array(n);
  for (let at = 0; at < n; at += 65_536) {
    crypto.getRandomValues(bytes.subarray(at, Math.min(n, at + 65_536)));
  }
  return bytes;
}

Deno.test("a backup decrypts with its key to the same bytes, at any size", async () => {
  for (const size of [0, 1, CHUNK_BYTES - 1, CHUNK_BYTES, CHUNK_BYTES + 1, 3 * CHUNK_BYTES + 17]) {
    const plain = randomBytes(size);
    const sealed = await through(encryptStream(KEY), plain, 7_777);
    assert.ok(sealed.length > plain.length + HEADER_BYTES, `size ${size} is sealed`);
    assert.deepEqual(await through(decryptStream(KEY), sealed, 5_000), plain, `size ${size}`);
  }
});

Deno.test("the same database encrypts differently each time (a new salt per file)", async () => {
  const plain = randomBytes(1000);
  const a = await through(encryptStream(KEY), plain);
  const b = await through(encryptStream(KEY), plain);
  assert.notDeepEqual(a, b);
});

Deno.test("a wrong key fails to decrypt and gives nothing out", async () => {
  const sealed = await through(encryptStream(KEY), randomBytes(2 * CHUNK_BYTES + 5));
  const out: Uint8Array[] = [];
  await assert.rejects(
    async () => {
      const stream = new ReadableStream({
        start(c) {
          c.enqueue(sealed);
          c.close();
        },
      }).pipeThrough(decryptStream(OTHER_KEY));
      for await (const chunk of stream) out.push(chunk);
    },
    (error) => error instanceof BackupDecryptionError && /key/.test(error.message),
  );
  assert.equal(out.length, 0, "no plaintext before the tag verified");
});

Deno.test("a changed byte, a changed header or a truncated backup fails", async () => {
  const plain = randomBytes(3 * CHUNK_BYTES);
  const sealed = await through(encryptStream(KEY), plain);
  const flipped = sealed.slice();
  flipped[HEADER_BYTES + CHUNK_BYTES + 100] ^= 1; // inside the second chunk
  await assert.rejects(through(decryptStream(KEY), flipped), BackupDecryptionError);
  const salted = sealed.slice();
  salted[HEADER_BYTES - 1] ^= 1; // the salt, so another file key
  await assert.rejects(through(decryptStream(KEY), salted), BackupDecryptionError);
  // Cut at a chunk boundary: every chunk left verifies, but none is marked last.
  const cut = sealed.slice(0, HEADER_BYTES + 2 * (CHUNK_BYTES + 16));
  await assert.rejects(through(decryptStream(KEY), cut), BackupDecryptionError);
  await assert.rejects(
    through(decryptStream(KEY), new TextEncoder().encode("SQLite format 3\0 and more bytes")),
    (error) =>
      error instanceof BackupDecryptionError && /not a prijavko backup/.test(error.message),
  );
});

Deno.test("a backup key must be 32 bytes in base64", () => {
  assert.throws(() => parseBackupKey("c2hvcnQ="), /32 bytes/);
});
