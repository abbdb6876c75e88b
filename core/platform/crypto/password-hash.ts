import { hash, verify } from "@node-rs/argon2";

/**
 * Argon2id (the library's default algorithm; its enum is a const enum that Deno cannot import)
 * with OWASP's recommended minimum: 19 MiB, 2 passes, 1 lane. A unit test checks the hash says $argon2id$.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing, verified when an e-mail is unknown so both answers take the same time. */
let decoy: Promise<string> | undefined;
export async function spendPasswordCheckTime(password: string): Promise<void> {
  decoy ??= hashPassword(crypto.randomUUID());
  await verifyPassword(await decoy, password);
}
