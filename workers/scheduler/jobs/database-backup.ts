import { eq } from "drizzle-orm";
import type { DatabaseConfig } from "@core/db/client.ts";
import { scheduleMarks } from "@core/db/schema/schedule-marks.ts";
import { type BackupSettings, takeBackup } from "@core/db/backup/take-backup.ts";
import { log } from "@core/platform/logger.ts";
import { runDailyJob } from "../../runner/daily-job.ts";
import type { Job } from "../job.ts";

/** The lease (schedule_marks.name): its `last_run_on` holds the last period backed up. */
export const DATABASE_BACKUP = "database-backup";

export interface DatabaseBackupOptions {
  /** The database to copy (DATABASE_URL, DATABASE_AUTH_TOKEN): a client of the backup's own. */
  source: DatabaseConfig;
  settings: BackupSettings;
  /**
   * BACKUP_INTERVAL_MINUTES, in ms: one backup per period of this length, counted
   * from the Unix epoch (so from midnight UTC for intervals that divide a day).
   */
  intervalMs: number;
}

/** The period `now` falls in, as its start (ISO, UTC): later periods sort after earlier ones. */
export function backupPeriodOf(now: Date, intervalMs: number): string {
  return new Date(Math.floor(now.getTime() / intervalMs) * intervalMs).toISOString();
}

/**
 * One encrypted backup of the database per period (take-backup.ts), taken while the product runs.
 * Among all copies of the scheduler one takes the period's lease (runner/daily-job.ts, with the
 * period in place of the day), so a period is backed up once. A backup that fails lets go of the
 * lease and is tried again at the next look (a minute later); a copy that dies mid-way leaves the
 * lease to run out (30 min) and then any copy takes the backup. The first look is at
 * start, so a new deployment has a backup at once. Logs the file's name and size only.
 */
export function databaseBackupJob(options: DatabaseBackupOptions): Job {
  return {
    name: DATABASE_BACKUP,
    every: Math.min(60_000, options.intervalMs),
    async run({ db, now }) {
      const period = backupPeriodOf(now, options.intervalMs);
      await runDailyJob(db, DATABASE_BACKUP, { today: period, now }, async () => {
        let taken;
        try {
          taken = await takeBackup(options.source, options.settings, now);
        } catch (error) {
          // Let go of the lease: the next look (a minute on) tries again, not the lease's end.
          await db.update(scheduleMarks).set({ leasedUntil: null })
            .where(eq(scheduleMarks.name, DATABASE_BACKUP));
          throw error;
        }
        log.info("database backup taken", {
          file: taken.name,
          bytes: taken.bytes,
          ms: Math.round(taken.ms),
          snapshotMs: Math.round(taken.snapshotMs),
          deleted: taken.deleted.length,
        });
      });
    },
  };
}
