/**
 * Makes the credentials of the self-hosted libSQL server in docker-compose.yml: an Ed25519 key
 * pair whose public half the server checks tokens with (LIBSQL_AUTH_JWT_KEY, given to sqld as
 * SQLD_AUTH_JWT_KEY: the raw 32-byte key in URL-safe base64) and a token signed with the private
 * half (DATABASE_AUTH_TOKEN, which the API, the workers and the migration send). The token carries
 * no claims: sqld reads that as full access to the default database, without expiry. The private
 * key is not kept: to rotate, run this again and replace both values.
 *
 *   deno run -A deploy/libsql-token.ts >> .env
 *
 * A managed Turso database makes its own tokens (`turso db tokens create <db>`); this is only for
 * the compose file's own server.
 */
import { exportJWK, generateKeyPair, SignJWT } from "jose";

export interface LibsqlCredentials {
  /** For the server: the Ed25519 public key, raw, URL-safe base64 without padding. */
  publicKey: string;
  /** For the clients: a JWT (EdDSA) signed with the matching private key. */
  token: string;
}

export async function makeLibsqlCredentials(): Promise<LibsqlCredentials> {
  const { publicKey, privateKey } = await generateKeyPair("Ed25519", { extractable: true });
  const { x } = await exportJWK(publicKey);
  if (!x) throw new Error("the public key has no raw form");
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: "EdDSA", typ: "JWT" })
    .setIssuedAt()
    .sign(privateKey);
  return { publicKey: x, token };
}

if (import.meta.main) {
  const { publicKey, token } = await makeLibsqlCredentials();
  console.log(`LIBSQL_AUTH_JWT_KEY=${publicKey}`);
  console.log(`DATABASE_AUTH_TOKEN=${token}`);
}
