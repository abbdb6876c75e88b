import assert from "node:assert/strict";
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from "jose";
import { makeLibsqlCredentials } from "../../../deploy/libsql-token.ts";

Deno.test("libsql-token makes a key sqld accepts and a token that key verifies", async () => {
  const { publicKey, token } = await makeLibsqlCredentials();
  // sqld's SQLD_AUTH_JWT_KEY: the raw Ed25519 public key (32 bytes) in URL-safe base64.
  assert.match(publicKey, /^[A-Za-z0-9_-]{43}$/);
  const raw = atob(publicKey.replace(/-/g, "+").replace(/_/g, "/") + "=");
  assert.equal(raw.length, 32);

  // sqld verifies EdDSA only; a token without `a`/`p` claims grants full access (no expiry).
  assert.equal(decodeProtectedHeader(token).alg, "EdDSA");
  const key = await importJWK({ kty: "OKP", crv: "Ed25519", x: publicKey }, "EdDSA");
  const { payload } = await jwtVerify(token, key, { algorithms: ["EdDSA"] });
  assert.deepEqual(Object.keys(payload), ["iat"]);

  const other = await makeLibsqlCredentials();
  assert.notEqual(other.publicKey, publicKey, "a fresh pair every time");
  const otherKey = await importJWK({ kty: "OKP", crv: "Ed25519", x: other.publicKey }, "EdDSA");
  await assert.rejects(jwtVerify(token, otherKey), "another key does not verify it");
  assert.equal(decodeJwt(other.token).exp, undefined);
});
