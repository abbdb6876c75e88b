import { z } from "zod";
import { PurchaseRequestStatusSchema } from "../enums.ts";
import { DateTime, Id, Money, SelectedId } from "./fields.ts";
import { queryWholeNumber } from "./list-query.ts";

/**
 * Purchase request (spec section 3): a host's order of a package, paid by bank transfer. `price`
 * is what is to be paid (euros, from whole cents); an administrator's assignment records 0.
 * Beyond the spec: `referenceCode` (the transfer's reference, to match a payment) and, once paid,
 * `paidAt` and the `receiptId`.
 */
export const PurchaseRequest = z
  .object({
    id: Id,
    userId: Id,
    userEmail: z.string(),
    subscriptionPackageId: Id,
    packageName: z.string(),
    /** Months. */
    subscriptionLength: z.number().int().positive(),
    price: Money,
    status: PurchaseRequestStatusSchema,
    created: DateTime,
    referenceCode: z.string(),
    paidAt: DateTime.nullable(),
    receiptId: Id.nullable(),
  })
  .meta({ id: "PurchaseRequest" });
export type PurchaseRequest = z.infer<typeof PurchaseRequest>;

/**
 * What a purchase does to the host's subscription (shared/billing/plan-change.ts, docs/product.md
 * "Plans and billing"), as if the payment were recorded at the time of asking: the bought package
 * is the host's from `startDateUtc`, the paid months run from `paidFromUtc` to `endDateUtc`.
 * `carriedOver` is the time left of the plan in force and what it becomes: the same days for the
 * same package ("extend"), converted by value at the packages' daily list prices for another
 * ("convert"), except trial days, which are kept day for day; null when nothing was in force
 * ("new").
 */
export const PurchasePeriod = z
  .object({
    kind: z.enum(["new", "extend", "convert"]),
    /** The package bought. */
    packageName: z.string(),
    startDateUtc: DateTime,
    paidFromUtc: DateTime,
    endDateUtc: DateTime,
    carriedOver: z.object({
      packageName: z.string(),
      isTrial: z.boolean(),
      /** The plan's end before the purchase. */
      currentEndDateUtc: DateTime,
      /** Its time left, in whole days (rounded). */
      remainingDays: z.number().int().nonnegative(),
      /**
       * Of those, the trial days kept day for day, never converted (all of a trial's; a paid
       * plan's own kept trial days), in whole days.
       */
      keptDays: z.number().int().nonnegative(),
      /** The same value as days of the bought package, kept trial days included (rounded). */
      convertedDays: z.number().int().nonnegative(),
    }).nullable(),
  })
  .meta({ id: "PurchasePeriod" });
export type PurchasePeriod = z.infer<typeof PurchasePeriod>;

/**
 * What the payment page shows before the host transfers the money. Euros from whole cents:
 * `price` is the base price per month, `totalPrice` = price × length (before the discount),
 * `discountAmount` what the period's discount saves, `finalPrice` = totalPrice − discountAmount,
 * the amount to transfer.
 */
const previewShape = {
  /** E.g. "Prijavko Pro, 12 mj." */
  purchaseName: z.string(),
  /** The bank transfer's reference ("poziv na broj"), by which a payment is matched to a request. */
  referenceCode: z.string(),
  status: PurchaseRequestStatusSchema,
  /** Months. */
  length: z.number().int().positive(),
  /** Euro per month, before the discount. */
  price: Money,
  totalPrice: Money,
  discountPercent: z.number().min(0).max(100),
  discountAmount: Money,
  finalPrice: Money,
  /**
   * Beyond the spec: what paying does to the subscription, computed now (the time left shrinks
   * until the payment is recorded, so the dates move with it). Null once the request is no
   * longer pending.
   */
  resultingPeriod: PurchasePeriod.nullable(),
};
export const PurchasePreview = z.object(previewShape).meta({ id: "PurchasePreview" });
export type PurchasePreview = z.infer<typeof PurchasePreview>;

/** Query of GET /Subscriptions/createPurchaseRequest. */
export const CreatePurchaseRequestQuery = z
  .object({ packageId: SelectedId, subscriptionLength: queryWholeNumber(1, 120) })
  .meta({ id: "CreatePurchaseRequestQuery" });
export type CreatePurchaseRequestQuery = z.infer<typeof CreatePurchaseRequestQuery>;

/** The new (or the same still pending) request's id with its preview, flat. */
export const CreatePurchaseRequestResult = z
  .object({ purchaseRequestId: Id, ...previewShape })
  .meta({ id: "CreatePurchaseRequestResult" });
export type CreatePurchaseRequestResult = z.infer<typeof CreatePurchaseRequestResult>;
