import { removeOldStayRequests } from "@core/services/stay-requests/holds.ts";
import { log } from "@core/platform/logger.ts";
import type { Job } from "../job.ts";

/** The daily lease (schedule_marks.name) of the walk-in requests' retention. */
export const STAY_REQUEST_RETENTION = "stay-request-retention";

/**
 * Once a day: walk-in stay requests (issue 20) whose 2 hours ended more than a day ago are
 * deleted, with the name and phone an unanswered one held. Looks every `tickMs`
 * (GUEST_SCHEDULE_TICK_MS) whether today's run is still to do.
 */
export function stayRequestRetentionJob({ tickMs }: { tickMs: number }): Job {
  return {
    name: STAY_REQUEST_RETENTION,
    every: tickMs,
    daily: true,
    async run({ db, now }) {
      const removed = await removeOldStayRequests(db, now);
      log.info("stay request retention done", { stayRequests: removed });
    },
  };
}
