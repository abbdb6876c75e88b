import type { JetStreamClient } from "@nats-io/jetstream";
import { eq } from "drizzle-orm";
import { AccountReconcileRequested } from "@shared/events.ts";
import type { Database } from "@core/db/client.ts";
import { externalAccounts } from "@core/db/schema/external-accounts.ts";
import { describeError, log } from "@core/platform/logger.ts";
import { today as todayOf } from "@core/services/reservations/stay-dates.ts";
import { runDailyJob } from "../../runner/daily-job.ts";
import { retryUnansweredRegistrations } from "../registration/unanswered-retry.ts";
import { publishRequest } from "../../runner/publish-request.ts";
import { sleep } from "../../runner/sleep.ts";
import { queueArrivals, queueDepartures, warnOfDeadlines } from "./guest-duties.ts";
import { GUEST_DATA_RETENTION, removeExpiredGuestData } from "./guest-data-retention.ts";
import { removeOldContactMessages } from "./contact-message-retention.ts";

const RECONCILE = "evisitor-reconcile";

/** Publishes one reconciliation request per connected eVisitor account. */
async function requestReconciliation(db: Database, js: JetStreamClient, now: Date, today: string) {
  const accounts = await db.select({ id: externalAccounts.id }).from(externalAccounts)
    .where(eq(externalAccounts.status, 2));
  for (const { id } of accounts) {
    await publishRequest(js, AccountReconcileRequested, { externalAccountId: id }, {
      id: `reconcile:${id}:${today}`,
      now,
    });
  }
  return accounts.length;
}

/**
 * The guests' clock, every `tickMs`: automatic check-in on arrival day, automatic check-out after
 * departure, deadline warnings, registrations eVisitor did not answer sent again by themselves, and once a day the comparison with eVisitor's tourist lists and
 * the removal of guests' personal data `retentionDays` after check-out (guest-data-retention.ts)
 * and of contact-form messages support has had for a while (contact-message-retention.ts).
 * Every step is idempotent, so a failed round is simply tried again on the next tick (a daily job
 * cut short is redone once its lease runs out, workers/runner/daily-job.ts).
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
      const retries = await retryUnansweredRegistrations(options.db, now);
      if (arrivals + departures + warnings + retries > 0) {
        log.info("guest schedule round", { arrivals, departures, warnings, retries });
      }
      const today = todayOf(now);
      const reconciled = await runDailyJob(
        options.db,
        RECONCILE,
        { today, now },
        () => requestReconciliation(options.db, options.js(), now, today),
      );
      if (reconciled) log.info("daily reconciliation requested", { accounts: reconciled.result });
      const retention = await runDailyJob(
        options.db,
        GUEST_DATA_RETENTION,
        { today, now },
        async () => ({
          ...await removeExpiredGuestData(options.db, now, {
            retentionDays: options.retentionDays,
          }),
          contactMessages: await removeOldContactMessages(options.db, now),
        }),
      );
      if (retention) {
        // Counts only: nothing about the guests themselves.
        log.info("guest data retention done", {
          ...retention.result,
          retentionDays: options.retentionDays,
        });
      }
    } catch (error) {
      log.warn("guest schedule round failed", describeError(error));
    }
    await sleep(options.tickMs, options.signal);
  }
}
