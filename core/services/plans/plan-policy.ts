import { eq } from "drizzle-orm";
import { SubscriptionStatus } from "@shared/enums.ts";
import type { CurrentSubscription } from "@shared/schemas/current-subscription.ts";
import { SubscriptionPolicy } from "@shared/schemas/subscription-package.ts";
import type { DbOrTx } from "../../db/client.ts";
import { subscriptionPackages, subscriptions } from "../../db/schema/billing.ts";
import { AppError } from "../../errors.ts";

/** Every new host starts with the free trial: spec section 9's "first 3 months free", Pro's limits. */
export const TRIAL_PACKAGE_ID = "pro";
export const TRIAL_MONTHS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

type SubscriptionRow = typeof subscriptions.$inferSelect;
type PackageRow = typeof subscriptionPackages.$inferSelect;

/** A user's subscription with its package, or undefined for a user without one. */
export async function subscriptionOf(
  db: DbOrTx,
  userId: string,
): Promise<{ subscription: SubscriptionRow; pkg: PackageRow } | undefined> {
  const [row] = await db.select().from(subscriptions)
    .innerJoin(subscriptionPackages, eq(subscriptionPackages.id, subscriptions.packageId))
    .where(eq(subscriptions.userId, userId));
  return row && { subscription: row.subscriptions, pkg: row.subscription_packages };
}

/**
 * In force: Active and before its end. The daily job only catches the status up. (The start is
 * not compared: nothing starts in the future, and a clock set back must not lock a host out.)
 */
export function isInForce(subscription: SubscriptionRow, now: Date): boolean {
  return subscription.status === SubscriptionStatus.Active &&
    now.getTime() < subscription.endAt.getTime();
}

/** A stored policy as the schema reads it (a field added later gets its default). */
export function policyOf(pkg: PackageRow): SubscriptionPolicy {
  return SubscriptionPolicy.parse(pkg.policy);
}

/** The subscription as GET /Subscriptions/current answers it. */
export function toCurrentSubscription(
  { subscription, pkg }: { subscription: SubscriptionRow; pkg: PackageRow },
  now: Date,
): CurrentSubscription {
  const active = isInForce(subscription, now);
  const endsIn = subscription.endAt.getTime() - now.getTime();
  // An end that passed while the daily job has not run yet already reads Expired.
  const status = subscription.status === SubscriptionStatus.Active && endsIn <= 0
    ? SubscriptionStatus.Expired
    : subscription.status as CurrentSubscription["status"];
  return {
    id: subscription.id,
    packageId: pkg.id,
    packageName: pkg.name,
    startDateUtc: subscription.startAt.toISOString(),
    endDateUtc: subscription.endAt.toISOString(),
    status,
    isTrial: subscription.isTrial,
    isActive: active,
    daysRemaining: active ? Math.ceil(endsIn / DAY_MS) : 0,
    policy: policyOf(pkg),
    trialKeptUntilUtc: subscription.trialKeptUntil?.toISOString() ?? null,
  };
}

/**
 * The policy of the plan a host is on, for new work (an account, a unit, a stay): refused with
 * SubscriptionNotFound without a subscription and SubscriptionExpired once it is over. What
 * exists keeps working without one: reading data, guests checking in to existing stays.
 */
export async function requireActivePlan(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<SubscriptionPolicy> {
  const found = await subscriptionOf(db, userId);
  if (!found || found.subscription.status === SubscriptionStatus.Cancelled) {
    throw new AppError("SubscriptionNotFound");
  }
  if (!isInForce(found.subscription, now)) throw new AppError("SubscriptionExpired");
  return policyOf(found.pkg);
}

/**
 * What a host's plan allows right now, for work done on their behalf in the background
 * (provisioning, calendar imports): the policy, and whether it is in force at all.
 */
export async function planPolicyOf(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<{ policy: SubscriptionPolicy; inForce: boolean } | undefined> {
  const found = await subscriptionOf(db, userId);
  return found && { policy: policyOf(found.pkg), inForce: isInForce(found.subscription, now) };
}
