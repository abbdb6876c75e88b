import { eq } from "drizzle-orm";
import { SubscriptionStatus } from "@shared/enums.ts";
import type { DbOrTx } from "../../db/client.ts";
import { subscriptions } from "../../db/schema/billing.ts";
import { addMonths, type PlanChange, planChange } from "@shared/billing/plan-change.ts";
import { isInForce, subscriptionOf, TRIAL_MONTHS, TRIAL_PACKAGE_ID } from "../plans/plan-policy.ts";
import { findPackage } from "./packages.ts";
import { NOTIFICATION_TEMPLATES } from "@shared/notification-templates.ts";
import { suspendedMembersOf } from "../access/property-access.ts";
import { createNotification } from "../notifications/create-notification.ts";

export { addMonths };

/**
 * What buying `months` of `packageId` gives the host at `now` (shared/billing/plan-change.ts):
 * nothing in force, from now; the same package, from its end; another package, its time left
 * converted by value at the daily list prices, then the paid months. A trial's days left are
 * kept in full, and stay kept day for day on later changes (`trialKeptUntil`).
 */
export async function purchaseOutcome(
  db: DbOrTx,
  { userId, packageId, months, now }: {
    userId: string;
    packageId: string;
    months: number;
    now: Date;
  },
): Promise<PlanChange> {
  const [found, pkg] = await Promise.all([
    subscriptionOf(db, userId),
    findPackage(db, packageId),
  ]);
  const current = found && {
    packageId: found.pkg.id,
    packageName: found.pkg.name,
    basePriceCents: found.pkg.basePriceCents,
    endAt: found.subscription.endAt,
    isTrial: found.subscription.isTrial,
    inForce: isInForce(found.subscription, now),
    trialKeptUntil: found.subscription.trialKeptUntil,
  };
  return planChange(current, {
    packageId: pkg.id,
    packageName: pkg.name,
    basePriceCents: pkg.basePriceCents,
    months,
  }, now);
}

/**
 * Puts a host on `packageId` for `months` more months (a payment or an administrator's
 * assignment) by the rule of `purchaseOutcome`. The start date stays while the same paid
 * package continues and moves to now when the package or the kind (trial → paid) changes.
 * Run inside the caller's (immediate) transaction: the plan read here is the plan written, so two
 * payments recorded at once cannot both keep the same trial days.
 */
export async function extendSubscription(
  tx: DbOrTx,
  { userId, packageId, months, now }: {
    userId: string;
    packageId: string;
    months: number;
    now: Date;
  },
): Promise<PlanChange> {
  const change = await purchaseOutcome(tx, { userId, packageId, months, now });
  const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const continues = change.kind === "extend" && current && !current.isTrial;
  const startAt = continues ? current.startAt : now;
  await upsert(tx, {
    userId,
    packageId,
    startAt,
    endAt: change.endAt,
    isTrial: false,
    trialKeptUntil: change.trialKeptUntil,
    now,
  });
  return { ...change, startAt };
}

/**
 * A trial from now for `months` months: at registration (Pro, 3 months) and when an
 * administrator assigns one. Replaces whatever the host had; the caller refuses to replace a
 * paid subscription in force.
 */
export async function startTrial(
  tx: DbOrTx,
  { userId, now, packageId = TRIAL_PACKAGE_ID, months = TRIAL_MONTHS }: {
    userId: string;
    now: Date;
    packageId?: string;
    months?: number;
  },
): Promise<{ startAt: Date; endAt: Date }> {
  const endAt = addMonths(now, months);
  await upsert(tx, {
    userId,
    packageId,
    startAt: now,
    endAt,
    isTrial: true,
    trialKeptUntil: null,
    now,
  });
  return { startAt: now, endAt };
}

async function upsert(
  tx: DbOrTx,
  { userId, packageId, startAt, endAt, isTrial, trialKeptUntil, now }: {
    userId: string;
    packageId: string;
    startAt: Date;
    endAt: Date;
    isTrial: boolean;
    trialKeptUntil: Date | null;
    now: Date;
  },
) {
  const values = {
    packageId,
    startAt,
    endAt,
    isTrial,
    trialKeptUntil,
    status: SubscriptionStatus.Active,
  };
  const suspendedBefore = await suspendedMembersOf(tx, userId);
  await tx.insert(subscriptions)
    .values({ id: crypto.randomUUID(), userId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, updatedAt: now } });
  // A smaller plan may leave team members beyond its users per property (issue 30, N6): they
  // lose access until it has room, and the owner is told, in the app and by e-mail.
  const suspended = await suspendedMembersOf(tx, userId);
  if (suspended > suspendedBefore) {
    await createNotification(tx, userId, NOTIFICATION_TEMPLATES.planLimitReached, {
      dedupeKey: `members-suspended:${userId}:${now.getTime()}`,
      placeholders: { limit: "maxUsersPerProperty", count: String(suspended) },
      now,
    });
  }
}
