import type { JetStreamClient } from "@nats-io/jetstream";
import type { Database } from "@core/db/client.ts";

/** What a job gets on each run. */
export interface JobContext {
  db: Database;
  /** JetStream, for the jobs that publish a request directly (runner/publish-request.ts). */
  js: () => JetStreamClient;
  /** The time of this round: one clock reading for every job due together. */
  now: Date;
  /** `now`'s date in Zagreb: the day a daily job's lease is for. */
  today: string;
}

/**
 * One timed job of the scheduler worker (scheduler.ts). `every` is the pause in milliseconds
 * between the end of one run and the start of the next, the first run being at start. A
 * `daily` job looks that often whether today's run is still to do: it runs under today's lease
 * (runner/daily-job.ts, its `name` is the lease), so among all copies of the scheduler it runs
 * once a day, shortly after midnight in Zagreb, and again only if the copy running it died or
 * it failed. Every job must be safe with several copies of the scheduler running it.
 */
export interface Job {
  /** Unique; for a daily job also its lease (schedule_marks.name), so never renamed lightly. */
  name: string;
  every: number;
  daily?: true;
  run(ctx: JobContext): Promise<void>;
}
