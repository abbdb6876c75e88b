import type { JetStreamClient } from "@nats-io/jetstream";
import { and, eq, lt } from "drizzle-orm";
import { AccountReconcileRequested, type EventEnvelope } from "@shared/events.ts";
import type { Database } from "../../../api/db/client.ts";
import { externalAccounts } from "../../../api/db/schema/external-accounts.ts";
import { scheduleMarks } from "../../../api/db/schema/schedule-marks.ts";
import { describeError, log } from "../../../api/lib/logger.ts";
import { today as todayOf } from "../../../api/services/reservations/stay-dates.ts";
import { sleep } from "../../runner/sleep.ts";
import { queueArrivals, queueDepartures, warnOfDeadlines } from "./guest-duties.ts";
import { GUEST_DATA_RETENTION, removeExpiredGuestData } from "./guest-data-retention.ts";

const RECONCILE = "evisitor-reconcile";

/**
 * Claims today's run of a once-a-day job: true for the one caller that moves its mark to today.
 * Atomic in SQL, so several copies of the schedule never both run it.
 */
export async function claimDailyRun(db: Database, name: string, today: string): Promise<boolean> {
  await db.insert(scheduleMarks).values({ name, lastRunOn: "0000-00-00" }).onConflictDoNothing();
  const moved = await db.update(scheduleMarks).set({ lastRunOn: today })
    .where(and(eq(scheduleMarks.name, name), lt(scheduleMarks.lastRunOn, today)))
    .returning({ name: scheduleMarks.name });
  return moved.length === 1;
}

/** Publishes one reconciliation request per connected eVisitor account. */
async function requestReconciliation(db: Database, js: JetStreamClient, now: Date, today: string) {
  const accounts = await db.select({ id: externalAccounts.id }).from(externalAccounts)
    .where(eq(externalAccounts.status, 2));
  for (const { id } of accounts) {
    const eventId = `reconcile:${id}:${today}`;
    const envelope: EventEnvelope = {
      id: eventId,
      subject: AccountReconcileRequested.subject,
      version: AccountReconcileRequested.version,
      occurredAt: now.toISOString(),
      payload: { externalAccountId: id },
    };
    await js.publish(envelope.subject, JSON.stringify(envelope), { msgID: eventId, timeout: 5000 });
  }
  return accounts.length;
}

/**
 * The guests' clock, every `tickMs`: automatic check-in on arrival day, automatic check-out after
 * departure, deadline warnings, and once a day the comparison with eVisitor's tourist lists and
 * the removal of guests' personal data `retentionDays` after check-out (guest-data-retention.ts).
 * Every step is idempotent, so a failed round is simply tried again on the next tick (a daily job
 * cut short is redone the next day).
 */
export async function runGuestSchedule(options: {
  db: Database;
  js: () => JetStreamClient;
  clock: () => Date;
  tickMs: number;
  /** GUEST_DATA_RETENTION_DAYS. */
  retentionDays: number;
  signal: AbortSignal;
}): Promise<void> {
  log.info("guest schedule started", { tickMs: options.tickMs });
  while (!options.signal.aborted) {
    try {
      const now = options.clock();
      const arrivals = await queueArrivals(options.db, now);
      const departures = await queueDepartures(options.db, now);
      const warnings = await warnOfDeadlines(options.db, now);
      if (arrivals + departures + warnings > 0) {
        log.info("guest schedule round", { arrivals, departures, warnings });
      }
      const today = todayOf(now);
      if (await claimDailyRun(options.db, RECONCILE, today)) {
        const accounts = await requestReconciliation(options.db, options.js(), now, today);
        log.info("daily reconciliation requested", { accounts });
      }
      if (await claimDailyRun(options.db, GUEST_DATA_RETENTION, today)) {
        const removed = await removeExpiredGuestData(options.db, now, {
          retentionDays: options.retentionDays,
        });
        // Counts only: nothing about the guests themselves.
        log.info("guest data retention done", { ...removed, retentionDays: options.retentionDays });
      }
    } catch (error) {
      log.warn("guest schedule round failed", describeError(error));
    }
    await sleep(options.tickMs, options.signal);
  }
}
