import { log } from "@core/platform/logger.ts";
import {
  retryUnansweredCheckOuts,
  retryUnansweredRegistrations,
} from "@core/services/guests/registration/due-work.ts";
import type { Job } from "../job.ts";

/**
 * Every `tickMs` (GUEST_SCHEDULE_TICK_MS), registrations and check-outs eVisitor never answered
 * (or its firewall refused) are queued again once their retry time has come (core/services/guests/registration/due-work.ts).
 */
export function unansweredRetriesJob({ tickMs }: { tickMs: number }): Job {
  return {
    name: "unanswered-retries",
    every: tickMs,
    async run({ db, now }) {
      const retries = await retryUnansweredRegistrations(db, now);
      if (retries > 0) log.info("unanswered registrations sent again", { retries });
      const checkOuts = await retryUnansweredCheckOuts(db, now);
      if (checkOuts > 0) log.info("unanswered check-outs sent again", { checkOuts });
    },
  };
}
