import { DEFAULT_GUEST_DATA_RETENTION_DAYS } from "@core/services/guests/guest-data-retention.ts";
import type { Job } from "./job.ts";
import { arrivalsJob } from "./jobs/arrivals.ts";
import { billingJob } from "./jobs/billing.ts";
import { calendarDueJob } from "./jobs/calendar-due.ts";
import { accountErasureJob } from "./jobs/account-erasure.ts";
import { accountHistoryRetentionJob } from "./jobs/account-history-retention.ts";
import { contactRetentionJob } from "./jobs/contact-retention.ts";
import { deadlineWarningsJob } from "./jobs/deadline-warnings.ts";
import { departuresJob } from "./jobs/departures.ts";
import { guestRetentionJob } from "./jobs/guest-retention.ts";
import { reconciliationJob } from "./jobs/reconciliation.ts";
import { stayRequestRetentionJob } from "./jobs/stay-request-retention.ts";
import { databaseBackupJob, type DatabaseBackupOptions } from "./jobs/database-backup.ts";
import { unansweredRetriesJob } from "./jobs/unanswered-retries.ts";

export interface ScheduleOptions {
  /**
   * GUEST_SCHEDULE_TICK_MS: how often arrivals, departures, deadline warnings and unanswered
   * retries run, how often the daily comparison with eVisitor and the four retention jobs look
   * for today's run, and how often accounts whose deletion is due are erased; 0 leaves all of them
   * out. A minute by default.
   */
  guestTickMs?: number;
  /** GUEST_DATA_RETENTION_DAYS. */
  guestDataRetentionDays?: number;
  /** How often each calendar feed is fetched (CALENDAR_SYNC_INTERVAL_MINUTES). */
  calendarIntervalMs: number;
  /** CALENDAR_SCHEDULE_TICK_MS: how often the calendar job looks for feeds due. 5 s by default. */
  calendarTickMs?: number;
  /** How often the billing job looks for today's run; 0 leaves it out. Ten minutes by default. */
  billingTickMs?: number;
  /** The database backup (BACKUP_DIR and the rest); left out when backups are not configured. */
  backup?: DatabaseBackupOptions;
}

/**
 * Every timed job of the product, in the order they run when due together (scheduler.ts): the
 * guests' jobs in the order the guests' clock always ran them, then calendars, then billing, then
 * the database backup.
 */
export function scheduledJobs(options: ScheduleOptions): Job[] {
  const jobs: Job[] = [];
  const guestTickMs = options.guestTickMs ?? 60_000;
  if (guestTickMs !== 0) {
    const tickMs = guestTickMs;
    jobs.push(
      arrivalsJob({ tickMs }),
      departuresJob({ tickMs }),
      deadlineWarningsJob({ tickMs }),
      unansweredRetriesJob({ tickMs }),
      reconciliationJob({ tickMs }),
      guestRetentionJob({
        tickMs,
        retentionDays: options.guestDataRetentionDays ?? DEFAULT_GUEST_DATA_RETENTION_DAYS,
      }),
      contactRetentionJob({ tickMs }),
      accountHistoryRetentionJob({ tickMs }),
      stayRequestRetentionJob({ tickMs }),
      accountErasureJob({ tickMs }),
    );
  }
  jobs.push(calendarDueJob({
    intervalMs: options.calendarIntervalMs,
    tickMs: options.calendarTickMs ?? 5_000,
  }));
  const billingTickMs = options.billingTickMs ?? 10 * 60_000;
  if (billingTickMs !== 0) jobs.push(billingJob({ tickMs: billingTickMs }));
  if (options.backup) jobs.push(databaseBackupJob(options.backup));
  return jobs;
}
