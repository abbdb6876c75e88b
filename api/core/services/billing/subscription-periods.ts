import { eq } from "drizzle-orm";
import { SubscriptionStatus } from "@shared/enums.ts";
import type { DbOrTx } from "../../db/client.ts";
import { subscriptions } from "../../db/schema/billing.ts";
import { isInForce, TRIAL_MONTHS, TRIAL_PACKAGE_ID } from "../plans/plan-policy.ts";

/**
 * `months` calendar months after `from` (UTC), the day clamped to the month's last: 31 January
 * plus one month is 28 (or 29) February, not 3 March.
 */
export function addMonths(from: Date, months: number): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(
    year,
    month,
    Math.min(from.getUTCDate(), lastDay),
    from.getUTCHours(),
    from.getUTCMinutes(),
    from.getUTCSeconds(),
    from.getUTCMilliseconds(),
  ));
}

/**
 * Puts a host on `packageId` for `months` more months (a payment or an administrator's
 * assignment). A subscription still in force is extended from its current end (the host loses
 * no day they had, trial days included) and switches to the new package at once; the start date
 * moves to now when the package or the kind (trial → paid) changes. Otherwise it starts now.
 */
export async function extendSubscription(
  tx: DbOrTx,
  { userId, packageId, months, now }: {
    userId: string;
    packageId: string;
    months: number;
    now: Date;
  },
): Promise<{ startAt: Date; endAt: Date; paidFrom: Date }> {
  const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const running = current && isInForce(current, now);
  const continues = running && current.packageId === packageId && !current.isTrial;
  const startAt = continues ? current.startAt : now;
  const paidFrom = running ? current.endAt : now;
  const endAt = addMonths(paidFrom, months);
  await upsert(tx, { userId, packageId, startAt, endAt, isTrial: false, now });
  return { startAt, endAt, paidFrom };
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
  await upsert(tx, { userId, packageId, startAt: now, endAt, isTrial: true, now });
  return { startAt: now, endAt };
}

async function upsert(
  tx: DbOrTx,
  { userId, packageId, startAt, endAt, isTrial, now }: {
    userId: string;
    packageId: string;
    startAt: Date;
    endAt: Date;
    isTrial: boolean;
    now: Date;
  },
) {
  const values = { packageId, startAt, endAt, isTrial, status: SubscriptionStatus.Active };
  await tx.insert(subscriptions)
    .values({ id: crypto.randomUUID(), userId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, updatedAt: now } });
}
