import { and, eq, isNull, lt, lte, or } from "drizzle-orm";
import type { Database } from "@core/db/client.ts";
import { scheduleMarks } from "@core/db/schema/schedule-marks.ts";

/** Longer than any daily job takes; a copy that died holding the lease blocks the day this long. */
export const DAILY_JOB_LEASE_MS = 30 * 60 * 1000;

/**
 * Runs a once-a-day job unless it already ran today (a local date), with several copies of the
 * workers calling this on their ticks: the copy whose update takes the lease runs it, the others
 * see the lease and skip. The day is marked done when the job has finished. A job that throws, or
 * a copy that dies in the middle, leaves the lease to run out, and the next tick of any copy after
 * that does the day again, so the job must be idempotent (every daily job here is).
 *
 * Returns the job's result, or undefined when this caller did not run it.
 */
export async function runDailyJob<T>(
  db: Database,
  name: string,
  { today, now, leaseMs = DAILY_JOB_LEASE_MS }: { today: string; now: Date; leaseMs?: number },
  job: () => Promise<T>,
): Promise<{ result: T } | undefined> {
  if (!(await takeDailyLease(db, name, { today, now, leaseMs }))) return undefined;
  const result = await job();
  await markDailyJobDone(db, name, today);
  return { result };
}

/** True for the one caller that takes today's lease of the job. Atomic in SQL. */
export async function takeDailyLease(
  db: Database,
  name: string,
  { today, now, leaseMs = DAILY_JOB_LEASE_MS }: { today: string; now: Date; leaseMs?: number },
): Promise<boolean> {
  await db.insert(scheduleMarks).values({ name, lastRunOn: "0000-00-00" }).onConflictDoNothing();
  const taken = await db.update(scheduleMarks)
    .set({ leasedUntil: new Date(now.getTime() + leaseMs) })
    .where(and(
      eq(scheduleMarks.name, name),
      lt(scheduleMarks.lastRunOn, today),
      or(isNull(scheduleMarks.leasedUntil), lte(scheduleMarks.leasedUntil, now)),
    ))
    .returning({ name: scheduleMarks.name });
  return taken.length === 1;
}

/** Records that the job's run of `today` finished, and lets go of the lease. */
export async function markDailyJobDone(db: Database, name: string, today: string): Promise<void> {
  await db.insert(scheduleMarks).values({ name, lastRunOn: today })
    .onConflictDoUpdate({
      target: scheduleMarks.name,
      set: { lastRunOn: today, leasedUntil: null },
    });
}
