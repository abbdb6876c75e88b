import { planChange, toPurchasePeriod } from "@shared/billing/plan-change.ts";
import type { CurrentSubscription } from "@shared/schemas/current-subscription.ts";
import type { PurchasePeriod } from "@shared/schemas/purchase-request.ts";
import type { SubscriptionPackage } from "@shared/schemas/subscription-package.ts";

const cents = (euros: number) => Math.round(euros * 100);

/**
 * What buying `months` of `pkg` would give the host now, worked out in the browser by the same
 * rule the API applies (shared/billing/plan-change.ts), for the choice before ordering.
 * Undefined when the plan in force is a package no longer on sale (its price is not listed); the
 * payment page then shows the API's own preview.
 */
export function expectedPeriod(
  current: CurrentSubscription | null,
  packages: SubscriptionPackage[],
  pkg: SubscriptionPackage,
  months: number,
  now = new Date(),
): PurchasePeriod | undefined {
  const currentPackage = current && packages.find((item) => item.id === current.packageId);
  if (current?.isActive && !currentPackage) return undefined;
  const plan = current && currentPackage
    ? {
      packageId: currentPackage.id,
      packageName: current.packageName,
      basePriceCents: cents(currentPackage.basePrice),
      endAt: new Date(current.endDateUtc),
      isTrial: current.isTrial,
      inForce: current.isActive,
      trialKeptUntil: current.trialKeptUntilUtc ? new Date(current.trialKeptUntilUtc) : null,
    }
    : null;
  const change = planChange(plan, {
    packageId: pkg.id,
    packageName: pkg.name,
    basePriceCents: cents(pkg.basePrice),
    months,
  }, now);
  return toPurchasePeriod(change);
}
