import type { JetStreamClient } from "@nats-io/jetstream";
import { eq } from "drizzle-orm";
import { AccountReconcileRequested } from "@shared/events.ts";
import type { Database } from "@core/db/client.ts";
import { externalAccounts } from "@core/db/schema/external-accounts.ts";
import { log } from "@core/platform/logger.ts";
import { publishRequest } from "../../runner/publish-request.ts";
import type { Job } from "../job.ts";

/** The daily lease (schedule_marks.name), unchanged since the comparison ran in the evisitor worker. */
export const RECONCILE = "evisitor-reconcile";

/**
 * Publishes one reconciliation request per connected eVisitor account, with the account and the
 * day as message id (a second copy's publish the same day is dropped). Returns how many.
 */
export async function requestReconciliation(
  db: Database,
  js: JetStreamClient,
  now: Date,
  today: string,
): Promise<number> {
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
 * Once a day: the comparison of every connected account's registrations with eVisitor's tourist
 * lists, one request per account for the evisitor worker (reconcile-consumer.ts). Looks every
 * `tickMs` (GUEST_SCHEDULE_TICK_MS) whether today's is still to do.
 */
export function reconciliationJob({ tickMs }: { tickMs: number }): Job {
  return {
    name: RECONCILE,
    every: tickMs,
    daily: true,
    async run({ db, js, now, today }) {
      const accounts = await requestReconciliation(db, js(), now, today);
      log.info("daily reconciliation requested", { accounts });
    },
  };
}
