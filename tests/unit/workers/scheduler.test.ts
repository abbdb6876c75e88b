/**
 * The scheduler's one tick loop (workers/scheduler/scheduler.ts) on a fake clock: `every` jobs on
 * their interval, daily jobs once a day under their lease, also with two copies running, and the
 * product's job list.
 */
import assert from "node:assert/strict";
import type { Job, JobContext } from "../../../workers/scheduler/job.ts";
import { runScheduler, type SchedulerTimer } from "../../../workers/scheduler/scheduler.ts";
import { scheduledJobs } from "../../../workers/scheduler/jobs.ts";
import { DAILY_JOB_LEASE_MS } from "../../../workers/runner/daily-job.ts";
import { createTestDatabase } from "../../support/database.ts";
import type { Database } from "@core/db/client.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Fake time shared by `copies` schedulers: it moves on only when every copy is asleep, to the
 * earliest wake-up, so the copies interleave as they would on one real clock. Past `untilMs` it
 * aborts them all.
 */
function fakeTime(start: Date, { copies = 1, untilMs }: { copies?: number; untilMs: number }) {
  let ms = 0;
  const controller = new AbortController();
  const asleep: { at: number; wake: () => void }[] = [];
  const timer: SchedulerTimer = {
    now: () => ms,
    sleep: (wait, signal) =>
      new Promise<void>((wake) => {
        assert.ok(wait >= 0, "never a negative pause");
        if (signal.aborted) return wake();
        asleep.push({ at: ms + wait, wake });
        if (asleep.length < copies) return;
        asleep.sort((a, b) => a.at - b.at);
        const next = asleep.shift()!;
        if (next.at > untilMs) {
          controller.abort();
          for (const other of [next, ...asleep.splice(0)]) other.wake();
          return;
        }
        ms = next.at;
        next.wake();
      }),
  };
  return {
    timer,
    clock: () => new Date(start.getTime() + ms),
    elapsed: () => ms,
    /** Lets the fake time move by `by` inside a job, as a slow job would. */
    spend: (by: number) => void (ms += by),
    signal: controller.signal,
  };
}

const noNats = () => {
  throw new Error("no NATS in this test");
};

/** A job that records when it ran (fake milliseconds since start). */
function recording(name: string, every: number, elapsed: () => number, options: Partial<Job> = {}) {
  const runs: number[] = [];
  const job: Job = {
    name,
    every,
    run: () => {
      runs.push(elapsed());
      return Promise.resolve();
    },
    ...options,
  };
  return { job, runs };
}

Deno.test("every job runs at start and then `every` after its round ends, in list order", async () => {
  const time = fakeTime(new Date("2026-08-10T07:00:00Z"), { untilMs: 10_000 });
  const order: string[] = [];
  const fast = recording("fast", 1000, time.elapsed);
  const slow = recording("slow", 2500, time.elapsed);
  const failing: Job = {
    name: "failing",
    every: 1000,
    run: () => Promise.reject(new Error("always fails")),
  };
  const logged = (job: Job): Job => ({
    ...job,
    run: (ctx: JobContext) => {
      order.push(job.name);
      return job.run(ctx);
    },
  });
  await runScheduler({
    jobs: [logged(fast.job), logged(failing), logged(slow.job)],
    db: undefined as unknown as Database, // no daily job here
    js: noNats,
    clock: time.clock,
    signal: time.signal,
    timer: time.timer,
  });
  assert.deepEqual(fast.runs, [0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10_000]);
  assert.deepEqual(slow.runs, [0, 2500, 5000, 7500, 10_000]);
  assert.deepEqual(order.slice(0, 3), ["fast", "failing", "slow"], "due together: list order");
  assert.equal(order.filter((name) => name === "failing").length, 11, "a failure stops nothing");
});

Deno.test("the pause is counted from the end of a round, as the old tick loops slept", async () => {
  const time = fakeTime(new Date("2026-08-10T07:00:00Z"), { untilMs: 5000 });
  const slow = recording("slow", 1000, time.elapsed, {
    run: () => {
      slow.runs.push(time.elapsed());
      time.spend(500);
      return Promise.resolve();
    },
  });
  await runScheduler({
    jobs: [slow.job],
    db: undefined as unknown as Database,
    js: noNats,
    clock: time.clock,
    signal: time.signal,
    timer: time.timer,
  });
  assert.deepEqual(slow.runs, [0, 1500, 3000, 4500]);
});

