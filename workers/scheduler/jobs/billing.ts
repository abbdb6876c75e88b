import { log } from "@core/platform/logger.ts";
import { BILLING_DAILY, runBillingDay } from "../../billing/billing-daily.ts";
import type { Job } from "../job.ts";

/**
 * Once a day: ended subscriptions expire, hosts are warned a week before theirs ends, and
 * purchase requests nobody paid are closed (billing-daily.ts). Looks every `tickMs` (ten minutes
 * unless told otherwise) whether today's run is still to do.
 */
export function billingJob({ tickMs }: { tickMs: number }): Job {
  return {
    name: BILLING_DAILY,
    every: tickMs,
    daily: true,
    async run({ db, now }) {
      log.info("billing day done", await runBillingDay(db, now));
    },
  };
}
