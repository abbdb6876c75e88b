import { z } from "zod";
import { SubscriptionStatusSchema } from "../enums.ts";
import { Count, DateTime, Id } from "./fields.ts";

const summaryShape = {
  id: Id,
  packageName: z.string(),
  startDateUtc: DateTime,
  endDateUtc: DateTime,
  status: SubscriptionStatusSchema,
  isTrial: z.boolean(),
};

/** A user's subscription as the admin user list shows it. */
export const SubscriptionSummary = z.object(summaryShape).meta({ id: "SubscriptionSummary" });
export type SubscriptionSummary = z.infer<typeof SubscriptionSummary>;

/**
 * Current subscription (spec section 3). Note the spec writes `startDateUtc` here but
 * `startDateUTC` on reservations; both are kept as written.
 */
export const CurrentSubscription = z
  .object({
    ...summaryShape,
    /** Active now: status Active and today within the dates. */
    isActive: z.boolean(),
    daysRemaining: Count,
  })
  .meta({ id: "CurrentSubscription" });
export type CurrentSubscription = z.infer<typeof CurrentSubscription>;