Deno.test("the jobs see one reading of the clock per round and its Zagreb date", async () => {
  // 23:30 in Zagreb on 10 August (UTC+2).
  const time = fakeTime(new Date("2026-08-10T21:30:00Z"), { untilMs: HOUR });
  const seen: { now: string; today: string }[] = [];
  const job = (name: string): Job => ({
    name,
    every: 45 * MINUTE,
    run: ({ now, today }) => {
      seen.push({ now: now.toISOString(), today });
      time.spend(1000); // the clock moves on while a job runs
      return Promise.resolve();
    },
  });
  await runScheduler({
    jobs: [job("a"), job("b")],
    db: undefined as unknown as Database,
    js: noNats,
    clock: time.clock,
    signal: time.signal,
    timer: time.timer,
  });
  assert.deepEqual(seen, [
    { now: "2026-08-10T21:30:00.000Z", today: "2026-08-10" },
    { now: "2026-08-10T21:30:00.000Z", today: "2026-08-10" },
    { now: "2026-08-10T22:15:02.000Z", today: "2026-08-11" },
    { now: "2026-08-10T22:15:02.000Z", today: "2026-08-11" },
  ]);
});

async function withDatabase(fn: (db: Database) => Promise<void>) {
  const database = await createTestDatabase();
  try {
    await fn(database.db);
  } finally {
    await database.dispose();
  }
}

Deno.test("a daily job runs once a day under its lease, even with two copies of the scheduler", () =>
  withDatabase(async (db) => {
    // 22:00 in Zagreb on 10 August; three days and a bit.
    const start = new Date("2026-08-10T20:00:00Z");
    const time = fakeTime(start, { copies: 2, untilMs: 3 * 24 * HOUR + HOUR });
    const runs: { copy: number; today: string; at: string }[] = [];
    let failOnce = true;
    const daily = (copy: number): Job => ({
      name: "test-daily",
      every: 10 * MINUTE,
      daily: true,
      run: ({ today, now }) => {
        runs.push({ copy, today, at: now.toISOString() });
        // The run on 12 August fails once: the lease holds the day until it runs out.
        if (today === "2026-08-12" && failOnce) {
          failOnce = false;
          return Promise.reject(new Error("failed in the middle"));
        }
        return Promise.resolve();
      },
    });
    const copy = (n: number) =>
      runScheduler({
        jobs: [daily(n)],
        db,
        js: noNats,
        clock: time.clock,
        signal: time.signal,
        timer: time.timer,
      });
    await Promise.all([copy(1), copy(2)]);

    const days = runs.map((r) => r.today);
    assert.deepEqual(days, ["2026-08-10", "2026-08-11", "2026-08-12", "2026-08-12", "2026-08-13"]);
    // Midnight in Zagreb is 22:00 UTC: the day's run is on the first look after it.
    assert.equal(runs[1].at, "2026-08-10T22:00:00.000Z");
    assert.equal(runs[2].at, "2026-08-11T22:00:00.000Z");
    // The failed run is done again once its lease has run out, not before.
    assert.equal(Date.parse(runs[3].at) - Date.parse(runs[2].at), DAILY_JOB_LEASE_MS);
    assert.equal(runs[4].at, "2026-08-12T22:00:00.000Z");
  }));

Deno.test("the product's job list: every timed job once, guests' jobs in the old round's order", () => {
  const jobs = scheduledJobs({
    guestTickMs: 60_000,
    guestDataRetentionDays: 30,
    calendarIntervalMs: 15 * MINUTE,
    calendarTickMs: 30_000,
    billingTickMs: 10 * MINUTE,
  });
  assert.deepEqual(
    jobs.map((job) => [job.name, job.every, job.daily ?? false]),
    [
      ["arrivals", 60_000, false],
      ["departures", 60_000, false],
      ["deadline-warnings", 60_000, false],
      ["unanswered-retries", 60_000, false],
      // Daily jobs: the lease names are the ones recorded before the scheduler existed.
      ["evisitor-reconcile", 60_000, true],
      ["guest-data-retention", 60_000, true],
      ["contact-message-retention", 60_000, true],
      ["account-history-retention", 60_000, true],
      ["stay-request-retention", 60_000, true],
      // Every tick: an account whose deletion grace ended goes within a minute.
      ["account-erasure", 60_000, false],
      ["calendar-due", 30_000, false],
      ["billing-daily", 10 * MINUTE, true],
    ],
  );
  const defaults = new Map(
    scheduledJobs({ calendarIntervalMs: HOUR }).map((job) => [job.name, job.every]),
  );
  assert.equal(defaults.get("arrivals"), MINUTE, "GUEST_SCHEDULE_TICK_MS' default");
  assert.equal(defaults.get("calendar-due"), 5_000, "CALENDAR_SCHEDULE_TICK_MS' default");
  assert.equal(defaults.get("billing-daily"), 10 * MINUTE, "billing looks every ten minutes");
  const off = scheduledJobs({ guestTickMs: 0, billingTickMs: 0, calendarIntervalMs: HOUR });
  assert.deepEqual(off.map((job) => job.name), ["calendar-due"], "0 leaves jobs out");
});
