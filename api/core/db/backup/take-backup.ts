import type { DatabaseConfig } from "../client.ts";
import { encryptStream } from "./backup-cipher.ts";
import { backupFileName, backupsToDelete, type RetentionRule } from "./retention.ts";
import { snapshotDatabase } from "./snapshot.ts";

export interface BackupSettings {
  /** BACKUP_DIR: another disk, or a mounted object store; created if missing. */
  dir: string;
  /** BACKUP_ENCRYPTION_KEY, 32 bytes (backup-cipher.ts parseBackupKey). */
  key: Uint8Array;
  retention: RetentionRule;
}

export interface BackupTaken {
  /** The file's name in the folder (it says when: retention.ts). */
  name: string;
  /** The encrypted file's size. */
  bytes: number;
  /** How long the copy and the encryption took, and the copy alone. */
  ms: number;
  snapshotMs: number;
  /** Older backups the retention rule removed. */
  deleted: string[];
}

/**
 * One backup: an online copy of the database into a private temporary folder (snapshot.ts),
 * encrypted as it is streamed into BACKUP_DIR under a hidden partial name, flushed to disk and
 * then renamed, so the folder only ever shows whole backups; then the retention rule removes what
 * it no longer keeps. The plaintext copy is deleted whatever happens. The temporary folder is
 * Deno's (TMPDIR): it needs room for one plaintext copy of the database.
 */
export async function takeBackup(
  source: DatabaseConfig,
  settings: BackupSettings,
  now: Date,
): Promise<BackupTaken> {
  const started = performance.now();
  await Deno.mkdir(settings.dir, { recursive: true, mode: 0o700 });
  const tmp = await Deno.makeTempDir({ prefix: "prijavko-backup-" }); // mode 0700
  const name = backupFileName(now);
  const partial = `${settings.dir}/.${name}.partial`;
  try {
    const plain = `${tmp}/snapshot.db`;
    await snapshotDatabase(source, plain);
    const snapshotMs = performance.now() - started;
    const input = await Deno.open(plain, { read: true });
    const output = await Deno.open(partial, {
      write: true,
      create: true,
      truncate: true,
      mode: 0o600,
    });
    await input.readable.pipeThrough(encryptStream(settings.key)).pipeTo(output.writable);
    const written = await Deno.open(partial, { read: true });
    try {
      await written.sync();
    } finally {
      written.close();
    }
    await Deno.rename(partial, `${settings.dir}/${name}`);
    const { size } = await Deno.stat(`${settings.dir}/${name}`);
    const deleted = await applyRetention(settings.dir, settings.retention);
    return { name, bytes: size, ms: performance.now() - started, snapshotMs, deleted };
  } finally {
    await Deno.remove(tmp, { recursive: true }).catch(() => {});
    await Deno.remove(partial).catch(() => {});
  }
}

/** Removes the backups in `dir` the rule does not keep; returns their names. */
export async function applyRetention(dir: string, rule: RetentionRule): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) if (entry.isFile) names.push(entry.name);
  const doomed = backupsToDelete(names, rule);
  for (const name of doomed) await Deno.remove(`${dir}/${name}`).catch(() => {});
  return doomed;
}
