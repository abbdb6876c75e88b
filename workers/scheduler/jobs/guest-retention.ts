import { log } from "@core/platform/logger.ts";
import {
  GUEST_DATA_RETENTION,
  removeExpiredGuestData,
} from "@core/services/guests/guest-data-retention.ts";
import type { Job } from "../job.ts";

/**
 * Once a day: guests' personal data is removed `retentionDays` (GUEST_DATA_RETENTION_DAYS) after
 * check-out, once eVisitor is done with them (guest-data-retention.ts). Looks every `tickMs`
 * (GUEST_SCHEDULE_TICK_MS) whether today's run is still to do.
 */
export function guestRetentionJob(
  { tickMs, retentionDays }: { tickMs: number; retentionDays: number },
): Job {
  return {
    name: GUEST_DATA_RETENTION,
    every: tickMs,
    daily: true,
    async run({ db, now }) {
      const removed = await removeExpiredGuestData(db, now, { retentionDays });
      // Counts only: nothing about the guests themselves.
      log.info("guest data retention done", { ...removed, retentionDays });
    },
  };
}
