import { sql } from "drizzle-orm";
import { accountsDueForErasure, eraseAccount } from "@core/services/users/erase-account.ts";
import { log } from "@core/platform/logger.ts";
import type { Job } from "../job.ts";

export const ACCOUNT_ERASURE = "account-erasure";

/**
 * Erases the accounts whose deletion grace (14 days) has ended, each in its own transaction
 * (services/users/erase-account.ts). Runs every `tickMs` (GUEST_SCHEDULE_TICK_MS), so an account
 * goes within a minute of its due time; an erasure re-checks the due time, so a cancel that came
 * first wins, and several copies of the scheduler erase each account once.
 */
export function accountErasureJob({ tickMs }: { tickMs: number }): Job {
  return {
    name: ACCOUNT_ERASURE,
    every: tickMs,
    async run({ db, now }) {
      const due = await accountsDueForErasure(db, now);
      if (due.length === 0) return;
      let erased = 0;
      for (const userId of due) {
        if (await eraseAccount(db, userId, now)) erased++;
      }
      // As the guest-data retention does: the write-ahead log is emptied, so the erased rows'
      // old page versions do not stay in it (best effort: a reader can hold it back).
      if (erased > 0) await db.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`).catch(() => {});
      // A count only: no ids or addresses of the people who left.
      if (erased > 0) log.info("accounts erased", { erased });
    },
  };
}
