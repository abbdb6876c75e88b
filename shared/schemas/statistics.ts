import { z } from "zod";
import { Count } from "./fields.ts";

/** One bar of a dashboard chart. */
export const MonthlyCount = z
  .object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/), count: Count })
  .meta({ id: "MonthlyCount" });
export type MonthlyCount = z.infer<typeof MonthlyCount>;

/**
 * Dashboard statistics (spec section 3). The spec does not say how the per-month series look;
 * they are lists of { month: "YYYY-MM", count }, oldest first.
 */
export const Statistics = z
  .object({
    totalGuests: Count,
    guestsCurrentlyHosting: Count,
    totalReservations: Count,
    reservationsCurrentlyHosting: Count,
    guestsPerMonth: z.array(MonthlyCount),
    reservationsPerMonth: z.array(MonthlyCount),
  })
  .meta({ id: "Statistics" });
export type Statistics = z.infer<typeof Statistics>;
