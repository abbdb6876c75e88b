/**
 * Backup files and which of them to keep. A backup is named for the moment it was taken (UTC),
 * `prijavko-20261129T174200Z.db.enc`, so names sort by time and say it without opening the file.
 */
const NAME = /^prijavko-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.db\.enc$/;

export function backupFileName(takenAt: Date): string {
  const stamp = takenAt.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  return `prijavko-${stamp}.db.enc`;
}

/** When the backup of this name was taken; undefined for any other file. */
export function backupTakenAt(name: string): Date | undefined {
  const m = NAME.exec(name);
  if (!m) return undefined;
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
}

/**
 * BACKUP_KEEP_LAST, BACKUP_KEEP_DAILY, BACKUP_KEEP_WEEKLY: the newest `last` backups, the newest
 * of each of the `daily` most recent days that have one, and the newest of each of the `weekly`
 * most recent ISO weeks that have one (days and weeks in UTC). A backup kept by any rule stays.
 */
export interface RetentionRule {
  last: number;
  daily: number;
  weekly: number;
}

/** The backup files (names) the rule lets go; other files in the folder are never listed. */
export function backupsToDelete(names: readonly string[], rule: RetentionRule): string[] {
  const backups = names
    .map((name) => ({ name, at: backupTakenAt(name) }))
    .filter((b): b is { name: string; at: Date } => b.at !== undefined)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<string>(backups.slice(0, rule.last).map((b) => b.name));
  const newestPer = (period: (at: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const backup of backups) {
      const key = period(backup.at);
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      keep.add(backup.name);
    }
  };
  newestPer((at) => at.toISOString().slice(0, 10), rule.daily);
  newestPer(isoWeekOf, rule.weekly);
  return backups.filter((b) => !keep.has(b.name)).map((b) => b.name);
}

/** "2026-W48": the ISO week (Monday first; week 1 holds the year's first Thursday). */
export function isoWeekOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday); // the Thursday of this week
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}
