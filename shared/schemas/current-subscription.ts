import { z } from "zod";
import { SubscriptionStatusSchema } from "../enums.ts";
import { Count, DateTime, Id } from "./fields.ts";
import { SubscriptionPolicy } from "./subscription-package.ts";

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
 * `startDateUTC` on reservations; both are kept as written. Beyond the spec: the package's id and
 * the policy in force, for the page that lists what the plan includes.
 */
export const CurrentSubscription = z
  .object({
    ...summaryShape,
    /** Active now: status Active and now within the dates. */
    isActive: z.boolean(),
    /** Whole days left, rounded up (0 once over). */
    daysRemaining: Count,
    packageId: Id,
    policy: SubscriptionPolicy,
    /**
     * A paid plan bought during the trial: its first days, until this moment, are the trial's
     * days kept in full (kept day for day on a change of package); null when none.
     */
    trialKeptUntilUtc: DateTime.nullable().default(null),
  })
  .meta({ id: "CurrentSubscription" });
export type CurrentSubscription = z.infer<typeof CurrentSubscription>;
