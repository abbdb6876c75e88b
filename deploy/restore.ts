/**
 * Restores a database backup (written by the scheduler's backup job, docs/operations.md
 * "Backups") into a new database file:
 *
 *   BACKUP_ENCRYPTION_KEY=… deno task restore <backup file, or BACKUP_DIR for its newest> <new .db file>
 *
 * It decrypts the backup (a wrong key, or a damaged or truncated file, stops it with nothing
 * written), checks the database with SQLite's integrity check, and queues again the eVisitor work
 * that was under way when the backup was taken (core/db/backup/requeue-in-flight.ts), so it
 * resumes when the product starts on the restored file. It never writes over an existing file.
 * It prints what the restored database holds, as counts only (no personal data).
 */
import { count, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { createDatabase } from "@core/db/client.ts";
import { parseBackupKey } from "@core/db/backup/backup-cipher.ts";
import { requeueInFlight } from "@core/db/backup/requeue-in-flight.ts";
import { restoreBackup } from "@core/db/backup/restore-backup.ts";
import { backupTakenAt } from "@core/db/backup/retention.ts";
import { guests } from "@core/db/schema/guests.ts";
import { outbox } from "@core/db/schema/outbox.ts";
import { reservations } from "@core/db/schema/reservations.ts";
import { users } from "@core/db/schema/users.ts";
import { parseConfig, runMain } from "@core/platform/config.ts";

const RestoreEnv = z.object({
  BACKUP_ENCRYPTION_KEY: z.string({ error: "is required: the key the backups were made with" }),
});

/** A backup file, or the newest backup in a folder. */
async function backupFileOf(path: string): Promise<string> {
  if (!(await Deno.stat(path)).isDirectory) return path;
  const names: string[] = [];
  for await (const entry of Deno.readDir(path)) {
    if (entry.isFile && backupTakenAt(entry.name)) names.push(entry.name);
  }
  if (names.length === 0) throw new Error(`no backup in ${path}`);
  return `${path}/${names.sort().at(-1)}`;
}

await runMain(async () => {
  const [from, to] = Deno.args;
  if (!from || !to) {
    console.error("usage: deno task restore <backup file or folder> <new database file>");
    Deno.exit(2);
  }
  const config = parseConfig(RestoreEnv, Deno.env.toObject(), "restore");
  const backup = await backupFileOf(from);
  const restored = await restoreBackup(backup, parseBackupKey(config.BACKUP_ENCRYPTION_KEY), to);
  const { db, client } = createDatabase({ url: `file:${to}` });
  try {
    const requeued = await requeueInFlight(db, new Date());
    const n = async (query: Promise<{ n: number }[]>) => (await query)[0].n;
    console.log(JSON.stringify({
      level: "info",
      msg: "backup restored",
      backup: backup.slice(backup.lastIndexOf("/") + 1),
      takenAt: backupTakenAt(backup.slice(backup.lastIndexOf("/") + 1))?.toISOString(),
      database: to,
      bytes: restored.bytes,
      ms: Math.round(restored.ms),
      users: await n(db.select({ n: count() }).from(users)),
      stays: await n(db.select({ n: count() }).from(reservations)),
      guests: await n(db.select({ n: count() }).from(guests)),
      registered: await n(
        db.select({ n: count() }).from(guests).where(eq(guests.registrationState, "registered")),
      ),
      outboxToRelay: await n(
        db.select({ n: count() }).from(outbox).where(isNull(outbox.publishedAt)),
      ),
      requeued,
    }));
    // One file, no -wal beside it: ready to copy, or to `turso db import`.
    await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    client.close();
  }
});
