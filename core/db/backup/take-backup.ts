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
  const tmp = await Deno.makeTempDir({ prefix: TMP_PREFIX }); // mode 0700
  await removeStale(tmp.slice(0, tmp.lastIndexOf("/")), (n) => n.startsWith(TMP_PREFIX), now);
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
    const deleted = await applyRetention(settings.dir, settings.retention, now);
    return { name, bytes: size, ms: performance.now() - started, snapshotMs, deleted };
  } finally {
    await Deno.remove(tmp, { recursive: true }).catch(() => {});
    await Deno.remove(partial).catch(() => {});
  }
}

const TMP_PREFIX = "prijavko-backup-";

/** Longer than any backup takes (its lease is 30 minutes): what is older was left by a crash. */
export const STALE_AFTER_MS = 2 * 60 * 60_000;

/**
 * Removes what a backup killed mid-way left behind, older than STALE_AFTER_MS: a plaintext copy
 * in the temporary folder (guests' data, unencrypted) or a partial file in BACKUP_DIR.
 */
async function removeStale(dir: string, matches: (name: string) => boolean, now: Date) {
  for await (const entry of Deno.readDir(dir)) {
    if (!matches(entry.name)) continue;
    const path = `${dir}/${entry.name}`;
    const { mtime } = await Deno.lstat(path).catch(() => ({ mtime: null }));
    if (mtime && now.getTime() - mtime.getTime() > STALE_AFTER_MS) {
      await Deno.remove(path, { recursive: true }).catch(() => {});
    }
  }
}

/**
 * Removes the backups in `dir` the rule does not keep, and partial files a crash left; returns
 * the backups' names.
 */
export async function applyRetention(
  dir: string,
  rule: RetentionRule,
  now = new Date(),
): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) if (entry.isFile) names.push(entry.name);
  const doomed = backupsToDelete(names, rule);
  for (const name of doomed) await Deno.remove(`${dir}/${name}`).catch(() => {});
  await removeStale(dir, (n) => n.startsWith(".prijavko-") && n.endsWith(".partial"), now);
  return doomed;
}
