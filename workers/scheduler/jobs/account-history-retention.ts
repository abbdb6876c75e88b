import { removeOldAccountEvents } from "@core/services/users/account-history.ts";
import { log } from "@core/platform/logger.ts";
import type { Job } from "../job.ts";

/** The daily lease (schedule_marks.name) of the account history's retention. */
export const ACCOUNT_HISTORY_RETENTION = "account-history-retention";

/**
 * Once a day: account history entries older than a year (ACCOUNT_HISTORY_RETENTION_DAYS) are
 * deleted. Looks every `tickMs` (GUEST_SCHEDULE_TICK_MS) whether today's run is still to do.
 */
export function accountHistoryRetentionJob({ tickMs }: { tickMs: number }): Job {
  return {
    name: ACCOUNT_HISTORY_RETENTION,
    every: tickMs,
    daily: true,
    async run({ db, now }) {
      const removed = await removeOldAccountEvents(db, now);
      log.info("account history retention done", { accountEvents: removed });
    },
  };
}
