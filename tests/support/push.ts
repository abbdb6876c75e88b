/**
 * Web Push on the receiving side (issue 35), for tests: a browser's subscription keys made here,
 * a push endpoint (a push service standing in for FCM) that records what it is sent and answers
 * as told, and the decryption of a push payload as RFC 8291 specifies it, written with WebCrypto
 * alone so it checks the product's encryption (the web-push library) independently.
 */
import { waitFor } from "./wait.ts";

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

export interface PushKeys {
  /** As `PushSubscription.toJSON().keys` gives them (base64url). */
  keys: { p256dh: string; auth: string };
  privateKey: CryptoKey;
  publicKey: Uint8Array<ArrayBuffer>;
  authSecret: Uint8Array<ArrayBuffer>;
}

/** A browser's subscription keys: a P-256 key pair and a 16-byte auth secret. */
export async function newPushKeys(): Promise<PushKeys> {
  const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ]);
  const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const authSecret = crypto.getRandomValues(new Uint8Array(16));
  return {
    keys: { p256dh: b64url(publicKey), auth: b64url(authSecret) },
    privateKey: pair.privateKey,
    publicKey,
    authSecret,
  };
}

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  length: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, length * 8),
  );
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const text = (s: string) => new TextEncoder().encode(s);

/**
 * Decrypts an `aes128gcm` push body (RFC 8188 framing, RFC 8291 keys) with the subscription's
 * private key and auth secret; throws when it does not decrypt. One record, as pushes are.
 */
export async function decryptPush(body: Uint8Array, keys: PushKeys): Promise<string> {
  const salt = body.slice(0, 16);
  const idLength = body[20];
  const serverPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  const serverKey = await crypto.subtle.importKey(
    "raw",
    serverPublic,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    [],
  );
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: serverKey }, keys.privateKey, 256),
  );
  const keyInfo = concat(text("WebPush: info\0"), keys.publicKey, serverPublic);
  const ikm = await hkdf(keys.authSecret, shared, keyInfo, 32);
  const cek = await hkdf(salt, ikm, text("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, text("Content-Encoding: nonce\0"), 12);
  const aes = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(
    await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, aes, ciphertext),
  );
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("not the last record's delimiter");
  return new TextDecoder().decode(padded.slice(0, end));
}

export interface ReceivedPush {
  path: string;
  headers: Headers;
  body: Uint8Array;
  /** The status this endpoint answered with. */
  status: number;
}

export interface TestPushEndpoint {
  /** The endpoint URL of a device named `device`. */
  endpointOf(device: string): string;
  /** What the endpoint answers next for `device`, in turn; 201 once these are used up. */
  answer(device: string, ...statuses: number[]): void;
  received: ReceivedPush[];
  /** Waits for the `n`th push (1-based) to `device`. */
  waitForPush(device: string, n?: number): Promise<ReceivedPush>;
  stop(): Promise<void>;
}

/** A push service on 127.0.0.1 (port 0: the kernel picks one and it is kept). */
export function startPushEndpoint(): TestPushEndpoint {
  const received: ReceivedPush[] = [];
  const planned = new Map<string, number[]>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const path = new URL(req.url).pathname;
    const body = new Uint8Array(await req.arrayBuffer());
    const device = path.replace(/^\/push\//, "");
    const status = planned.get(device)?.shift() ?? 201;
    received.push({ path, headers: req.headers, body, status });
    return new Response(null, { status });
  });
  const base = `http://127.0.0.1:${server.addr.port}`;
  const pushesTo = (device: string) => received.filter((r) => r.path === `/push/${device}`);
  return {
    endpointOf: (device) => `${base}/push/${device}`,
    answer: (device, ...statuses) => planned.set(device, statuses),
    received,
    waitForPush: (device, n = 1) =>
      waitFor(() => pushesTo(device)[n - 1], { timeoutMs: 30_000, what: `push ${n} to ${device}` }),
    stop: () => server.shutdown(),
  };
}
