import { log } from "@core/platform/logger.ts";
import { queueArrivals } from "@core/services/guests/registration/due-work.ts";
import type { Job } from "../job.ts";

/**
 * Automatic check-in: every `tickMs` (GUEST_SCHEDULE_TICK_MS), guests who completed the form
 * before arrival are queued for registration on the arrival day (core/services/guests/registration/due-work.ts).
 */
export function arrivalsJob({ tickMs }: { tickMs: number }): Job {
  return {
    name: "arrivals",
    every: tickMs,
    async run({ db, now }) {
      const arrivals = await queueArrivals(db, now);
      if (arrivals > 0) log.info("arrivals queued for check-in", { guests: arrivals });
    },
  };
}
