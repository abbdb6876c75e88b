import { parseBackupKey } from "@core/db/backup/backup-cipher.ts";
import { log } from "@core/platform/logger.ts";
import type { WorkersConfig } from "../env.ts";
import type { DatabaseBackupOptions } from "./jobs/database-backup.ts";

/** The backup job's settings from the configuration; undefined (and said once) without BACKUP_DIR. */
export function backupOptionsOf(config: WorkersConfig): DatabaseBackupOptions | undefined {
  if (!config.WORKERS.includes("scheduler")) return undefined;
  if (!config.BACKUP_DIR || !config.BACKUP_ENCRYPTION_KEY) {
    log.warn("database backups are off: BACKUP_DIR is not set");
    return undefined;
  }
  return {
    source: { url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN },
    settings: {
      dir: config.BACKUP_DIR,
      key: parseBackupKey(config.BACKUP_ENCRYPTION_KEY),
      retention: {
        last: config.BACKUP_KEEP_LAST,
        daily: config.BACKUP_KEEP_DAILY,
        weekly: config.BACKUP_KEEP_WEEKLY,
      },
    },
    intervalMs: config.BACKUP_INTERVAL_MINUTES * 60_000,
  };
}
