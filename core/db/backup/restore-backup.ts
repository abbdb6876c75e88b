import { createClient } from "@libsql/client";
import { decryptStream } from "./backup-cipher.ts";

export interface Restored {
  /** The restored file's size. */
  bytes: number;
  ms: number;
}

/**
 * Decrypts a backup into `target`, a new database file (never over an existing one), then checks
 * it with SQLite's integrity check. The plaintext is written under a partial name (readable by
 * its owner only) and renamed once it has verified, so `target` is either a whole, checked
 * database or absent. A wrong key, a damaged or truncated backup throws BackupDecryptionError.
 */
export async function restoreBackup(
  backup: string,
  key: Uint8Array,
  target: string,
): Promise<Restored> {
  const started = performance.now();
  if (await exists(target)) throw new Error(`${target} exists already: restore into a new file`);
  const partial = `${target}.partial`;
  const input = await Deno.open(backup, { read: true });
  const output = await Deno.open(partial, { write: true, createNew: true, mode: 0o600 });
  try {
    await input.readable.pipeThrough(decryptStream(key)).pipeTo(output.writable);
    const client = createClient({ url: `file:${partial}` });
    try {
      const { rows } = await client.execute("PRAGMA integrity_check");
      if (rows.length !== 1 || rows[0][0] !== "ok") {
        throw new Error("the restored database fails SQLite's integrity check");
      }
      // As the product runs it (migrate.ts), and as `turso db import` wants it.
      await client.execute("PRAGMA journal_mode = WAL");
    } finally {
      client.close();
    }
    await Deno.rename(partial, target);
  } catch (error) {
    await Deno.remove(partial).catch(() => {});
    throw error;
  }
  const { size } = await Deno.stat(target);
  return { bytes: size, ms: performance.now() - started };
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}
