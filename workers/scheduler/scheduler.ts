import type { JetStreamClient } from "@nats-io/jetstream";
import type { Database } from "@core/db/client.ts";
import { describeError, log } from "@core/platform/logger.ts";
import { today as todayOf } from "@core/services/reservations/stay-dates.ts";
import { runDailyJob } from "../runner/daily-job.ts";
import { sleep } from "../runner/sleep.ts";
import type { Job, JobContext } from "./job.ts";

/** How the scheduler measures its pauses; tests give a fake one. */
export interface SchedulerTimer {
  /** Milliseconds on a clock that only moves forward (not the wall clock). */
  now(): number;
  /** Waits `ms`, or less if the signal aborts; never rejects. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

const realTimer: SchedulerTimer = { now: () => performance.now(), sleep };

export interface SchedulerOptions {
  /** Run in this order when due together (scheduler/jobs.ts). */
  jobs: readonly Job[];
  db: Database;
  js: () => JetStreamClient;
  /** The wall clock the jobs see (`now`, `today`). */
  clock: () => Date;
  signal: AbortSignal;
  timer?: SchedulerTimer;
}

/**
 * The one tick loop of the product's timed work. Every job runs at start; the jobs due together
 * run one after another in list order, with one reading of the clock (so the guests' jobs keep
 * their order: arrivals and departures are queued before deadline warnings look at who is left),
 * and each is next due `every` after that round ends. A failed job is logged and tried again when
 * next due; the others run regardless. Returns when the signal aborts, after the job in hand.
 */
export async function runScheduler(options: SchedulerOptions): Promise<void> {
  const { jobs, signal } = options;
  const timer = options.timer ?? realTimer;
  log.info("scheduler started", {
    jobs: jobs.map((job) =>
      `${job.name} (${job.daily ? "daily, looks every" : "every"} ${job.every} ms)`
    ),
  });
  if (jobs.length === 0) return;
  const nextAt = new Map<Job, number>();
  while (!signal.aborted) {
    const due = jobs.filter((job) => (nextAt.get(job) ?? -Infinity) <= timer.now());
    if (due.length > 0) {
      const now = options.clock();
      const ctx: JobContext = { db: options.db, js: options.js, now, today: todayOf(now) };
      for (const job of due) {
        if (signal.aborted) return;
        await runJob(job, ctx);
      }
      const end = timer.now();
      for (const job of due) nextAt.set(job, end + job.every);
    }
    const soonest = Math.min(...jobs.map((job) => nextAt.get(job)!));
    await timer.sleep(Math.max(0, soonest - timer.now()), signal);
  }
}

async function runJob(job: Job, ctx: JobContext): Promise<void> {
  try {
    if (job.daily) {
      await runDailyJob(ctx.db, job.name, { today: ctx.today, now: ctx.now }, () => job.run(ctx));
    } else {
      await job.run(ctx);
    }
  } catch (error) {
    log.warn("scheduled job failed", { job: job.name, ...describeError(error) });
  }
}
