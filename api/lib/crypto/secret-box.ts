import { decodeBase64, encodeBase64 } from "./base64.ts";

/**
 * Encrypts secrets stored in the database (two-factor keys, later eVisitor credentials) with
 * AES-256-GCM. The key comes from configuration (DATA_ENCRYPTION_KEY, 32 bytes in base64); the
 * stored form is "v1:" + base64(iv | ciphertext+tag), so the scheme can change later.
 */
export interface SecretBox {
  seal(plain: string): Promise<string>;
  open(sealed: string): Promise<string>;
}

export async function createSecretBox(base64Key: string): Promise<SecretBox> {
  const raw = decodeBase64(base64Key);
  if (raw.length !== 32) throw new Error("DATA_ENCRYPTION_KEY must be 32 bytes in base64");
  const key = await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
  return {
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
    async open(sealed) {
      if (!sealed.startsWith("v1:")) throw new Error("unknown secret format");
      const bytes = decodeBase64(sealed.slice(3));
      const plain = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: bytes.slice(0, 12) },
        key,
        bytes.slice(12),
      );
      return new TextDecoder().decode(plain);
    },
  };
}
