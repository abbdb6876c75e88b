import type {
  SubscriptionPackage,
  SubscriptionPeriod,
  SubscriptionPolicy,
} from "../schemas/subscription-package.ts";
import { eurosOf, periodPrice } from "./money.ts";

/** A purchasable length of a package: months and the discount off the monthly price. */
export interface PackagePeriod {
  months: number;
  /** Whole percent, 0–100. */
  discountPercent: number;
}

/** A package as stored: prices in whole cents, periods as months with their discount. */
export interface PackageData {
  id: string;
  name: string;
  description: string;
  basePriceCents: number;
  periods: PackagePeriod[];
  policy: SubscriptionPolicy;
}

/** A package's periods as sold, shortest first, each priced from cents (shared/billing/money.ts). */
export function availablePeriodsOf(
  basePriceCents: number,
  periods: readonly PackagePeriod[],
): SubscriptionPeriod[] {
  return [...periods].sort((a, b) => a.months - b.months).map((period) => {
    const price = periodPrice(basePriceCents, period.months, period.discountPercent);
    return {
      length: price.months,
      price: eurosOf(price.monthlyCents),
      totalPrice: eurosOf(price.totalCents),
      discountPercent: price.discountPercent,
      totalDiscount: eurosOf(price.discountCents),
    };
  });
}

/** A package as the API answers it and the site shows it: euros computed from its cents. */
export function toSubscriptionPackage(data: PackageData): SubscriptionPackage {
  return {
    id: data.id,
    name: data.name,
    description: data.description,
    basePrice: eurosOf(data.basePriceCents),
    availablePeriods: availablePeriodsOf(data.basePriceCents, data.periods),
    policy: data.policy,
  };
}
