import { log } from "@core/platform/logger.ts";
import { warnOfDeadlines } from "../../evisitor/deadline-warnings.ts";
import type { Job } from "../job.ts";

/**
 * Every `tickMs` (GUEST_SCHEDULE_TICK_MS), a host is told once per guest and deadline when a
 * registration or check-out is due within six hours or overdue (evisitor/deadline-warnings.ts). Runs after the
 * arrivals and departures jobs in the same round, so guests they have just queued are skipped.
 */
export function deadlineWarningsJob({ tickMs }: { tickMs: number }): Job {
  return {
    name: "deadline-warnings",
    every: tickMs,
    async run({ db, now }) {
      const warnings = await warnOfDeadlines(db, now);
      if (warnings > 0) log.info("deadline warnings created", { warnings });
    },
  };
}
