import { z } from "zod";
import { PurchaseRequestStatusSchema } from "../enums.ts";
import { CurrentSubscription } from "./current-subscription.ts";
import { Id, SelectedId, wholeNumber } from "./fields.ts";

/**
 * Bodies of the administrators' subscription calls (the spec shows none). Each answers the
 * host's subscription as it stands afterwards.
 */

/** POST /Subscriptions/markAsPaid: the money of a pending (or expired) request has arrived. */
export const MarkAsPaidRequest = z
  .object({ purchaseRequestId: SelectedId })
  .meta({ id: "MarkAsPaidRequest" });
export type MarkAsPaidRequest = z.infer<typeof MarkAsPaidRequest>;

/** POST /Subscriptions/assign: give a host a package without a payment (recorded at price 0). */
export const AssignSubscriptionRequest = z
  .object({
    userId: SelectedId,
    packageId: SelectedId,
    /** Months. */
    subscriptionLength: wholeNumber(1, 120),
  })
  .meta({ id: "AssignSubscriptionRequest" });
export type AssignSubscriptionRequest = z.infer<typeof AssignSubscriptionRequest>;

/** POST /Subscriptions/assignTrial: a (new) trial from now; Pro for 3 months unless told. */
export const AssignTrialRequest = z
  .object({
    userId: SelectedId,
    packageId: SelectedId.optional(),
    /** Months; 3 by default. */
    subscriptionLength: wholeNumber(1, 12).optional(),
  })
  .meta({ id: "AssignTrialRequest" });
export type AssignTrialRequest = z.infer<typeof AssignTrialRequest>;

/** What the three calls answer. */
export const SubscriptionChangeResult = z
  .object({
    purchaseRequestId: Id,
    purchaseRequestStatus: PurchaseRequestStatusSchema,
    /** Set by markAsPaid. */
    receiptId: Id.nullable(),
    receiptNumber: z.string().nullable(),
    subscription: CurrentSubscription,
  })
  .meta({ id: "SubscriptionChangeResult" });
export type SubscriptionChangeResult = z.infer<typeof SubscriptionChangeResult>;
