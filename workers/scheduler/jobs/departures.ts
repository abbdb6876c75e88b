import { log } from "@core/platform/logger.ts";
import { queueDepartures } from "@core/services/guests/registration/due-work.ts";
import type { Job } from "../job.ts";

/**
 * Automatic check-out: every `tickMs` (GUEST_SCHEDULE_TICK_MS), registered guests whose stay has
 * ended are queued for check-out of eVisitor (core/services/guests/registration/due-work.ts).
 */
export function departuresJob({ tickMs }: { tickMs: number }): Job {
  return {
    name: "departures",
    every: tickMs,
    async run({ db, now }) {
      const departures = await queueDepartures(db, now);
      if (departures > 0) log.info("departures queued for check-out", { guests: departures });
    },
  };
}
