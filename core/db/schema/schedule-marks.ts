import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Once-a-day jobs (workers/runner/daily-job.ts). Several copies of the workers may run a job's
 * schedule; the one that takes the lease does the job, and the day counts as done only when it
 * finished. A copy that dies in the middle leaves a lease that runs out, and another does the day.
 */
export const scheduleMarks = sqliteTable("schedule_marks", {
  name: text().primaryKey(),
  /** Local date (Europe/Zagreb) of the last run that finished. */
  lastRunOn: text().notNull(),
  /** Until when a copy of the workers is running today's job; null when none is. */
  leasedUntil: integer({ mode: "timestamp_ms" }),
});
