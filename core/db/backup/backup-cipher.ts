import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { Buffer } from "node:buffer";
import { decodeBase64 } from "../../platform/crypto/base64.ts";

/**
 * The encrypted form of a database backup, streamed so that a large database never sits whole in
 * memory (chunked AES-256-GCM, as the STREAM construction of age and Tink's streaming AEAD):
 *
 *   header  = "PRIJAVKO-BACKUP\n" (16 bytes) | version 0x01 | salt (32 random bytes)
 *   chunk i = AES-256-GCM(fileKey, nonce_i, plaintext_i, aad = header) | tag (16 bytes)
 *
 * `fileKey` = HKDF-SHA-256(BACKUP_ENCRYPTION_KEY, salt, "prijavko backup v1"), a new key per file,
 * so the counter nonces never repeat under one key. `nonce_i` = 11-byte big-endian i | 1 byte
 * that is 1 on the last chunk only. Every chunk holds CHUNK_BYTES of plaintext but the last,
 * which holds the rest (possibly nothing). So a wrong key fails on the first chunk; a changed
 * header, a changed, dropped or reordered chunk fails its tag; a truncated file ends without the
 * last-chunk mark and fails; nothing is written out from a chunk that did not verify.
 */
export const MAGIC = new TextEncoder().encode("PRIJAVKO-BACKUP\n");
const VERSION = 1;
const SALT_BYTES = 32;
export const HEADER_BYTES = MAGIC.length + 1 + SALT_BYTES;
export const CHUNK_BYTES = 64 * 1024;
const TAG_BYTES = 16;
const SEALED_CHUNK_BYTES = CHUNK_BYTES + TAG_BYTES;

/** A backup that cannot be opened: wrong key, damaged, truncated, or not a backup at all. */
export class BackupDecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupDecryptionError";
  }
}

/** BACKUP_ENCRYPTION_KEY: 32 random bytes in base64 (`openssl rand -base64 32`). */
export function parseBackupKey(base64Key: string): Uint8Array {
  const key = decodeBase64(base64Key.trim());
  if (key.length !== 32) throw new Error("BACKUP_ENCRYPTION_KEY must be 32 bytes in base64");
  return key;
}

function fileKeyOf(key: Uint8Array, salt: Uint8Array): Buffer {
  return Buffer.from(hkdfSync("sha256", key, salt, "prijavko backup v1", 32));
}

function nonceOf(index: number, last: boolean): Uint8Array {
  const nonce = new Uint8Array(12);
  new DataView(nonce.buffer).setBigUint64(3, BigInt(index));
  nonce[11] = last ? 1 : 0;
  return nonce;
}

/** Plaintext bytes in, the backup's encrypted bytes out (header first). */
export function encryptStream(key: Uint8Array): TransformStream<Uint8Array, Uint8Array> {
  const salt = randomBytes(SALT_BYTES);
  const header = new Uint8Array(HEADER_BYTES);
  header.set(MAGIC);
  header[MAGIC.length] = VERSION;
  header.set(salt, MAGIC.length + 1);
  const fileKey = fileKeyOf(key, salt);
  let index = 0;
  let pending: Uint8Array = new Uint8Array(0);
  const seal = (plain: Uint8Array, last: boolean) => {
    const cipher = createCipheriv("aes-256-gcm", fileKey, nonceOf(index++, last));
    cipher.setAAD(header);
    return new Uint8Array(
      Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]),
    );
  };
  return new TransformStream({
    start(controller) {
      controller.enqueue(header);
    },
    transform(bytes, controller) {
      pending = concat(pending, bytes);
      // Keep at least one byte back: only flush knows which chunk is the last.
      while (pending.length > CHUNK_BYTES) {
        controller.enqueue(seal(pending.subarray(0, CHUNK_BYTES), false));
        pending = pending.slice(CHUNK_BYTES);
      }
    },
    flush(controller) {
      controller.enqueue(seal(pending, true));
    },
  });
}

/** The backup's encrypted bytes in, the plaintext out; errors with BackupDecryptionError. */
export function decryptStream(key: Uint8Array): TransformStream<Uint8Array, Uint8Array> {
  let header: Uint8Array | undefined;
  let fileKey: Buffer | undefined;
  let index = 0;
  let pending: Uint8Array = new Uint8Array(0);
  const open = (sealed: Uint8Array, last: boolean) => {
    if (sealed.length < TAG_BYTES) throw new BackupDecryptionError("the backup is truncated");
    try {
      const decipher = createDecipheriv("aes-256-gcm", fileKey!, nonceOf(index++, last));
      decipher.setAAD(header!);
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      return new Uint8Array(
        Buffer.concat([
          decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
          decipher.final(),
        ]),
      );
    } catch {
      throw new BackupDecryptionError(
        index === 1
          ? "the backup does not open with this key (wrong BACKUP_ENCRYPTION_KEY, or damaged)"
          : "the backup is damaged or truncated",
      );
    }
  };
  const readHeader = () => {
    if (header || pending.length < HEADER_BYTES) return;
    const candidate = pending.slice(0, HEADER_BYTES);
    const magicOk = MAGIC.every((b, i) => candidate[i] === b);
    if (!magicOk) throw new BackupDecryptionError("not a prijavko backup");
    if (candidate[MAGIC.length] !== VERSION) {
      throw new BackupDecryptionError(`unknown backup version ${candidate[MAGIC.length]}`);
    }
    header = candidate;
    // Copy the key out of the caller's array: the header fixes the salt.
    fileKey = fileKeyOf(key, candidate.subarray(MAGIC.length + 1));
    pending = pending.slice(HEADER_BYTES);
  };
  return new TransformStream({
    transform(bytes, controller) {
      pending = concat(pending, bytes);
      readHeader();
      if (!header) return;
      while (pending.length > SEALED_CHUNK_BYTES) {
        controller.enqueue(open(pending.subarray(0, SEALED_CHUNK_BYTES), false));
        pending = pending.slice(SEALED_CHUNK_BYTES);
      }
    },
    flush(controller) {
      readHeader();
      if (!header) throw new BackupDecryptionError("not a prijavko backup (too short)");
      controller.enqueue(open(pending, true));
    },
  });
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
