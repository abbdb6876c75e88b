import { createDecipheriv } from "node:crypto";
import { Buffer } from "node:buffer";
import { decodeBase64, encodeBase64 } from "./base64.ts";

/**
 * Encrypts secrets stored in the database (two-factor keys, later eVisitor credentials) with
 * AES-256-GCM. The key comes from configuration (DATA_ENCRYPTION_KEY, 32 bytes in base64); the
 * stored form is "v1:" + base64(iv | ciphertext+tag), so the scheme can change later.
 */
export interface SecretBox {
  seal(plain: string): Promise<string>;
  open(sealed: string): Promise<string>;
  /**
   * A keyed hash (HMAC-SHA-256, hex) for finding equal sealed values without opening them, e.g.
   * the same document twice. Its key is derived from the encryption key, never the key itself.
   */
  fingerprint(plain: string): Promise<string>;
}

export async function createSecretBox(base64Key: string): Promise<SecretBox> {
  const raw = decodeBase64(base64Key);
  if (raw.length !== 32) throw new Error("DATA_ENCRYPTION_KEY must be 32 bytes in base64");
  const key = await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt"]);
  const rawKey = Buffer.from(raw);
  const derivation = await crypto.subtle.importKey("raw", raw, "HKDF", false, ["deriveKey"]);
  const hmacKey = await crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new Uint8Array(0),
      info: new TextEncoder().encode("prijavko fingerprint v1"),
    },
    derivation,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign"],
  );
  return {
    async fingerprint(plain) {
      const mac = await crypto.subtle.sign("HMAC", hmacKey, new TextEncoder().encode(plain));
      return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, "0")).join("");
    },
    async seal(plain) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = new Uint8Array(
        await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(plain)),
      );
      const out = new Uint8Array(iv.length + data.length);
      out.set(iv);
      out.set(data, iv.length);
      return `v1:${encodeBase64(out)}`;
    },
    // Opened with node:crypto, synchronously: a list opens dozens of document numbers, and each
    // WebCrypto call would hand the thread back to the queue of waiting requests. Same AES-256-GCM
    // (WebCrypto's output is the ciphertext followed by its 16-byte tag).
    open(sealed) {
      try {
        if (!sealed.startsWith("v1:")) throw new Error("unknown secret format");
        const bytes = decodeBase64(sealed.slice(3));
        if (bytes.length < 12 + 16) throw new Error("sealed secret too short");
        const decipher = createDecipheriv("aes-256-gcm", rawKey, bytes.subarray(0, 12));
        decipher.setAuthTag(bytes.subarray(bytes.length - 16));
        const plain = Buffer.concat([
          decipher.update(bytes.subarray(12, bytes.length - 16)),
          decipher.final(),
        ]);
        return Promise.resolve(plain.toString("utf8"));
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
}
