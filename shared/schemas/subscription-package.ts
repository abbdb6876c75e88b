import { z } from "zod";
import { Count, Id, Money } from "./fields.ts";

/**
 * One purchasable length of a package; longer periods carry a discount. Amounts are euros with
 * two decimals, computed from whole cents (shared/billing/money.ts): `price` is the discounted
 * euro per month, `totalPrice` what the whole period costs (price × length), `totalDiscount` what
 * it saves against the base price × length.
 */
export const SubscriptionPeriod = z
  .object({
    /** Months. */
    length: z.number().int().positive(),
    /** Euro per month after the discount. */
    price: Money,
    totalPrice: Money,
    discountPercent: z.number().min(0).max(100),
    totalDiscount: Money,
  })
  .meta({ id: "SubscriptionPeriod" });
export type SubscriptionPeriod = z.infer<typeof SubscriptionPeriod>;

/** A limit of a plan; null means unlimited (Premium's properties, for one). */
const Limit = Count.nullable();

/**
 * What a plan allows (Basic: 1 property and 1 eVisitor account; Pro: 5; Premium: unlimited).
 * `maxUnitsPerProperty` is ours, beyond the spec's list: spec section 9 gives only Pro and Premium
 * several units per property, so Basic has 1 (null: unlimited, also when a stored policy lacks it).
 * `maxBookingsPerMonth` counts stays (not blocks) by their arrival month.
 */
export const SubscriptionPolicy = z
  .object({
    maxExternalAccounts: Limit,
    maxProperties: Limit,
    allowBulkImport: z.boolean(),
    allowDataExport: z.boolean(),
    allowApiAccess: z.boolean(),
    maxUsersPerProperty: Limit,
    maxBookingsPerMonth: Limit,
    maxUnitsPerProperty: Limit.default(null),
  })
  .meta({ id: "SubscriptionPolicy" });
export type SubscriptionPolicy = z.infer<typeof SubscriptionPolicy>;

/** Subscription package (spec section 3): Basic, Pro or Premium. */
export const SubscriptionPackage = z
  .object({
    id: Id,
    name: z.string(),
    description: z.string(),
    /** Euro per month without a discount. */
    basePrice: Money,
    availablePeriods: z.array(SubscriptionPeriod),
    policy: SubscriptionPolicy,
  })
  .meta({ id: "SubscriptionPackage" });
export type SubscriptionPackage = z.infer<typeof SubscriptionPackage>;
