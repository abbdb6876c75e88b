import { z } from "zod";
import { PurchaseRequestStatusSchema } from "../enums.ts";
import { DateTime, Id, Money, SelectedId } from "./fields.ts";
import { queryWholeNumber } from "./list-query.ts";

/** Purchase request (spec section 3): a host's order of a package, paid by bank transfer. */
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
  })
  .meta({ id: "PurchaseRequest" });
export type PurchaseRequest = z.infer<typeof PurchaseRequest>;

/** What the payment page shows before the host transfers the money. */
export const PurchasePreview = z
  .object({
    purchaseName: z.string(),
    /** The bank transfer's reference ("poziv na broj"), by which a payment is matched to a request. */
    referenceCode: z.string(),
    status: PurchaseRequestStatusSchema,
    /** Months. */
    length: z.number().int().positive(),
    /** Euro per month. */
    price: Money,
    totalPrice: Money,
    discountPercent: z.number().min(0).max(100),
    discountAmount: Money,
    finalPrice: Money,
  })
  .meta({ id: "PurchasePreview" });
export type PurchasePreview = z.infer<typeof PurchasePreview>;

/** Query of GET /Subscriptions/createPurchaseRequest. */
export const CreatePurchaseRequestQuery = z
  .object({ packageId: SelectedId, subscriptionLength: queryWholeNumber(1, 120) })
  .meta({ id: "CreatePurchaseRequestQuery" });
export type CreatePurchaseRequestQuery = z.infer<typeof CreatePurchaseRequestQuery>;

export const CreatePurchaseRequestResult = z
  .object({ purchaseRequestId: Id })
  .meta({ id: "CreatePurchaseRequestResult" });
export type CreatePurchaseRequestResult = z.infer<typeof CreatePurchaseRequestResult>;
