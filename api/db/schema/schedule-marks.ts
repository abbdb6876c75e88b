import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The last day a once-a-day job ran. Several copies of the workers may run its schedule; the one
 * whose update moves the day forward does the job, the others see no change and skip it.
 */
export const scheduleMarks = sqliteTable("schedule_marks", {
  name: text().primaryKey(),
  /** Local date (Europe/Zagreb) of the last run. */
  lastRunOn: text().notNull(),
});
